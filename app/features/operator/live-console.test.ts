/**
 * The console's live state (ADR 041): what chat events change over the page's loader data, with no loader run.
 */
import type { SocketEvent } from '@core/contracts/realtime';
import type { ChatMessage, ConversationSummary } from '@core/contracts/support';
import { describe, expect, it } from 'vitest';
import {
  type LiveChat,
  liveConversations,
  liveMessages,
  liveSummary,
  NO_LIVE_CHAT,
  newerOf,
  newestUnreadOfCustomer,
  withEvent,
} from './live-console';

const T = (minute: number) => new Date(Date.UTC(2026, 0, 12, 6, minute)).toISOString();

const message = (seq: number, author: 'customer' | 'operator', minute: number): ChatMessage => ({
  _id: `m${seq}`,
  seq,
  conversation: 'c1',
  author,
  text: `text ${seq}`,
  image: null,
  order: null,
  created_at: T(minute),
  read_at: null,
  state: 'sent',
});

const summary = (
  id: string,
  minute: number,
  values: Partial<ConversationSummary> = {},
): ConversationSummary => ({
  _id: id,
  status: 'open',
  customer: { _id: `u-${id}`, name: id },
  last_message: null,
  last_message_at: T(minute),
  unread: 0,
  ...values,
});

const events = (...list: SocketEvent[]): LiveChat => list.reduce(withEvent, NO_LIVE_CHAT);

describe('the console’s live chat', () => {
  it('answers the newer of the loader’s and the keyed fetcher’s data', () => {
    const loaded = { loadedAt: T(5), n: 1 };
    expect(newerOf(loaded, undefined)).toBe(loaded);
    expect(newerOf(loaded, { loadedAt: T(4), n: 2 })).toBe(loaded);
    expect(newerOf(loaded, { loadedAt: T(6), n: 3 })).toEqual({ loadedAt: T(6), n: 3 });
  });

  it('puts a conversation’s event summary over the list: updated, added, dropped when closed, newest first', () => {
    const loaded = [summary('a', 3, { unread: 1 }), summary('b', 2)];
    const live = events(
      { type: 'chat.conversation', conversation: summary('a', 3, { unread: 0 }), at: T(10) },
      { type: 'chat.conversation', conversation: summary('c', 11, { unread: 1 }), at: T(11) },
      { type: 'chat.conversation', conversation: summary('b', 2, { status: 'closed' }), at: T(12) },
    );
    expect(liveConversations(loaded, 'open', T(9), live).map((item) => [item._id, item.unread])).toEqual([
      ['c', 1],
      ['a', 0],
    ]);
    // The closed list gains the one that was closed.
    expect(liveConversations([], 'closed', T(9), live).map((item) => item._id)).toEqual(['b']);
    // Events older than the loader's answer are in it already.
    expect(liveConversations(loaded, 'open', T(20), live)).toEqual(loaded);
  });

  it('describes a conversation by its last event when that is not older than the loader’s answer', () => {
    const loaded = summary('a', 3);
    const live = events({
      type: 'chat.conversation',
      conversation: summary('a', 3, { status: 'closed' }),
      at: T(10),
    });
    expect(liveSummary(loaded, T(9), live).status).toBe('closed');
    expect(liveSummary(loaded, T(11), live)).toBe(loaded);
    expect(liveSummary(summary('b', 1), T(1), live).status).toBe('open');
  });

  it('keeps the later of two summaries of one conversation, whatever order they come in', () => {
    const live = events(
      { type: 'chat.conversation', conversation: summary('a', 3, { unread: 0 }), at: T(12) },
      { type: 'chat.conversation', conversation: summary('a', 3, { unread: 1 }), at: T(11) },
    );
    expect(liveConversations([], 'open', T(1), live)[0]?.unread).toBe(0);
  });

  it('adds the messages that came after the loader’s page, once, on the newest page only', () => {
    const loaded = [message(1, 'customer', 1), message(2, 'operator', 2)];
    const third = message(3, 'customer', 3);
    const live = events(
      { type: 'chat.message', conversation: 'c1', message: third, at: third.created_at },
      { type: 'chat.message', conversation: 'c1', message: third, at: third.created_at },
      { type: 'chat.message', conversation: 'c1', message: loaded[1] as ChatMessage, at: T(2) },
      { type: 'chat.message', conversation: 'c2', message: message(9, 'customer', 4), at: T(4) },
    );
    expect(liveMessages('c1', loaded, true, live).map((item) => item._id)).toEqual(['m1', 'm2', 'm3']);
    expect(liveMessages('c1', loaded, false, live).map((item) => item._id)).toEqual(['m1', 'm2']);
  });

  it('marks each side’s messages read up to the other side’s latest read mark', () => {
    const loaded = [message(1, 'customer', 1), message(2, 'operator', 2), message(3, 'operator', 5)];
    const live = events(
      { type: 'chat.read', conversation: 'c1', reader: 'customer', at: T(3) },
      { type: 'chat.read', conversation: 'c1', reader: 'customer', at: T(2) },
      { type: 'chat.read', conversation: 'c1', reader: 'operator', at: T(1) },
    );
    expect(
      liveMessages('c1', loaded, true, live).map((item) => [item._id, item.state, item.read_at]),
    ).toEqual([
      ['m1', 'read', T(1)],
      ['m2', 'read', T(3)],
      ['m3', 'sent', null],
    ]);
  });

  it('finds the newest message of the customer’s that is unread', () => {
    expect(newestUnreadOfCustomer([message(1, 'customer', 1), message(2, 'operator', 2)])).toBe('m1');
    expect(
      newestUnreadOfCustomer([{ ...message(1, 'customer', 1), state: 'read' }, message(2, 'operator', 2)]),
    ).toBeUndefined();
  });
});
