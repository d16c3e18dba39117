/**
 * The browser socket's bookkeeping (docs/decisions/033), pure so it is tested with an injected clock: which
 * events were already handled, where a catch-up resumes from, and when a silent socket counts as dead.
 * Reconnect delays are core/rules/chat.ts's reconnectDelayMs.
 */
import {
  CATCH_UP_MAX_MS,
  type ServerSocketMessage,
  SOCKET_CLOSE_TOO_MANY,
  type SocketEvent,
} from '../contracts/realtime';

/** How many event ids the client remembers to drop repeats (a catch-up overlapping live events). */
export const SEEN_IDS_LIMIT = 500;

/** Silence for this many ping intervals means the connection is dead (a laptop lid, a lost network). */
export const STALE_AFTER_PINGS = 2;

/** Ids already handled, the oldest forgotten first once `limit` is reached. */
export type SeenIds = {
  /** Notes `id`; true the first time, false for a repeat. */
  add(id: string): boolean;
  has(id: string): boolean;
  readonly size: number;
};

export function createSeenIds(limit = SEEN_IDS_LIMIT): SeenIds {
  const max = Math.max(1, Math.floor(limit));
  // A Set iterates in insertion order: its first entry is the oldest.
  const ids = new Set<string>();
  return {
    add(id) {
      if (ids.has(id)) return false;
      ids.add(id);
      if (ids.size > max) {
        const oldest = ids.values().next().value;
        if (oldest !== undefined) ids.delete(oldest);
      }
      return true;
    },
    has: (id) => ids.has(id),
    get size() {
      return ids.size;
    },
  };
}

/**
 * What identifies an event for dropping repeats: a notification or a chat message by its id. State events
 * (badges, typing, read, order status) carry no id: applying one twice changes nothing.
 */
export function eventKey(event: SocketEvent): string | null {
  switch (event.type) {
    case 'notification':
      return `notification:${event.notification.id}`;
    case 'chat.message':
      return `chat.message:${event.message._id}`;
    default:
      return null;
  }
}

/** The events a `missed` answer stands for, oldest first, each stamped with its own time. */
export function expandMissed(missed: Extract<ServerSocketMessage, { type: 'missed' }>): SocketEvent[] {
  const notifications: SocketEvent[] = missed.notifications.map((notification) => ({
    type: 'notification',
    notification,
    at: notification.created_at,
  }));
  const messages: SocketEvent[] = missed.messages.map((message) => ({
    type: 'chat.message',
    conversation: message.conversation,
    message,
    at: message.created_at,
  }));
  return [...notifications, ...messages].sort((a, b) => timeOf(a.at) - timeOf(b.at));
}

function timeOf(at: string | null | undefined): number {
  if (!at) return Number.NaN;
  return Date.parse(at);
}

/**
 * The resume cursor after seeing an event stamped `at`: the latest server time seen so far. A missing or
 * unreadable time leaves it as it was; so does an older one (events of several processes interleave).
 */
export function laterCursor(cursor: string | null, at: string | null | undefined): string | null {
  const next = timeOf(at);
  if (Number.isNaN(next)) return cursor;
  const current = timeOf(cursor);
  return Number.isNaN(current) || next > current ? (at ?? cursor) : cursor;
}

/**
 * Whether an event stamped `at` happened before `since` (the server time the page was rendered): the page's
 * loader data holds it already. False when either time is missing or unreadable.
 */
export function isBefore(at: string | null | undefined, since: string | null | undefined): boolean {
  return timeOf(at) < timeOf(since);
}

/** Whether a socket silent since `lastMessageAt` is dead by now (it answers every ping with a pong). */
export function isSocketStale(lastMessageAt: number, now: number, pingIntervalMs: number): boolean {
  return now - lastMessageAt > STALE_AFTER_PINGS * pingIntervalMs;
}

/**
 * Where a catch-up from `since` starts reading at `nowMs`: `overlapMs` before `since` (events can overtake each
 * other on their way, ADR 027), but never more than CATCH_UP_MAX_MS back; `isPartial` when that cut it short.
 */
export function catchUpStart(
  since: string,
  nowMs: number,
  overlapMs: number,
  maxMs = CATCH_UP_MAX_MS,
): { fromMs: number; isPartial: boolean } {
  const wanted = Date.parse(since) - overlapMs;
  const earliest = nowMs - maxMs;
  return wanted < earliest ? { fromMs: earliest, isPartial: true } : { fromMs: wanted, isPartial: false };
}

/**
 * The backoff's exponent after the server closed the socket with 4029 (too many frames): at least this, so the
 * next try comes after about 16 s (core/rules/chat.ts reconnectDelayMs) instead of at once.
 */
export const THROTTLED_RECONNECT_ATTEMPT = 4;

/** The backoff's exponent for the retry after a close with `code`, `attempt` failures since a stable connection. */
export function reconnectAttemptAfter(code: number, attempt: number): number {
  return code === SOCKET_CLOSE_TOO_MANY ? Math.max(attempt, THROTTLED_RECONNECT_ATTEMPT) : attempt;
}
