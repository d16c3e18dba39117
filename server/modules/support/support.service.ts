import type { FileRef } from '@core/contracts/identity';
import type {
  BoardOrder,
  ChatHistory,
  ChatMessage,
  ConversationDetail,
  ConversationSummary,
  CustomerOrderLink,
  MovedOrder,
  Role,
} from '@core/contracts/support';
import { CHAT_PAGE_SIZE, TYPING_TTL_MS } from '@core/rules/chat';
import type { OrderStatus } from '@core/rules/orders';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { RateLimiter, RateRule } from '../../limits/rate-limit';
import { isOperatorAudience } from '../../realtime/bus';
import type { Realtime } from '../../realtime/realtime';
import type { NotificationsService } from '../notifications/notifications.service';
import { presentConversation, presentMessage } from './support.presenter';
import {
  type ConversationRow,
  findConversation,
  findConversationIdsOfCustomers,
  findConversationOfCustomer,
  findMessageByKey,
  findOperatorStores,
  findRoles,
  grantRole,
  listConversations,
  listMessages,
  listMessagesSince,
  type MessageRow,
  markMessagesRead,
  revokeRole,
  setConversationStatus,
  storeMessage,
  withUnreadAndLast,
} from './support.repository';

export type SupportDeps = {
  db: Db;
  clock: Clock;
  realtime: Realtime;
  notifications: Pick<NotificationsService, 'create' | 'markChatRead'>;
  /** The files module: an attachment must be one of the sender's uploads. */
  files: { findOwnImage(userId: string, fileId: string): Promise<FileRef | undefined> };
  /** The orders module's service: the order asked about, the operator's board and moves. */
  orders: {
    /** Whether the customer has this order of these shops (null: any shop). */
    hasCustomerOrder(userId: string, number: number, storeIds: readonly string[] | null): Promise<boolean>;
    listOrderLinks(userId: string, storeIds: readonly string[] | null): Promise<CustomerOrderLink[]>;
    listBoard(storeIds: readonly string[] | null): Promise<BoardOrder[]>;
    /** The shops a customer has ordered from, and the customers of some shops: an operator's reach (ADR 034). */
    listCustomerStores(userId: string): Promise<string[]>;
    listStoreCustomers(storeIds: readonly string[]): Promise<string[]>;
    moveOrder(
      number: number,
      to: OrderStatus,
      scope: { storeIds: readonly string[] | null },
    ): Promise<MovedOrder>;
  };
  /** The identity module: customers' names for the operator's list. */
  customerNames(userIds: readonly string[]): Promise<Map<string, string>>;
  /** Rates per customer and per address (server/limits/rate-limit.ts, ADR 037). */
  rates: RateLimiter;
  /** A customer's messages a minute (CHAT_MESSAGES_PER_MINUTE; their address 3 times as many); 0: no rates. */
  chatMessagesPerMinute: number;
  /** What failed after a message was stored (its announcement): logged, the message stands. */
  log?: { warn(details: object, message: string): void };
};

export const OPERATORS_ONLY = 'Раздел доступен только операторам поддержки';
export const CONVERSATION_NOT_FOUND = 'Диалог не найден';
export const IMAGE_NOT_YOURS = 'Изображение не найдено, загрузите его ещё раз';
export const ORDER_NOT_YOURS = 'Заказ не найден';
/** The support team's name on a customer's notification. */
export const SUPPORT_TITLE = 'Поддержка Фреш';
export const CHAT_KEY_REUSED = 'Этот ключ повтора уже использован для другого сообщения';
const CONVERSATION_LIST_LIMIT = 100;
const MISSED_LIMIT = 200;

const MINUTE_MS = 60_000;
/** One address (a NAT's customers, an office's operators) may post this many times one person's rate. */
export const CHAT_ADDRESS_FACTOR = 3;
/** A customer's messages a day, however they are spread (the cap on what one account stores). */
export const CHAT_MESSAGES_PER_DAY = 200;
/** An operator's replies a minute, and one address's (a support office). */
export const OPERATOR_REPLIES_PER_MINUTE = 60;
export const OPERATOR_REPLIES_PER_ADDRESS_MINUTE = 300;
const CHAT_RATE_MESSAGE = 'Слишком много сообщений подряд. Повторите через';
const CHAT_DAY_MESSAGE = 'Достигнут дневной предел сообщений в чате. Повторите через';

export type MessageInput = { text: string; image?: string; order?: number };

/** Who posts from where: the client's address (rates) and the post's Idempotency-Key, when it has one. */
export type PostOrigin = { ip: string; idempotencyKey?: string | undefined };

/** Whether a stored message is the post `input` describes (the same key must come with the same message). */
function isSamePost(row: MessageRow, input: MessageInput): boolean {
  return (
    row.text === input.text &&
    row.imageId === (input.image ?? null) &&
    row.orderNumber === (input.order ?? null)
  );
}

/**
 * The support chat (one conversation per customer) and the operator's console: messages, read state,
 * typing, closing, and the order board. Every change goes to the sockets of both sides on every process.
 *
 * An operator of every shop sees every conversation; an operator of some shops sees the conversations of the
 * customers who have ordered from them, and of those customers' orders only theirs (ADR 034). A conversation
 * out of an operator's reach is 'not found' for them.
 */
export function createSupportService(deps: SupportDeps) {
  const now = () => new Date(deps.clock.now());

  /** The operators a conversation's events go to: those of every shop and of the customer's shops. */
  async function operatorsOf(customerId: string) {
    return { role: 'operator', storeIds: await deps.orders.listCustomerStores(customerId) } as const;
  }

  async function summaryOf(row: ConversationRow): Promise<ConversationSummary> {
    const [listed] = await withUnreadAndLast(deps.db, [row]);
    const names = await deps.customerNames([row.customerId]);
    if (!listed) throw new AppError('not_found', CONVERSATION_NOT_FOUND);
    return presentConversation(listed, names.get(row.customerId) ?? '');
  }

  async function announceConversation(row: ConversationRow): Promise<void> {
    await deps.realtime.publish(await operatorsOf(row.customerId), {
      type: 'chat.conversation',
      conversation: await summaryOf(row),
      at: now().toISOString(),
    });
  }

  async function attachment(userId: string, image: string | undefined): Promise<FileRef | null> {
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
    customerId: string,
    order: number | undefined,
    storeIds: readonly string[] | null,
  ): Promise<void> {
    if (order === undefined) return;
    if (!(await deps.orders.hasCustomerOrder(customerId, order, storeIds))) {
      throw new AppError('bad_request', ORDER_NOT_YOURS, { fields: { order: ORDER_NOT_YOURS } });
    }
  }

  async function conversationOrThrow(id: string): Promise<ConversationRow> {
    const row = await findConversation(deps.db, id);
    if (!row) throw new AppError('not_found', CONVERSATION_NOT_FOUND);
    return row;
  }

  /**
   * Work after a message is stored: telling sockets and operators. It may fail (the bus's Redis away) without
   * undoing the message: the post is answered 2xx, and every side sees it at its next catch-up or load.
   */
  async function afterStore(what: string, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      deps.log?.warn({ err: error }, `chat: ${what} failed after the message was stored`);
    }
  }

  async function announceMessage(row: ConversationRow, message: ChatMessage): Promise<void> {
    const event = { type: 'chat.message', conversation: row.id, message, at: message.created_at } as const;
    await Promise.all([
      deps.realtime.publish({ users: [row.customerId] }, event),
      deps.realtime.publish(await operatorsOf(row.customerId), event),
    ]);
  }

  /**
   * The message an earlier post with this key stored, when there is one: the same post again answers it (its
   * events go out again, repeats are dropped by id); another message under the same key is refused (422).
   */
  async function repeatOf(
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
    if (conversation) await afterStore('repeating a message', () => announceMessage(conversation, message));
    return message;
  }

  /** Stores the message (and opens the conversation) once per key; a repeat racing it answers the first. */
  async function post(
    customerId: string,
    author: { id: string; role: 'customer' | 'operator' },
    input: MessageInput,
    image: FileRef | null,
    key: string | undefined,
  ): Promise<{ conversation: ConversationRow; message: ChatMessage; isNew: boolean }> {
    const stored = await storeMessage(deps.db, customerId, {
      authorId: author.id,
      authorRole: author.role,
      text: input.text,
      imageId: image?._id ?? null,
      imagePath: image?.path ?? null,
      orderNumber: input.order ?? null,
      createdAt: now(),
      idempotencyKey: key ?? null,
    });
    if (stored) {
      const message = presentMessage(stored.message);
      await afterStore('announcing a message', () => announceMessage(stored.conversation, message));
      return { conversation: stored.conversation, message, isNew: true };
    }
    const message = key ? await repeatOf(author.id, key, input) : undefined;
    const conversation = message ? await findConversation(deps.db, message.conversation) : undefined;
    if (!message || !conversation) throw new AppError('conflict', CHAT_KEY_REUSED);
    return { conversation, message, isNew: false };
  }

  /** A customer's rates: per minute (and their address's), and per day. */
  function customerRates(customerId: string, ip: string): RateRule[] {
    const perMinute = deps.chatMessagesPerMinute;
    if (perMinute <= 0) return [];
    return [
      {
        key: `chat:user-minute:${customerId}`,
        limit: perMinute,
        windowMs: MINUTE_MS,
        message: CHAT_RATE_MESSAGE,
      },
      {
        key: `chat:user-day:${customerId}`,
        limit: CHAT_MESSAGES_PER_DAY,
        windowMs: 24 * 60 * MINUTE_MS,
        message: CHAT_DAY_MESSAGE,
      },
      {
        key: `chat:ip-minute:${ip}`,
        limit: perMinute * CHAT_ADDRESS_FACTOR,
        windowMs: MINUTE_MS,
        message: CHAT_RATE_MESSAGE,
      },
    ];
  }

  function operatorRates(operatorId: string, ip: string): RateRule[] {
    return [
      {
        key: `chat-reply:user-minute:${operatorId}`,
        limit: OPERATOR_REPLIES_PER_MINUTE,
        windowMs: MINUTE_MS,
        message: CHAT_RATE_MESSAGE,
      },
      {
        key: `chat-reply:ip-minute:${ip}`,
        limit: OPERATOR_REPLIES_PER_ADDRESS_MINUTE,
        windowMs: MINUTE_MS,
        message: CHAT_RATE_MESSAGE,
      },
    ];
  }

  async function roleOf(userId: string): Promise<Role> {
    return (await findRoles(deps.db, userId)).includes('operator') ? 'operator' : 'customer';
  }

  async function page(
    conversationId: string,
    { before, limit = CHAT_PAGE_SIZE }: { before?: number; limit?: number },
  ): Promise<{ messages: ChatMessage[]; next_before: number | null }> {
    // One more than asked tells whether an older page exists.
    const rows = await listMessages(deps.db, conversationId, before, limit + 1);
    const hasOlder = rows.length > limit;
    const messages = (hasOlder ? rows.slice(1) : rows).map(presentMessage);
    return { messages, next_before: hasOlder ? (messages[0]?.seq ?? null) : null };
  }

  /** The shops whose orders the operator's board shows; null: every shop. */
  async function storesOf(userId: string): Promise<string[] | null> {
    const stores = await findOperatorStores(deps.db, userId);
    return stores.length > 0 ? stores : null;
  }

  /** Whether an operator of these shops (null: every shop) may see this customer's conversation. */
  async function reaches(storeIds: readonly string[] | null, customerId: string): Promise<boolean> {
    return storeIds === null || isOperatorAudience(storeIds, await operatorsOf(customerId));
  }

  /** A conversation the operator may see; any other is 'not found' for them. */
  async function visibleConversation(operatorId: string, id: string): Promise<ConversationRow> {
    const [row, storeIds] = await Promise.all([conversationOrThrow(id), storesOf(operatorId)]);
    if (!(await reaches(storeIds, row.customerId))) {
      throw new AppError('not_found', CONVERSATION_NOT_FOUND);
    }
    return row;
  }

  return {
    roleOf,

    /** 403 for anyone but an operator: the console and its API are theirs alone. */
    async requireOperator(userId: string): Promise<void> {
      if ((await roleOf(userId)) !== 'operator') throw new AppError('forbidden', OPERATORS_ONLY);
    },

    /** `npm run user:role`: grants the operator role (with the shops of its board; none: all shops). */
    grantOperator: (userId: string, storeIds: readonly string[]) =>
      grantRole(deps.db, userId, 'operator', storeIds),
    revokeOperator: (userId: string) => revokeRole(deps.db, userId, 'operator'),

    storesOf,

    /** The customer's chat: a page of its history (the newest without `before`), oldest first. */
    async getChat(
      customerId: string,
      cursor: { before?: number; limit?: number } = {},
    ): Promise<ChatHistory> {
      const row = await findConversationOfCustomer(deps.db, customerId);
      if (!row) return { success: true, chat: null, messages: [], next_before: null };
      return { success: true, chat: { _id: row.id, status: row.status }, ...(await page(row.id, cursor)) };
    },

    /**
     * The customer writes to support: the conversation opens (or reopens) and the operators see it live. A
     * repeat of a post with the same Idempotency-Key answers the message it stored (ADR 037); a new message
     * takes from the customer's and the address's rates first (429), so a refused post stores nothing.
     */
    async sendAsCustomer(customerId: string, input: MessageInput, origin: PostOrigin): Promise<ChatMessage> {
      const repeated = await repeatOf(customerId, origin.idempotencyKey, input);
      if (repeated) return repeated;
      await deps.rates.take(customerRates(customerId, origin.ip));
      const image = await attachment(customerId, input.image);
      await assertOrderOf(customerId, input.order, null);
      const posted = await post(
        customerId,
        { id: customerId, role: 'customer' },
        input,
        image,
        origin.idempotencyKey,
      );
      if (posted.isNew) {
        await afterStore('announcing the conversation', () => announceConversation(posted.conversation));
      }
      return posted.message;
    },

    /** The customer opened the chat: the operators' messages are read, and so are their notifications. */
    async readAsCustomer(customerId: string): Promise<void> {
      const row = await findConversationOfCustomer(deps.db, customerId);
      if (!row) return;
      const at = now();
      const read = await markMessagesRead(deps.db, row.id, 'operator', at);
      await deps.notifications.markChatRead(customerId, row.id);
      if (read === 0) return;
      const event = {
        type: 'chat.read',
        conversation: row.id,
        reader: 'customer',
        at: at.toISOString(),
      } as const;
      await Promise.all([
        deps.realtime.publish({ users: [customerId] }, event),
        deps.realtime.publish(await operatorsOf(customerId), event),
      ]);
    },

    /** Someone is typing: the other side sees it for TYPING_TTL_MS unless it is repeated. */
    async typing(userId: string, role: Role, conversationId?: string): Promise<void> {
      const row =
        role === 'operator' && conversationId
          ? await findConversation(deps.db, conversationId)
          : await findConversationOfCustomer(deps.db, userId);
      if (!row) return;
      const author = role === 'operator' && conversationId ? 'operator' : 'customer';
      // An operator types only into conversations within their reach.
      if (author === 'operator' && !(await reaches(await storesOf(userId), row.customerId))) return;
      await deps.realtime.presence.setTyping(row.id, author, TYPING_TTL_MS);
      const event = {
        type: 'chat.typing',
        conversation: row.id,
        author,
        ttl_ms: TYPING_TTL_MS,
        at: now().toISOString(),
      } as const;
      await deps.realtime.publish(
        author === 'operator' ? { users: [row.customerId] } : await operatorsOf(row.customerId),
        event,
      );
    },

    /** Whether the other side is typing now (a page opened mid-sentence shows it). */
    isTyping: (conversationId: string, author: 'customer' | 'operator') =>
      deps.realtime.presence.isTyping(conversationId, author),

    /** Operators: the conversations within their reach, newest first, with unread counts. */
    async listConversations(
      operatorId: string,
      status: 'open' | 'closed' | 'all',
    ): Promise<ConversationSummary[]> {
      const storeIds = await storesOf(operatorId);
      const customerIds = storeIds ? await deps.orders.listStoreCustomers(storeIds) : null;
      const rows = await listConversations(deps.db, status, CONVERSATION_LIST_LIMIT, customerIds);
      const names = await deps.customerNames([...new Set(rows.map((row) => row.customerId))]);
      return rows.map((row) => presentConversation(row, names.get(row.customerId) ?? ''));
    },

    /**
     * Operators: one conversation, a page of its messages and the customer's orders of the operator's shops
     * (numbers and statuses; nothing else of theirs).
     */
    async getConversation(
      operatorId: string,
      id: string,
      cursor: { before?: number; limit?: number } = {},
    ): Promise<ConversationDetail> {
      const row = await visibleConversation(operatorId, id);
      const [conversation, messages, orders] = await Promise.all([
        summaryOf(row),
        page(id, cursor),
        storesOf(operatorId).then((storeIds) => deps.orders.listOrderLinks(row.customerId, storeIds)),
      ]);
      return { success: true, conversation, ...messages, orders };
    },

    /**
     * An operator answers: the customer gets it on every tab, or as a push when they have none open. An order
     * named in the reply is one of the customer's, of the operator's shops.
     */
    async reply(
      operatorId: string,
      conversationId: string,
      input: MessageInput,
      origin: PostOrigin,
    ): Promise<ChatMessage> {
      const current = await visibleConversation(operatorId, conversationId);
      const repeated = await repeatOf(operatorId, origin.idempotencyKey, input, current.id);
      if (repeated) return repeated;
      await deps.rates.take(operatorRates(operatorId, origin.ip));
      const image = await attachment(operatorId, input.image);
      await assertOrderOf(current.customerId, input.order, await storesOf(operatorId));
      const posted = await post(
        current.customerId,
        { id: operatorId, role: 'operator' },
        input,
        image,
        origin.idempotencyKey,
      );
      if (!posted.isNew) return posted.message;
      const row = posted.conversation;
      await afterStore('notifying the customer', () =>
        deps.notifications.create(row.customerId, {
          type: 'chat_message',
          title: SUPPORT_TITLE,
          content: input.text || 'Изображение',
          link: '/lk?active=chat',
          chatId: row.id,
        }),
      );
      await afterStore('announcing the conversation', () => announceConversation(row));
      return posted.message;
    },

    /** An operator opened the conversation: the customer's messages are read ('Прочитано' on their side). */
    async readAsOperator(operatorId: string, conversationId: string): Promise<void> {
      const row = await visibleConversation(operatorId, conversationId);
      const at = now();
      if ((await markMessagesRead(deps.db, row.id, 'customer', at)) === 0) return;
      const event = {
        type: 'chat.read',
        conversation: row.id,
        reader: 'operator',
        at: at.toISOString(),
      } as const;
      await Promise.all([
        deps.realtime.publish({ users: [row.customerId] }, event),
        deps.realtime.publish(await operatorsOf(row.customerId), event),
      ]);
      await announceConversation(row);
    },

    async close(operatorId: string, conversationId: string): Promise<ConversationSummary> {
      await visibleConversation(operatorId, conversationId);
      const row = await setConversationStatus(deps.db, conversationId, 'closed');
      if (!row) throw new AppError('not_found', CONVERSATION_NOT_FOUND);
      await announceConversation(row);
      return summaryOf(row);
    },

    /**
     * The socket's catch-up: chat messages since a time (a customer: theirs; an operator: the conversations
     * within reach of their shops, `storeIds`; null: every conversation).
     */
    async listMessagesSince(
      userId: string,
      role: Role,
      since: Date,
      storeIds: readonly string[] | null = null,
    ): Promise<ChatMessage[]> {
      let ids: string[] | null = null;
      if (role !== 'operator') {
        const row = await findConversationOfCustomer(deps.db, userId);
        ids = row ? [row.id] : [];
      } else if (storeIds) {
        // An operator of some shops: the conversations within their reach.
        ids = await findConversationIdsOfCustomers(deps.db, await deps.orders.listStoreCustomers(storeIds));
      }
      return (await listMessagesSince(deps.db, ids, since, MISSED_LIMIT)).map(presentMessage);
    },

    /** The operator's board: active orders of their shops. */
    async board(operatorId: string): Promise<BoardOrder[]> {
      return deps.orders.listBoard(await storesOf(operatorId));
    },

    /** Moves an order of the operator's shops; the orders module notifies the customer. */
    async moveOrder(operatorId: string, number: number, to: OrderStatus): Promise<MovedOrder> {
      return deps.orders.moveOrder(number, to, { storeIds: await storesOf(operatorId) });
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
