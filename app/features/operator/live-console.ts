/**
 * The console's live state (ADR 041), pure: what the socket's chat events change, kept beside the page's own
 * loader data and applied over it. The events carry what changed — a conversation's summary, a message, a
 * read mark — so a customer's message costs the console no loader run at all; the page's data is loaded
 * again only by its own keyed fetcher (an order moved, the socket back), never the root or the layout.
 */
import type { SocketEvent } from '@core/contracts/realtime';
import type { ChatMessage, ConversationSummary } from '@core/contracts/support';
import type { ConversationStatusFilter } from './operator-links';

/** What the console's page loaders answer along with their data: when they read it (server time, ISO). */
export type Loaded = { loadedAt: string };

/** The newer of two answers of the same loader (the page's own and its keyed fetcher's). */
export function newerOf<T extends Loaded>(loaded: T, fetched: T | undefined): T {
  return fetched && Date.parse(fetched.loadedAt) > Date.parse(loaded.loadedAt) ? fetched : loaded;
}

export type LiveChat = {
  /** The last summary of each conversation from a `chat.conversation` event, with the event's time. */
  summaries: ReadonlyMap<string, { summary: ConversationSummary; at: string }>;
  /** Messages from `chat.message` events, by conversation. */
  messages: ReadonlyMap<string, readonly ChatMessage[]>;
  /** The latest read mark of each side, by conversation: that side has read the other's messages up to it. */
  reads: ReadonlyMap<string, { customer?: string; operator?: string }>;
};

export const NO_LIVE_CHAT: LiveChat = { summaries: new Map(), messages: new Map(), reads: new Map() };

/** Messages kept per conversation from events (older ones are in the loader's page by then). */
const KEPT_MESSAGES = 200;

const later = (a: string | undefined, b: string): string => (a && Date.parse(a) >= Date.parse(b) ? a : b);

/** The state after a chat event; any other event leaves it as it is. */
export function withEvent(live: LiveChat, event: SocketEvent): LiveChat {
  switch (event.type) {
    case 'chat.conversation': {
      const current = live.summaries.get(event.conversation._id);
      if (current && Date.parse(current.at) > Date.parse(event.at)) return live;
      const summaries = new Map(live.summaries);
      summaries.set(event.conversation._id, { summary: event.conversation, at: event.at });
      return { ...live, summaries };
    }
    case 'chat.message': {
      const current = live.messages.get(event.conversation) ?? [];
      if (current.some((message) => message._id === event.message._id)) return live;
      const messages = new Map(live.messages);
      messages.set(event.conversation, [...current, event.message].slice(-KEPT_MESSAGES));
      return { ...live, messages };
    }
    case 'chat.read': {
      const current = live.reads.get(event.conversation) ?? {};
      const reads = new Map(live.reads);
      reads.set(event.conversation, { ...current, [event.reader]: later(current[event.reader], event.at) });
      return { ...live, reads };
    }
    default:
      return live;
  }
}

/**
 * The list as it is now: the loader's, with each conversation whose event is not older than the loader's
 * answer replaced by the event's summary — added when it is new to the list, dropped when it no longer
 * matches the list's status — newest message first.
 */
export function liveConversations(
  loaded: readonly ConversationSummary[],
  status: ConversationStatusFilter,
  loadedAt: string,
  live: LiveChat,
): ConversationSummary[] {
  const since = Date.parse(loadedAt);
  const byId = new Map(loaded.map((summary) => [summary._id, summary]));
  let changed = false;
  for (const [id, { summary, at }] of live.summaries) {
    if (Date.parse(at) < since) continue;
    changed = true;
    if (summary.status === status) byId.set(id, summary);
    else byId.delete(id);
  }
  if (!changed) return [...loaded];
  return [...byId.values()].sort(
    (a, b) => Date.parse(b.last_message_at) - Date.parse(a.last_message_at) || b._id.localeCompare(a._id),
  );
}

/** A conversation as it is now: its last event's summary when that is not older than the loader's answer. */
export function liveSummary(
  loaded: ConversationSummary,
  loadedAt: string,
  live: LiveChat,
): ConversationSummary {
  const last = live.summaries.get(loaded._id);
  return last && Date.parse(last.at) >= Date.parse(loadedAt) ? last.summary : loaded;
}

/**
 * A conversation's messages as they are now: the loader's page, and — on the newest page — the messages
 * events brought after it, in order; each side's messages read up to the other side's latest read mark.
 */
export function liveMessages(
  conversationId: string,
  loaded: readonly ChatMessage[],
  isNewestPage: boolean,
  live: LiveChat,
): ChatMessage[] {
  const newestSeq = loaded.at(-1)?.seq ?? 0;
  const arrived = isNewestPage
    ? (live.messages.get(conversationId) ?? []).filter((message) => message.seq > newestSeq)
    : [];
  const messages = [...loaded, ...[...arrived].sort((a, b) => a.seq - b.seq)];
  const reads = live.reads.get(conversationId);
  if (!reads) return messages;
  return messages.map((message) => {
    // The operators' messages are read by the customer, the customer's by an operator.
    const mark = message.author === 'operator' ? reads.customer : reads.operator;
    if (message.state === 'read' || !mark || Date.parse(message.created_at) > Date.parse(mark))
      return message;
    return { ...message, state: 'read', read_at: mark };
  });
}

/** The newest message of the customer's that no operator has read: the console posts a read when it shows. */
export function newestUnreadOfCustomer(messages: readonly ChatMessage[]): string | undefined {
  return messages.findLast((message) => message.author === 'customer' && message.state === 'sent')?._id;
}
