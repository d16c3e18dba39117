/**
 * The browser socket's bookkeeping (docs/decisions/033), pure so it is tested with an injected clock: which
 * events were already handled, where a catch-up resumes from, and when a silent socket counts as dead.
 * Reconnect delays are core/rules/chat.ts's reconnectDelayMs.
 */
import type { ServerSocketMessage, SocketEvent } from '../contracts/realtime';

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
