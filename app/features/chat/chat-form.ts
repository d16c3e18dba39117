/**
 * The support chat's forms (ADR 033): where they post, the intents and the field names. Shared by the cabinet
 * tab (browser) and the actions (server); no Zod here.
 */
import { SUPPORT_CHAT_HREF } from '~/lib/site-links';

/** The cabinet tab of the chat (SPEC §2 /lk?active=chat): its form posts here, so it works without JavaScript. */
export const CHAT_TAB_HREF = SUPPORT_CHAT_HREF;
/** GET ?before=<seq>: an older page of the history; POST: the chat's widget intents (read). */
export const CHAT_RESOURCE = '/resources/chat';

/** Named apart from the cabinet's address intents: both reach the cabinet's action. */
export const CHAT_INTENTS = ['send-message', 'read-chat'] as const;
export type ChatIntent = (typeof CHAT_INTENTS)[number];

export function isChatIntent(value: unknown): value is ChatIntent {
  return CHAT_INTENTS.some((intent) => intent === value);
}

export const CHAT_FIELD = {
  intent: 'intent',
  text: 'text',
  /** An uploaded image's id (POST /api/file/upload). */
  image: 'image',
  /** The number of the customer's order the message asks about; '' for none. */
  order: 'order',
  /** The history's cursor: messages older than this seq. */
  before: 'before',
  /** The message's idempotency key: the same until the message is stored, so a repeat stores it once. */
  key: 'key',
} as const;

export const OPERATOR_TYPING_TEXT = 'Оператор печатает…';
export const SHOW_EARLIER_LABEL = 'Показать ранние';
