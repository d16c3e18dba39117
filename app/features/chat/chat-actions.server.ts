/**
 * The support chat from the cabinet (ADR 033): the cabinet's action (sending, also without JavaScript) and the
 * chat's resource route (reading, older pages) read their input with the API's contracts and call the same
 * support service as /api/chat.
 */
import type { ChatHistory, ChatMessage, CustomerOrderLink } from '@core/contracts/support';
import { type ChatFormSchema, HistoryQuerySchema } from '@core/contracts/support';
import type { z } from '@core/contracts/z';
import { DEFAULT_MESSAGES } from '@server/errors';
import type { Services } from '@server/services';
import { data } from 'react-router';
import type { ActionFailure } from '~/lib/actions.server';

export type ChatPost = z.output<typeof ChatFormSchema>;

export type ChatActionResult =
  | { ok: true; intent: 'send-message'; message: ChatMessage }
  | { ok: true; intent: 'read-chat' }
  | ReturnType<typeof data<ActionFailure>>;

/** The page's 503 of a lost connection (server/http/unavailable.ts): a thrown data answer of status 503. */
function isUnavailable(error: unknown): error is { init: ResponseInit } {
  return (
    typeof error === 'object' &&
    error !== null &&
    'init' in error &&
    typeof error.init === 'object' &&
    error.init !== null &&
    (error.init as ResponseInit).status === 503
  );
}

/**
 * Runs one chat post (ChatFormSchema, ADR 042) for the signed-in customer; AppErrors (not theirs, too many) go
 * to the form. A message carries the form's idempotency key (a repeat after a lost answer or a 503 stores one
 * message) and is counted against the customer's and `origin.ip`'s rates as the API's (ADR 037).
 */
export async function runChatIntent(
  support: Services['support'],
  userId: string,
  input: ChatPost,
  origin: { ip: string },
): Promise<ChatActionResult> {
  switch (input.intent) {
    case 'send-message': {
      const { intent, key: idempotencyKey, ...message } = input;
      try {
        return {
          ok: true,
          intent,
          message: await support.sendAsCustomer(userId, message, { ip: origin.ip, idempotencyKey }),
        };
      } catch (error) {
        // A lost connection stored nothing (ADR 037): the form keeps the text and says so, and sending
        // again (the same key) stores the message once — instead of the whole cabinet's error page.
        if (!isUnavailable(error)) throw error;
        const failure: ActionFailure = { ok: false, message: DEFAULT_MESSAGES.unavailable, fields: {} };
        return data(failure, { status: 503, headers: error.init.headers ?? {} });
      }
    }
    case 'read-chat':
      await support.readAsCustomer(userId);
      return { ok: true, intent: input.intent };
  }
}

export type ChatTab = {
  history: ChatHistory;
  /**
   * The idempotency key of the next message, for the form without JavaScript: the browser sends the same
   * form again (and so the same key) when the first answer was lost; a new page brings a new key.
   */
  messageKey: string;
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
  return { history, orders, isOperatorTyping, messageKey: crypto.randomUUID() };
}
