/**
 * The support chat from the cabinet (ADR 033): the cabinet's action (sending, also without JavaScript) and the
 * chat's resource route (reading, older pages) read their input with the API's contracts and call the same
 * support service as /api/chat.
 */
import type { ChatHistory, ChatMessage, CustomerOrderLink } from '@core/contracts/support';
import { HistoryQuerySchema, SendMessageSchema } from '@core/contracts/support';
import { z } from '@core/contracts/z';
import { formText, parseWith } from '~/lib/actions.server';
import type { Services } from '../../../server/services';
import { CHAT_FIELD, CHAT_INTENTS } from './chat-form';

const IntentSchema = z.enum(CHAT_INTENTS, { error: 'Неизвестное действие в чате' });

export type ChatActionResult =
  | { ok: true; intent: 'send-message'; message: ChatMessage }
  | { ok: true; intent: 'read-chat' };

/** Runs one chat intent for the signed-in customer; AppErrors (empty, too long, not theirs) go to the form. */
export async function runChatIntent(
  support: Services['support'],
  userId: string,
  form: FormData,
): Promise<ChatActionResult> {
  const intent = parseWith(IntentSchema, formText(form, CHAT_FIELD.intent));
  switch (intent) {
    case 'send-message': {
      const image = formText(form, CHAT_FIELD.image);
      const order = formText(form, CHAT_FIELD.order);
      const input = parseWith(SendMessageSchema, {
        text: formText(form, CHAT_FIELD.text),
        ...(image ? { image } : {}),
        ...(order ? { order } : {}),
      });
      return { ok: true, intent, message: await support.sendAsCustomer(userId, input) };
    }
    case 'read-chat':
      await support.readAsCustomer(userId);
      return { ok: true, intent };
  }
}

export type ChatTab = {
  history: ChatHistory;
  /** The customer's orders a message may ask about, newest first. */
  orders: CustomerOrderLink[];
  /** Whether an operator is typing right now (a page opened mid-sentence shows it). */
  isOperatorTyping: boolean;
};

/**
 * The chat tab's data: a page of the history (the newest, or the one before `before`; a cursor that is not
 * one shows the newest), the orders to ask about, and the operator's typing.
 */
export async function loadChatTab(
  services: Services,
  userId: string,
  before: string | null,
): Promise<ChatTab> {
  const parsed = HistoryQuerySchema.safeParse(before ? { before } : {});
  const cursor = parsed.success ? parsed.data : {};
  const [history, orders] = await Promise.all([
    services.support.getChat(userId, cursor),
    services.orders.listOrderLinks(userId, null),
  ]);
  const isOperatorTyping = history.chat
    ? await services.support.isTyping(history.chat._id, 'operator')
    : false;
  return { history, orders, isOperatorTyping };
}
