/** Support chat and notification limits shared by the forms, the API and the database (issue 15). */

/** Longest chat message, in characters. */
export const CHAT_TEXT_MAX_LENGTH = 2000;
/** Messages in one page of the chat history. */
export const CHAT_PAGE_SIZE = 30;
/** Most notifications one list answer carries (newest first). */
export const NOTIFICATION_LIST_LIMIT = 100;
/** How long a 'typing' signal lasts unless repeated. */
export const TYPING_TTL_MS = 5000;
/** A client repeats 'typing' at most this often while the person types. */
export const TYPING_REPEAT_MS = 2000;

/** Reconnect delays: 1 s, 2 s, 4 s … capped at 30 s, with up to a fifth of jitter (given 0..1). */
export function reconnectDelayMs(attempt: number, jitter: number): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, Math.min(attempt, 15)));
  return Math.round(base * (1 - 0.2 * Math.min(1, Math.max(0, jitter))));
}
