/**
 * The support chat's addresses and words (ADR 033). What its posts carry is ChatFormSchema's
 * (core/contracts/support, ADR 042).
 */
import { SUPPORT_CHAT_HREF } from '~/lib/site-links';

/** The cabinet tab of the chat (SPEC §2 /lk?active=chat): its form posts here, so it works without JavaScript. */
export const CHAT_TAB_HREF = SUPPORT_CHAT_HREF;
/** GET ?before=<seq>: an older page of the history; POST: the chat's widget posts (read). */
export const CHAT_RESOURCE = '/resources/chat';
/** The history's cursor in a query: messages older than this seq. */
export const CHAT_BEFORE_PARAM = 'before';

export const OPERATOR_TYPING_TEXT = 'Оператор печатает…';
export const SHOW_EARLIER_LABEL = 'Показать ранние';
