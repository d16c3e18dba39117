/** The support chat and the operator console (SPEC §1 'a support chat', §2 /lk?active=chat; issue 15). */
import { CHAT_PAGE_SIZE, CHAT_TEXT_MAX_LENGTH } from '../rules/chat';
import { SOLD_BY, WEIGHT_MAX_GRAMS } from '../rules/sold-by-weight';
import {
  REPLACEMENT_MINUTES_MAX,
  REPLACEMENT_MINUTES_MESSAGE,
  REPLACEMENT_MINUTES_MIN,
  SUBSTITUTION_STATES,
} from '../rules/substitution';
import type { FormFields } from './form-fields';
import { FileRefSchema } from './identity';
import { IDEMPOTENCY_KEY_MAX_LENGTH, OnMissingSchema, OrderStatusSchema } from './orders';
import { z } from './z';

export const ChatAuthorSchema = z.enum(['customer', 'operator']);
export type ChatAuthor = z.infer<typeof ChatAuthorSchema>;

export const ChatMessageSchema = z.object({
  _id: z.string(),
  /** Position in the conversation; the history's cursor. */
  seq: z.number().int(),
  conversation: z.string(),
  author: ChatAuthorSchema,
  text: z.string(),
  image: FileRefSchema.nullable(),
  /** An order the customer asks about: /order/{order}. */
  order: z.number().int().nullable(),
  created_at: z.string(),
  /** When the other side read it; the message is 'sent' until then. */
  read_at: z.string().nullable(),
  state: z.enum(['sent', 'read']),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ConversationStatusSchema = z.enum(['open', 'closed']);

/** SPEC §3 Current chat: _id; and its state. */
export const ChatSchema = z.object({
  _id: z.string(),
  status: ConversationStatusSchema,
});

export const CHAT_EMPTY_MESSAGE = 'Напишите сообщение или прикрепите изображение';
export const CHAT_TOO_LONG_MESSAGE = `Сообщение — не длиннее ${CHAT_TEXT_MAX_LENGTH} символов`;

/** A message sent by the customer or an operator: text and/or an uploaded image (POST /api/file/upload). */
export const SendMessageSchema = z
  .object({
    text: z.string(CHAT_EMPTY_MESSAGE).trim().max(CHAT_TEXT_MAX_LENGTH, CHAT_TOO_LONG_MESSAGE).default(''),
    image: z.uuid('Изображение не найдено, загрузите его ещё раз').optional(),
    order: z.coerce
      .number('Некорректный номер заказа')
      .int('Некорректный номер заказа')
      .positive('Некорректный номер заказа')
      .max(2_000_000_000, 'Некорректный номер заказа')
      .optional(),
  })
  .refine((message) => message.text !== '' || message.image !== undefined, {
    message: CHAT_EMPTY_MESSAGE,
    path: ['text'],
  });
export type SendMessage = z.input<typeof SendMessageSchema>;

/**
 * A chat post's Idempotency-Key (ADR 037): the API's header, the chat form's hidden field. Optional: a post
 * without one is stored each time it arrives; with one, a repeat answers the message the first stored.
 */
export const ChatPostKeySchema = z
  .line('Некорректный ключ повтора')
  .trim()
  .max(IDEMPOTENCY_KEY_MAX_LENGTH, `Idempotency-Key не длиннее ${IDEMPOTENCY_KEY_MAX_LENGTH} символов`)
  .optional()
  .transform((key) => (key === '' ? undefined : key));

/** ?before=<seq>&limit=<n>: the page of messages older than `before` (the newest page without it). */
export const HistoryQuerySchema = z.object({
  before: z.coerce
    .number('Некорректный курсор')
    .int('Некорректный курсор')
    .positive('Некорректный курсор')
    .optional(),
  limit: z.coerce
    .number('Некорректный размер страницы')
    .int('Некорректный размер страницы')
    .min(1, 'Некорректный размер страницы')
    .max(100, 'Не больше 100 сообщений за раз')
    .default(CHAT_PAGE_SIZE),
});

/** A page of the history, oldest first; `next_before` fetches the older page (null: this is the start). */
export const ChatHistorySchema = z.object({
  success: z.literal(true),
  chat: ChatSchema.nullable(),
  messages: z.array(ChatMessageSchema),
  next_before: z.number().int().nullable(),
});
export type ChatHistory = z.infer<typeof ChatHistorySchema>;

export const SentMessageSchema = z.object({ success: z.literal(true), message: ChatMessageSchema });

/** An operator's row of the conversation list. */
export const ConversationSummarySchema = z.object({
  _id: z.string(),
  status: ConversationStatusSchema,
  customer: z.object({ _id: z.string(), name: z.string() }),
  last_message: ChatMessageSchema.nullable(),
  last_message_at: z.string(),
  /** The customer's messages no operator has read. */
  unread: z.number().int(),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

export const ConversationListSchema = z.object({
  success: z.literal(true),
  conversations: z.array(ConversationSummarySchema),
});

export const ConversationQuerySchema = z.object({
  status: z.enum(['open', 'closed', 'all'], 'Некорректный фильтр').default('open'),
});

export const ConversationParamsSchema = z.object({ id: z.uuid('Диалог не найден') });

/** The customer's orders an operator may open from a conversation (number and status, nothing personal). */
export const CustomerOrderLinkSchema = z.object({
  number: z.number().int(),
  status: OrderStatusSchema,
  store: z.string(),
  created_at: z.string(),
});
export type CustomerOrderLink = z.infer<typeof CustomerOrderLinkSchema>;

export const ConversationDetailSchema = z.object({
  success: z.literal(true),
  conversation: ConversationSummarySchema,
  messages: z.array(ChatMessageSchema),
  next_before: z.number().int().nullable(),
  orders: z.array(CustomerOrderLinkSchema),
});
export type ConversationDetail = z.infer<typeof ConversationDetailSchema>;

/** An order on the operator's board. */
export const BoardOrderSchema = z.object({
  number: z.number().int(),
  status: OrderStatusSchema,
  fulfilment: z.enum(['delivery', 'pickup']),
  store: z.object({ _id: z.string(), name: z.string() }),
  point: z.string(),
  total: z.number().int(),
  items: z.number().int(),
  slot: z.object({ start: z.string(), end: z.string() }).nullable(),
  created_at: z.string(),
  /** Where it may go next: one step along its path, or cancelled. */
  next: z.array(OrderStatusSchema),
  /**
   * Its lines sold by weight (ADR 054), for the picker to weigh at assembly: the grams ordered, and those
   * weighed (null until then). Absent on orders of pieces only.
   */
  weighed: z
    .array(
      z.object({
        product: z.string(),
        name: z.string(),
        ordered: z.number().int(),
        actual: z.number().int().nullable(),
      }),
    )
    .optional(),
});
export type BoardOrder = z.infer<typeof BoardOrderSchema>;

export const OrderBoardSchema = z.object({ success: z.literal(true), orders: z.array(BoardOrderSchema) });

export const MoveOrderSchema = z.object({
  status: OrderStatusSchema.exclude(['new'], { error: 'Выберите новый статус заказа' }),
});

/**
 * An operator's move answered: the order's number and its new status, nothing of the customer's (ADR 027: an
 * operator sees numbers and statuses; the board reloads for the rest).
 */
export const MovedOrderSchema = z.object({
  success: z.literal(true),
  order: z.object({ number: z.number().int(), status: OrderStatusSchema }),
});
export type MovedOrder = z.infer<typeof MovedOrderSchema>['order'];

export const WEIGHT_MESSAGE = `Вес — целое число граммов от 1 до ${WEIGHT_MAX_GRAMS}`;

/** POST /api/operator/orders/{number}/weigh: a weighed line's actual weight (ADR 054). */
export const WeighLineSchema = z.object({
  product: z.uuid('Некорректный идентификатор товара'),
  grams: z.coerce
    .number({ error: WEIGHT_MESSAGE })
    .int(WEIGHT_MESSAGE)
    .min(1, WEIGHT_MESSAGE)
    .max(WEIGHT_MAX_GRAMS, WEIGHT_MESSAGE),
});
export type WeighLine = z.infer<typeof WeighLineSchema>;

/** A weighing answered: the order's number, its new total and how much the weighing changed it (kopecks). */
export const WeighedOrderSchema = z.object({
  success: z.literal(true),
  order: z.object({ number: z.number().int(), total: z.number().int(), difference: z.number().int() }),
});
export type WeighedOrder = z.infer<typeof WeighedOrderSchema>['order'];

/**
 * POST /api/operator/orders/{number}/substitute (ADR 055): the picker cannot find a line's product. Without a
 * replacement the line is missing; with one, the replacement is offered to the customer.
 */
export const SubstituteLineSchema = z.object({
  product: z.uuid('Некорректный идентификатор товара'),
  replacement: z.uuid('Выберите замену из похожих товаров').optional(),
});
export type SubstituteLine = z.infer<typeof SubstituteLineSchema>;

/** A substitution answered: the order's number and its total now (kopecks). */
export const SubstitutedOrderSchema = z.object({
  success: z.literal(true),
  order: z.object({ number: z.number().int(), total: z.number().int() }),
});
export type SubstitutedOrder = z.infer<typeof SubstitutedOrderSchema>['order'];

/**
 * GET /api/operator/orders/{number}/assembly (ADR 055): an order's lines as the picker assembles them, each
 * with the customer's choice for a missing item, what happened to it, and the similar products the order's
 * point has in stock (the catalogue's 'similar': the same category, most popular first).
 */
export const AssemblyLineSchema = z.object({
  product: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  sold_by: z.enum(SOLD_BY),
  on_missing: OnMissingSchema,
  /** The similar product the customer picked, if any. */
  chosen: z.object({ product: z.string(), name: z.string() }).nullable(),
  state: z.enum(SUBSTITUTION_STATES).nullable(),
  replacement: z.object({ product: z.string(), name: z.string(), quantity: z.number().int() }).nullable(),
  expires_at: z.string().nullable(),
  similar: z.array(z.object({ product: z.string(), name: z.string(), price: z.number().int() })),
});
export type AssemblyLine = z.infer<typeof AssemblyLineSchema>;
export const AssemblySchema = z.object({
  success: z.literal(true),
  order: z.object({
    number: z.number().int(),
    status: OrderStatusSchema,
    total: z.number().int(),
    /** Whether lines may be substituted now (confirmed or assembling). */
    can_substitute: z.boolean(),
    lines: z.array(AssemblyLineSchema),
  }),
});
export type Assembly = z.infer<typeof AssemblySchema>['order'];

export const OrderNumberParamsSchema = z.object({
  number: z.coerce
    .number('Заказ не найден')
    .int('Заказ не найден')
    .positive('Заказ не найден')
    .max(2_000_000_000, 'Заказ не найден'),
});

/** A shop the operator's console names: anything but a UUID is no shop. */
export const STORE_NOT_FOUND_MESSAGE = 'Магазин не найден';
export const StoreParamsSchema = z.object({ id: z.uuid(STORE_NOT_FOUND_MESSAGE) });

/**
 * PUT /api/operator/stores/{id}/replacement-minutes (ADR 055): how long the shop's customers have to answer a
 * replacement offered at assembly, in whole minutes (core/rules/substitution.ts's bounds).
 */
export const ReplacementMinutesSchema = z.object({
  minutes: z
    .number({ error: REPLACEMENT_MINUTES_MESSAGE })
    .int(REPLACEMENT_MINUTES_MESSAGE)
    .min(REPLACEMENT_MINUTES_MIN, REPLACEMENT_MINUTES_MESSAGE)
    .max(REPLACEMENT_MINUTES_MAX, REPLACEMENT_MINUTES_MESSAGE),
});
export type ReplacementMinutes = z.infer<typeof ReplacementMinutesSchema>;

export const ReplacementMinutesSetSchema = z.object({ success: z.literal(true), minutes: z.number().int() });

/** A shop of the operator's with its time to answer a replacement, as the board shows it. */
export const StoreReplacementTimeSchema = z.object({
  store: z.string(),
  name: z.string(),
  minutes: z.number().int(),
});
export type StoreReplacementTime = z.infer<typeof StoreReplacementTimeSchema>;

export const RoleSchema = z.enum(['customer', 'operator']);
export type Role = z.infer<typeof RoleSchema>;

// Forms (ADR 042) -------------------------------------------------------------------------------------------

/**
 * The cabinet chat's posts (ADR 033): a message (SendMessageSchema's fields and its Idempotency-Key, ADR
 * 037) to the cabinet's own action, or the chat read (a fetcher to /resources/chat).
 */
export const ChatFormSchema = z.discriminatedUnion(
  'intent',
  [
    SendMessageSchema.safeExtend({ intent: z.literal('send-message'), key: ChatPostKeySchema }),
    z.object({ intent: z.literal('read-chat') }),
  ],
  { error: 'Неизвестное действие в чате' },
);
/** A chat post's fields as a form or a fetcher sends them (text). */
export type ChatForm = FormFields<z.input<typeof ChatFormSchema>>;

/**
 * The operator console's posts on a conversation (ADR 034, 041): a reply (with its Idempotency-Key), closing
 * it, or reading it (the console's fetcher, when the conversation is on screen).
 */
export const ConversationFormSchema = z.discriminatedUnion(
  'intent',
  [
    SendMessageSchema.safeExtend({ intent: z.literal('reply'), key: ChatPostKeySchema }),
    z.object({ intent: z.literal('close') }),
    z.object({ intent: z.literal('read') }),
  ],
  { error: 'Неизвестное действие с диалогом' },
);
export type ConversationForm = FormFields<z.input<typeof ConversationFormSchema>>;

/** A move on the operator's board: the order's number and the status it goes to. */
export const BoardMoveFormSchema = MoveOrderSchema.extend({
  intent: z.literal('move').optional(),
  number: OrderNumberParamsSchema.shape.number,
});
export type BoardMoveForm = FormFields<z.input<typeof BoardMoveFormSchema>>;

/** A weighing on the operator's board (ADR 054): the order, the line's product and the grams weighed. */
export const BoardWeighFormSchema = WeighLineSchema.extend({
  intent: z.literal('weigh'),
  number: OrderNumberParamsSchema.shape.number,
});
export type BoardWeighForm = FormFields<z.input<typeof BoardWeighFormSchema>>;

/** A substitution on the operator's order page (ADR 055): the order, the line's product, the replacement. */
export const BoardSubstituteFormSchema = SubstituteLineSchema.extend({
  intent: z.literal('substitute'),
  number: OrderNumberParamsSchema.shape.number,
});
export type BoardSubstituteForm = FormFields<z.input<typeof BoardSubstituteFormSchema>>;

/** A shop's time to answer a replacement, set on the operator's board (ADR 055): the shop and the minutes. */
export const BoardReplacementMinutesFormSchema = ReplacementMinutesSchema.extend({
  intent: z.literal('replacement-minutes'),
  store: StoreParamsSchema.shape.id,
});
export type BoardReplacementMinutesForm = FormFields<z.input<typeof BoardReplacementMinutesFormSchema>>;
