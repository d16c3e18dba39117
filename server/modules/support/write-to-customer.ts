/**
 * An operator writes to a customer who has not (or not yet) opened the support chat: the answer to their
 * feedback question (issue 24, ADR 045). The message goes into the customer's conversation (opened for it),
 * and the customer gets it live, or as a notification and a push, as any operator's reply.
 */
import type { ChatMessage } from '@core/contracts/support';
import { announceConversation, announceMessage } from './announce';
import { operatorRates } from './chat-rates';
import { audienceOf } from './operators';
import { SUPPORT_TITLE } from './post-message';
import { afterStore, nowOf, type SupportDeps } from './support.deps';
import { presentMessage } from './support.presenter';
import { storeMessage } from './support.repository';

export async function writeToCustomer(
  deps: Pick<
    SupportDeps,
    'db' | 'clock' | 'realtime' | 'orders' | 'rates' | 'notifications' | 'log' | 'customers'
  >,
  operatorId: string,
  customerId: string,
  text: string,
  ip: string,
): Promise<ChatMessage> {
  await deps.rates.take(operatorRates(operatorId, ip));
  const stored = await storeMessage(deps.db, customerId, {
    authorId: operatorId,
    authorRole: 'operator',
    text,
    imageId: null,
    imagePath: null,
    orderNumber: null,
    createdAt: nowOf(deps),
    idempotencyKey: null,
  });
  if (!stored) throw new Error('a message without an idempotency key was not stored');
  const message = presentMessage(stored.message);
  const audience = audienceOf(deps, customerId);
  const { conversation } = stored;
  // The notification before the message's event: a customer with the chat open reads the message at once,
  // and that read must find its notification (post-message.ts, reply).
  await afterStore(deps, 'notifying the customer', () =>
    deps.notifications.create(customerId, {
      type: 'chat_message',
      title: SUPPORT_TITLE,
      content: text,
      link: '/lk?active=chat',
      chatId: conversation.id,
    }),
  );
  await afterStore(deps, 'announcing a message', () =>
    announceMessage(deps, conversation, message, audience),
  );
  await afterStore(deps, 'announcing the conversation', () =>
    announceConversation(deps, conversation, audience),
  );
  return message;
}
