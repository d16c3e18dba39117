/**
 * The /ws socket's messages, one JSON object per frame, shared by the server (server/http/websocket.ts) and the
 * browser (app/features/realtime/socket-client.ts). docs/decisions/027 describes the protocol, 033 the browser's
 * side:
 *
 * - The socket opens only for a live session (SPEC §7: `?token=…&group=user`, or the session cookie from our
 *   own pages); the server then sends `hello`.
 * - After every (re)connect the client sends `resume` with the server time of the last event it saw (or the
 *   time it loaded the page); the server answers `missed` with what reached the user since — notifications by
 *   the time they went out, chat messages by the time they were written, both from a little before `since`
 *   (server/http/websocket.ts CATCH_UP_OVERLAP_MS), at most CATCH_UP_MAX_MS back — then `badges`.
 * - Events carry ids: the client ignores one it has already seen, so a repeat is harmless.
 * - Frames are small (SOCKET_MAX_FRAME_BYTES) and rationed per socket (core/rules/socket-limits.ts): the first
 *   one over the ration gets an `error` saying to slow down, more close the socket (4029). A session that ends
 *   in any way closes its sockets (4001); docs/decisions/035.
 */
import { BadgeCountsSchema, NotificationSchema } from './notifications';
import { OrderStatusSchema } from './orders';
import { ChatAuthorSchema, ChatMessageSchema, ConversationSummarySchema, RoleSchema } from './support';
import { z } from './z';

/** What a client may send. */
export const ClientSocketMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  /** Missed events since this server time (ISO), e.g. the `at` of the last event seen. */
  z.object({ type: z.literal('resume'), since: z.iso.datetime({ offset: true }) }),
  /** The sender is typing in a conversation (a customer: their own; an operator: the one named). */
  z.object({ type: z.literal('typing'), conversation: z.uuid().optional() }),
]);
export type ClientSocketMessage = z.infer<typeof ClientSocketMessageSchema>;

/** Chat events name their conversation; a customer has one. */
const chatEvent = { conversation: z.string() };

/** What the server sends. Every event but `hello`, `pong` and `error` carries `at`, the server time it happened. */
export const ServerSocketMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), user: z.string(), role: RoleSchema, at: z.string() }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), message: z.string() }),
  z.object({ type: z.literal('notification'), notification: NotificationSchema, at: z.string() }),
  z.object({ type: z.literal('badges'), badges: BadgeCountsSchema, at: z.string() }),
  z.object({
    type: z.literal('order.status'),
    order: z.object({ number: z.number().int(), status: OrderStatusSchema }),
    at: z.string(),
  }),
  z.object({ type: z.literal('chat.message'), ...chatEvent, message: ChatMessageSchema, at: z.string() }),
  z.object({
    type: z.literal('chat.typing'),
    ...chatEvent,
    author: ChatAuthorSchema,
    /** Typing stops by itself after this long unless repeated (core/rules/chat.ts TYPING_TTL_MS). */
    ttl_ms: z.number().int(),
    at: z.string(),
  }),
  /** The reader's side has read every message of the other side up to `at`. */
  z.object({ type: z.literal('chat.read'), ...chatEvent, reader: ChatAuthorSchema, at: z.string() }),
  /** Operators of the order's shop: an order was placed or changed its status (the board loads again). */
  z.object({
    type: z.literal('order.board'),
    order: z.object({ number: z.number().int(), status: OrderStatusSchema }),
    store: z.string(),
    at: z.string(),
  }),
  /** Operators: a conversation changed (new message, read, closed). */
  z.object({ type: z.literal('chat.conversation'), conversation: ConversationSummarySchema, at: z.string() }),
  /**
   * The answer to `resume`: notifications and chat messages since `since` (with the overlap), oldest first.
   * `is_partial`: `since` was further back than a catch-up reads (CATCH_UP_MAX_MS); what is older is not in
   * it, and the page loads its data again instead (absent from servers before it was added: false).
   */
  z.object({
    type: z.literal('missed'),
    since: z.string(),
    notifications: z.array(NotificationSchema),
    messages: z.array(ChatMessageSchema),
    is_partial: z.boolean().optional(),
    at: z.string(),
  }),
]);
export type ServerSocketMessage = z.infer<typeof ServerSocketMessageSchema>;
/** An event that may cross processes (everything but the per-socket answers). */
export type SocketEvent = Exclude<ServerSocketMessage, { type: 'hello' | 'pong' | 'error' | 'missed' }>;

export const SOCKET_PATH = '/ws';
/**
 * The close code of a socket whose session ended (logout anywhere, expiry, the session deleted): the client does
 * not reconnect.
 */
export const SOCKET_CLOSE_SESSION_ENDED = 4001;
/**
 * The close code of a socket whose user's access changed (an operator's role or shops): the client reconnects
 * as usual and the new greeting tells the new role.
 */
export const SOCKET_CLOSE_ACCESS_CHANGED = 4003;
/**
 * The close code of a socket that sent more frames than its limits allow (core/rules/socket-limits.ts): the
 * client reconnects only after a long backoff (core/rules/realtime.ts reconnectAttemptAfter).
 */
export const SOCKET_CLOSE_TOO_MANY = 4029;
/** RFC 6455 1009 "message too big": a frame over SOCKET_MAX_FRAME_BYTES (the ws library closes with it). */
export const SOCKET_CLOSE_TOO_BIG = 1009;
/** The largest frame a client may send; ours are under 100 bytes (a resume with its time is the longest). */
export const SOCKET_MAX_FRAME_BYTES = 1024;
/** The `error` answer to the first frame over the limits; the socket closes (4029) if they keep coming. */
export const SOCKET_SLOW_DOWN_MESSAGE = 'Слишком много сообщений, подождите немного';
/** The reason of a 4029 close (at most 123 bytes: a close frame's limit). */
export const SOCKET_TOO_MANY_REASON = 'Слишком много сообщений';
/** The client's keep-alive ping (and the server's presence refresh and session check) interval. */
export const SOCKET_PING_INTERVAL_MS = 25_000;
/**
 * How far back a catch-up reads: a `resume` from longer ago answers from here, marked `is_partial` (the page
 * then loads its data again). Bounds the rows one resume reads whatever `since` it names.
 */
export const CATCH_UP_MAX_MS = 60 * 60 * 1000;
