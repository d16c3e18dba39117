/**
 * Writing in the chat: the customer's message and the operator's reply. A message is stored once per
 * Idempotency-Key (ADR 037) and then announced; what fails after it is stored is logged, and the post is
 * answered 2xx. Its audience is looked up once, for all it publishes.
 */
import type { FileRef } from '@core/contracts/identity';
import type { ChatMessage } from '@core/contracts/support';
import { AppError } from '../../errors';
import { announceConversation, announceMessage } from './announce';
import { customerRates, operatorRates } from './chat-rates';
import { audienceOf, type LazyAudience, visibleConversation } from './operators';
import { afterStore, nowOf, type SupportDeps } from './support.deps';
import { presentMessage } from './support.presenter';
import {
  type ConversationRow,
  findConversation,
  findMessageByKey,
  type MessageRow,
  storeMessage,
} from './support.repository';

export const IMAGE_NOT_YOURS = 'Изображение не найдено, загрузите его ещё раз';
export const ORDER_NOT_YOURS = 'Заказ не найден';
/** The support team's name on a customer's notification. */
export const SUPPORT_TITLE = 'Поддержка Фреш';
export const CHAT_KEY_REUSED = 'Этот ключ повтора уже использован для другого сообщения';

export type MessageInput = { text: string; image?: string; order?: number };

/** Who posts from where: the client's address (rates) and the post's Idempotency-Key, when it has one. */
export type PostOrigin = { ip: string; idempotencyKey?: string | undefined };

type PostDeps = Pick<
  SupportDeps,
  'db' | 'clock' | 'realtime' | 'files' | 'orders' | 'customers' | 'rates' | 'log'
>;

/** Whether a stored message is the post `input` describes (the same key must come with the same message). */
function isSamePost(row: MessageRow, input: MessageInput): boolean {
  return (
    row.text === input.text &&
    row.imageId === (input.image ?? null) &&
    row.orderNumber === (input.order ?? null)
  );
}

async function attachment(
  deps: Pick<SupportDeps, 'files'>,
  userId: string,
  image: string | undefined,
): Promise<FileRef | null> {
  if (!image) return null;
  const file = await deps.files.findOwnImage(userId, image);
  if (!file) throw new AppError('bad_request', IMAGE_NOT_YOURS, { fields: { image: IMAGE_NOT_YOURS } });
  return file;
}

/**
 * The order a message names must be the conversation's customer's (and, for an operator of some shops, of
 * their shops: `storeIds`); any other is 'not found' to the sender.
 */
async function assertOrderOf(
  deps: Pick<SupportDeps, 'orders'>,
  customerId: string,
  order: number | undefined,
  storeIds: readonly string[] | null,
): Promise<void> {
  if (order === undefined) return;
  if (!(await deps.orders.hasCustomerOrder(customerId, order, storeIds))) {
    throw new AppError('bad_request', ORDER_NOT_YOURS, { fields: { order: ORDER_NOT_YOURS } });
  }
}

/**
 * The message an earlier post with this key stored, when there is one: the same post again answers it (its
 * events go out again, repeats are dropped by id); another message under the same key is refused (422).
 */
async function repeatOf(
  deps: PostDeps,
  authorId: string,
  key: string | undefined,
  input: MessageInput,
  conversationId?: string,
): Promise<ChatMessage | undefined> {
  if (!key) return undefined;
  const row = await findMessageByKey(deps.db, authorId, key);
  if (!row) return undefined;
  if (!isSamePost(row, input) || (conversationId !== undefined && row.conversationId !== conversationId)) {
    throw new AppError('unprocessable', CHAT_KEY_REUSED);
  }
  const message = presentMessage(row);
  const conversation = await findConversation(deps.db, row.conversationId);
  if (conversation) {
    await afterStore(deps, 'repeating a message', () =>
      announceMessage(deps, conversation, message, audienceOf(deps, conversation.customerId)),
    );
  }
  return message;
}

/**
 * Stores the message (and opens the conversation) once per key; a repeat racing it answers the first.
 * `beforeAnnounce` runs between the two: what the message's readers act on must exist when they hear of it.
 */
async function post(
  deps: PostDeps,
  customerId: string,
  author: { id: string; role: 'customer' | 'operator' },
  input: MessageInput,
  image: FileRef | null,
  key: string | undefined,
  operators: LazyAudience,
  beforeAnnounce: (conversation: ConversationRow) => Promise<void> = async () => {},
): Promise<{ conversation: ConversationRow; message: ChatMessage; isNew: boolean }> {
  const stored = await storeMessage(deps.db, customerId, {
    authorId: author.id,
    authorRole: author.role,
    text: input.text,
    imageId: image?._id ?? null,
    imagePath: image?.path ?? null,
    orderNumber: input.order ?? null,
    createdAt: nowOf(deps),
    idempotencyKey: key ?? null,
  });
  if (stored) {
    const message = presentMessage(stored.message);
    await beforeAnnounce(stored.conversation);
    await afterStore(deps, 'announcing a message', () =>
      announceMessage(deps, stored.conversation, message, operators),
    );
    return { conversation: stored.conversation, message, isNew: true };
  }
  const message = key ? await repeatOf(deps, author.id, key, input) : undefined;
  const conversation = message ? await findConversation(deps.db, message.conversation) : undefined;
  if (!message || !conversation) throw new AppError('conflict', CHAT_KEY_REUSED);
  return { conversation, message, isNew: false };
}

/**
 * The customer writes to support: the conversation opens (or reopens) and the operators see it live. A
 * repeat of a post with the same Idempotency-Key answers the message it stored (ADR 037); a new message
 * takes from the customer's and the address's rates first (429), so a refused post stores nothing.
 */
export async function sendAsCustomer(
  deps: PostDeps & Pick<SupportDeps, 'chatMessagesPerMinute'>,
  customerId: string,
  input: MessageInput,
  origin: PostOrigin,
): Promise<ChatMessage> {
  const repeated = await repeatOf(deps, customerId, origin.idempotencyKey, input);
  if (repeated) return repeated;
  await deps.rates.take(customerRates(deps, customerId, origin.ip));
  const image = await attachment(deps, customerId, input.image);
  await assertOrderOf(deps, customerId, input.order, null);
  const operators = audienceOf(deps, customerId);
  // Looked up while the message is stored, not after: the operators hear of it one round trip sooner. A
  // failure surfaces where the audience is awaited (and the post itself still answers: afterStore).
  operators().catch(() => {});
  const posted = await post(
    deps,
    customerId,
    { id: customerId, role: 'customer' },
    input,
    image,
    origin.idempotencyKey,
    operators,
  );
  if (posted.isNew) {
    await afterStore(deps, 'announcing the conversation', () =>
      announceConversation(deps, posted.conversation, operators),
    );
  }
  return posted.message;
}

/**
 * An operator answers: the customer gets it on every tab, or as a push when they have none open. An order
 * named in the reply is one of the customer's, of the operator's shops.
 */
export async function reply(
  deps: PostDeps & Pick<SupportDeps, 'notifications'>,
  operatorId: string,
  conversationId: string,
  input: MessageInput,
  origin: PostOrigin,
): Promise<ChatMessage> {
  const { row: current, storeIds, audience } = await visibleConversation(deps, operatorId, conversationId);
  const repeated = await repeatOf(deps, operatorId, origin.idempotencyKey, input, current.id);
  if (repeated) return repeated;
  await deps.rates.take(operatorRates(operatorId, origin.ip));
  const image = await attachment(deps, operatorId, input.image);
  await assertOrderOf(deps, current.customerId, input.order, storeIds);
  const posted = await post(
    deps,
    current.customerId,
    { id: operatorId, role: 'operator' },
    input,
    image,
    origin.idempotencyKey,
    audience,
    // The notification before the message's event: a customer with the chat open reads the reply at once,
    // and that read must find its notification, or the badge keeps counting a reply already read.
    (row) =>
      afterStore(deps, 'notifying the customer', () =>
        deps.notifications.create(row.customerId, {
          type: 'chat_message',
          title: SUPPORT_TITLE,
          content: input.text || 'Изображение',
          link: '/lk?active=chat',
          chatId: row.id,
        }),
      ),
  );
  if (!posted.isNew) return posted.message;
  const row = posted.conversation;
  await afterStore(deps, 'announcing the conversation', () => announceConversation(deps, row, audience));
  return posted.message;
}
