import type { Notification } from '@core/contracts/notifications';
import type { ChatMessage } from '@core/contracts/support';
import { describe, expect, it } from 'vitest';
import { CATCH_UP_MAX_MS, SOCKET_CLOSE_SESSION_ENDED, SOCKET_CLOSE_TOO_MANY } from '../contracts/realtime';
import {
  catchUpStart,
  createSeenIds,
  eventKey,
  expandMissed,
  isBefore,
  isSocketStale,
  laterCursor,
  reconnectAttemptAfter,
  THROTTLED_RECONNECT_ATTEMPT,
} from './realtime';

const notification = (id: string, at: string): Notification => ({
  id,
  type: 'link_message',
  title: 'Заказ №7',
  content: 'Заказ №7 собирается',
  link: '/order/7',
  chat_id: null,
  is_read: false,
  is_closeble: true,
  created_at: at,
});

const message = (id: string, seq: number, at: string): ChatMessage => ({
  _id: id,
  seq,
  conversation: 'c1',
  author: 'operator',
  text: 'Здравствуйте',
  image: null,
  order: null,
  created_at: at,
  read_at: null,
  state: 'sent',
});

describe('createSeenIds', () => {
  it('says true the first time and false for a repeat', () => {
    const seen = createSeenIds();
    expect(seen.add('a')).toBe(true);
    expect(seen.add('a')).toBe(false);
    expect(seen.add('b')).toBe(true);
    expect(seen.has('a')).toBe(true);
    expect(seen.size).toBe(2);
  });

  it('forgets the oldest id once full, and only it', () => {
    const seen = createSeenIds(3);
    for (const id of ['a', 'b', 'c', 'd']) seen.add(id);
    expect(seen.size).toBe(3);
    expect(seen.has('a')).toBe(false);
    expect(['b', 'c', 'd'].every((id) => seen.has(id))).toBe(true);
    // A repeat does not refresh or evict anything.
    expect(seen.add('b')).toBe(false);
    expect(seen.has('b')).toBe(true);
    expect(seen.add('a')).toBe(true);
    expect(seen.has('b')).toBe(false);
  });

  it('keeps at least one id whatever the limit', () => {
    const seen = createSeenIds(0);
    seen.add('a');
    expect(seen.add('a')).toBe(false);
    seen.add('b');
    expect(seen.has('a')).toBe(false);
  });
});

describe('eventKey', () => {
  it('names notifications and chat messages by their ids, state events not at all', () => {
    const at = '2026-11-24T10:00:00.000Z';
    expect(eventKey({ type: 'notification', notification: notification('n1', at), at })).toBe(
      'notification:n1',
    );
    expect(eventKey({ type: 'chat.message', conversation: 'c1', message: message('m1', 1, at), at })).toBe(
      'chat.message:m1',
    );
    expect(eventKey({ type: 'badges', badges: { cabinet: 1, orders: 0 }, at })).toBeNull();
    expect(eventKey({ type: 'order.status', order: { number: 7, status: 'confirmed' }, at })).toBeNull();
  });
});

describe('expandMissed', () => {
  it('turns a catch-up into its events, oldest first, each at its own time', () => {
    const events = expandMissed({
      type: 'missed',
      since: '2026-11-24T09:00:00.000Z',
      notifications: [notification('n1', '2026-11-24T10:00:02.000Z')],
      messages: [message('m1', 4, '2026-11-24T10:00:01.000Z'), message('m2', 5, '2026-11-24T10:00:03.000Z')],
      at: '2026-11-24T10:05:00.000Z',
    });
    expect(events.map((event) => [event.type, event.at])).toEqual([
      ['chat.message', '2026-11-24T10:00:01.000Z'],
      ['notification', '2026-11-24T10:00:02.000Z'],
      ['chat.message', '2026-11-24T10:00:03.000Z'],
    ]);
    expect(events[0]).toMatchObject({ conversation: 'c1', message: { _id: 'm1' } });
  });
});

describe('isBefore', () => {
  it('is true only strictly before, comparing times, not text', () => {
    const since = '2026-11-24T10:00:00.000Z';
    expect(isBefore('2026-11-24T09:59:59.999Z', since)).toBe(true);
    expect(isBefore(since, since)).toBe(false);
    expect(isBefore('2026-11-24T10:00:00.001Z', since)).toBe(false);
    expect(isBefore('2026-11-24T12:59:59+03:00', since)).toBe(true);
    expect(isBefore('2026-11-24T13:00:01+03:00', since)).toBe(false);
  });

  it('is false when either time is missing or unreadable', () => {
    expect(isBefore(undefined, '2026-11-24T10:00:00.000Z')).toBe(false);
    expect(isBefore('2026-11-24T10:00:00.000Z', null)).toBe(false);
    expect(isBefore('soon', '2026-11-24T10:00:00.000Z')).toBe(false);
  });
});

describe('laterCursor', () => {
  it('moves forward only', () => {
    const first = laterCursor(null, '2026-11-24T10:00:00.000Z');
    expect(first).toBe('2026-11-24T10:00:00.000Z');
    expect(laterCursor(first, '2026-11-24T10:00:01.000Z')).toBe('2026-11-24T10:00:01.000Z');
    expect(laterCursor(first, '2026-11-24T09:59:59.999Z')).toBe(first);
    expect(laterCursor(first, first)).toBe(first);
  });

  it('compares times, not text (another offset)', () => {
    expect(laterCursor('2026-11-24T10:00:00.000Z', '2026-11-24T12:30:00+03:00')).toBe(
      '2026-11-24T10:00:00.000Z',
    );
    expect(laterCursor('2026-11-24T10:00:00.000Z', '2026-11-24T13:30:00+03:00')).toBe(
      '2026-11-24T13:30:00+03:00',
    );
  });

  it('ignores a missing or unreadable time, and replaces an unreadable cursor', () => {
    expect(laterCursor('2026-11-24T10:00:00.000Z', undefined)).toBe('2026-11-24T10:00:00.000Z');
    expect(laterCursor('2026-11-24T10:00:00.000Z', 'soon')).toBe('2026-11-24T10:00:00.000Z');
    expect(laterCursor(null, null)).toBeNull();
    expect(laterCursor('garbage', '2026-11-24T10:00:00.000Z')).toBe('2026-11-24T10:00:00.000Z');
  });
});

describe('isSocketStale', () => {
  it('is stale after two ping intervals of silence, not before', () => {
    expect(isSocketStale(1000, 1000 + 50_000, 25_000)).toBe(false);
    expect(isSocketStale(1000, 1000 + 50_001, 25_000)).toBe(true);
    expect(isSocketStale(1000, 1000, 25_000)).toBe(false);
  });
});

describe('catchUpStart', () => {
  const now = Date.parse('2026-11-24T10:00:00.000Z');

  it('starts the overlap before a recent cursor, whole', () => {
    expect(catchUpStart('2026-11-24T09:59:00.000Z', now, 2000)).toEqual({
      fromMs: now - 62_000,
      isPartial: false,
    });
    expect(catchUpStart(new Date(now - CATCH_UP_MAX_MS + 2000).toISOString(), now, 2000)).toEqual({
      fromMs: now - CATCH_UP_MAX_MS,
      isPartial: false,
    });
  });

  it('reads at most CATCH_UP_MAX_MS back, and says so', () => {
    expect(catchUpStart(new Date(now - CATCH_UP_MAX_MS + 1999).toISOString(), now, 2000)).toEqual({
      fromMs: now - CATCH_UP_MAX_MS,
      isPartial: true,
    });
    expect(catchUpStart('2000-01-01T00:00:00Z', now, 2000)).toEqual({
      fromMs: now - CATCH_UP_MAX_MS,
      isPartial: true,
    });
    expect(catchUpStart('2000-01-01T00:00:00Z', now, 2000, 1000)).toEqual({
      fromMs: now - 1000,
      isPartial: true,
    });
  });
});

describe('reconnectAttemptAfter', () => {
  it('waits long after a close for too many frames, as before after any other', () => {
    expect(reconnectAttemptAfter(SOCKET_CLOSE_TOO_MANY, 0)).toBe(THROTTLED_RECONNECT_ATTEMPT);
    expect(reconnectAttemptAfter(SOCKET_CLOSE_TOO_MANY, 7)).toBe(7);
    expect(reconnectAttemptAfter(1006, 0)).toBe(0);
    expect(reconnectAttemptAfter(SOCKET_CLOSE_SESSION_ENDED, 2)).toBe(2);
  });
});
