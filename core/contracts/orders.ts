/** Checkout and orders: requests and answers (DESIGN.md §3 "Orders", issue 6). */
import { FULFILMENTS, ORDER_STATUSES, PAYMENT_METHODS } from '../rules/orders';
import { isPromoCode, PROMO_CODE_MAX_LENGTH } from '../rules/promo';
import { ON_MISSING, SUBSTITUTION_DECIDERS, SUBSTITUTION_STATES } from '../rules/substitution';
import type { FormFields } from './form-fields';
import { PhoneSchema } from './identity';
import { z } from './z';

/** The most bonus points one checkout may ask to spend (a server-side limit on the field). */
export const BONUS_POINTS_MAX = 1_000_000;

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** The Idempotency-Key of a checkout: the API's header, the checkout page's hidden field. */
const KEY_MISSING = 'Нужен ключ повтора (Idempotency-Key): обновите страницу и попробуйте снова';
export const IdempotencyKeySchema = z
  .string(KEY_MISSING)
  .trim()
  .min(1, KEY_MISSING)
  .max(IDEMPOTENCY_KEY_MAX_LENGTH, `Idempotency-Key не длиннее ${IDEMPOTENCY_KEY_MAX_LENGTH} символов`);

export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export const FulfilmentSchema = z.enum(FULFILMENTS, { error: 'Выберите доставку или самовывоз' });
export const PaymentSchema = z.enum(PAYMENT_METHODS, { error: 'Выберите способ оплаты' });
/** What to do with a missing item (ADR 055): 'similar', 'call' or 'remove'. */
export const OnMissingSchema = z.enum(ON_MISSING, {
  error: 'Выберите, что делать, если товара не окажется',
});

/** A courier's detail: one line (flat, entrance, floor). */
const detail = (max: number, message: string) => z.line().trim().max(max, message).default('');
/** A comment: may span lines. */
const note = (max: number, message: string) => z.string().trim().max(max, message).default('');

/** One point's order in a checkout. */
export const OrderGroupInputSchema = z
  .object({
    point: z.uuid('Некорректная точка'),
    fulfilment: FulfilmentSchema,
    /** Delivery: the start of a slot from GET /api/points/{id}/slots (ISO). */
    slot: z.iso.datetime({ offset: true, error: 'Выберите время доставки' }).optional(),
    /** Delivery: one of the customer's saved addresses, and the details for the courier. */
    address: z
      .object({
        id: z.uuid('Выберите адрес доставки'),
        flat: detail(20, 'Квартира — не длиннее 20 символов'),
        entrance: detail(20, 'Подъезд — не длиннее 20 символов'),
        floor: detail(20, 'Этаж — не длиннее 20 символов'),
        comment: note(300, 'Комментарий курьеру — не длиннее 300 символов'),
      })
      .optional(),
  })
  .superRefine((group, context) => {
    if (group.fulfilment !== 'delivery') return;
    if (!group.slot) context.addIssue({ code: 'custom', path: ['slot'], message: 'Выберите время доставки' });
    if (!group.address)
      context.addIssue({ code: 'custom', path: ['address'], message: 'Выберите адрес доставки' });
  });

/** POST /api/orders (with an Idempotency-Key header). */
export const PlaceOrdersSchema = z.object({
  orders: z
    .array(OrderGroupInputSchema)
    .min(1, 'Выберите, что оформить')
    .max(20, 'Не больше 20 заказов за раз')
    .refine(
      (groups) => new Set(groups.map((group) => group.point)).size === groups.length,
      'Каждая точка — один раз',
    ),
  phone: PhoneSchema,
  payment: PaymentSchema,
  comment: note(300, 'Комментарий — не длиннее 300 символов'),
  /** Bonus points to spend at most (1 point = 1 ₽; issue 25): the server spends what the rules and balance allow. */
  bonus: z.coerce
    .number('Баллы — целым числом')
    .int('Баллы — целым числом')
    .min(0, 'Баллы — не меньше нуля')
    .max(BONUS_POINTS_MAX, `Не больше ${BONUS_POINTS_MAX} баллов`)
    .optional(),
  /** A promo code ('Промокод'), case-insensitive; empty: none. */
  promo: z
    .string()
    .trim()
    .max(PROMO_CODE_MAX_LENGTH, `Промокод — не длиннее ${PROMO_CODE_MAX_LENGTH} символов`)
    .refine(
      (code) => code === '' || isPromoCode(code),
      'Такого промокода нет. Проверьте, нет ли в нём опечатки',
    )
    .optional(),
  /**
   * What to do with an item the shop turns out not to have (ADR 055), for every line whose own choice in the
   * basket is not set; 'call' when absent.
   */
  on_missing: OnMissingSchema.optional(),
});
export type PlaceOrders = z.infer<typeof PlaceOrdersSchema>;

// Forms (ADR 042) -------------------------------------------------------------------------------------------

/**
 * The checkout page's form (/order): POST /api/orders' body with its Idempotency-Key as a field. One group
 * per point (`orders[0].point`, `orders[0].address.flat` …); a pickup group carries none of the delivery
 * fields, whatever the page's hidden delivery part of it held (a form without JavaScript posts them all).
 */
export const CheckoutFormSchema = PlaceOrdersSchema.extend({
  key: IdempotencyKeySchema,
  /** 'Картой онлайн' (issue 25): the customer agrees that the card is saved for later payments. */
  save_card: z.enum(['on']).optional(),
  /** 'Картой онлайн' with a saved card (its id in the cabinet's list): paid in one tap. */
  saved_card: z.uuid('Выберите сохранённую карту').optional(),
  orders: z
    .array(
      z.preprocess(
        (group) =>
          typeof group === 'object' &&
          group !== null &&
          'fulfilment' in group &&
          group.fulfilment === 'pickup'
            ? { point: 'point' in group ? group.point : undefined, fulfilment: group.fulfilment }
            : group,
        OrderGroupInputSchema,
      ),
    )
    .min(1, 'Выберите, что оформить')
    .max(20, 'Не больше 20 заказов за раз')
    .refine(
      (groups) => new Set(groups.map((group) => group.point)).size === groups.length,
      'Каждая точка — один раз',
    ),
});
/** A checkout post's fields as the form sends them (text). */
export type CheckoutForm = FormFields<z.input<typeof CheckoutFormSchema>>;

/** The order page's posts (/order/{slug}): cancel (once `confirm` says yes: else the action asks) or repeat. */
export const OrderPageFormSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('cancel'), confirm: z.line().max(10).optional() }),
    z.object({ intent: z.literal('repeat') }),
    // 'Оплатить' (issue 25): to YooKassa's page again, for an order still waiting for its payment.
    z.object({ intent: z.literal('pay') }),
    // A replacement offered at assembly (ADR 055): 'Принять замену' or 'Отказаться'.
    z.object({
      intent: z.literal('answer-replacement'),
      product: z.uuid('Некорректный идентификатор товара'),
      answer: z.enum(['accept', 'reject'], { error: 'Примите замену или откажитесь от неё' }),
    }),
  ],
  { error: 'Неизвестное действие с заказом' },
);
export type OrderPageForm = FormFields<z.input<typeof OrderPageFormSchema>>;

/** What an order line and a replacement offered for it both say of their product (a copy as bought). */
const OrderedProductSchema = z.object({
  product: z.string(),
  slug: z.string(),
  name: z.string(),
  img: z.string().nullable(),
  weight: z.number().int(),
  /** Kopecks per unit (per kg for goods sold by weight). */
  price: z.number().int(),
  discount: z.number().int(),
  quantity: z.number().int(),
});

export const OrderItemSchema = OrderedProductSchema.extend({
  /** The 54-ФЗ VAT code the line was sold with (null: the shop's default setting). */
  vat_code: z.number().int().nullable(),
  /**
   * A line sold by weight (ADR 054): `price` is per kg and `quantity` the grams ordered; `actual` what the
   * picker weighed (null until then); `estimate` and `final` the line's price at the ordered and the weighed
   * grams (kopecks, at the price paid). Absent on lines sold by the piece.
   */
  by_weight: z
    .object({
      step: z.number().int(),
      piece: z.number().int().nullable(),
      actual: z.number().int().nullable(),
      estimate: z.number().int(),
      final: z.number().int().nullable(),
    })
    .optional(),
  /** What the customer chose for this line if it is missing (its own choice, else the order's: ADR 055). */
  on_missing: OnMissingSchema,
  /**
   * What assembly did to the line (ADR 055), null while nothing: missing, or a replacement offered (with the
   * time to answer it), accepted or rejected. `replacement` is the product as offered, `sum` its price for
   * the quantity (kopecks, at the price paid; an estimate for goods sold by weight).
   */
  substitution: z
    .object({
      state: z.enum(SUBSTITUTION_STATES),
      decided_by: z.enum(SUBSTITUTION_DECIDERS).nullable(),
      expires_at: z.string().nullable(),
      replacement: OrderedProductSchema.extend({
        by_weight: z.object({ step: z.number().int(), piece: z.number().int().nullable() }).optional(),
        sum: z.number().int(),
      }).nullable(),
    })
    .nullable(),
});

/** A body answering a replacement (POST /api/orders/{slug}/replacements/{product}). */
export const AnswerReplacementSchema = z.object({
  answer: z.enum(['accept', 'reject'], { error: 'Примите замену или откажитесь от неё' }),
});
export type ReplacementAnswer = z.infer<typeof AnswerReplacementSchema>['answer'];

export const OrderSchema = z.object({
  _id: z.string(),
  /** The order number customers see and the URL uses (/order/{slug}). */
  slug: z.string(),
  number: z.number().int(),
  status: OrderStatusSchema,
  fulfilment: FulfilmentSchema,
  store: z.object({ _id: z.string(), name: z.string(), slug: z.string() }),
  point: z.object({ _id: z.string(), name: z.string(), address: z.string(), phone: z.string().nullable() }),
  address: z.string().nullable(),
  flat: z.string(),
  entrance: z.string(),
  floor: z.string(),
  courier_comment: z.string(),
  slot: z.object({ start: z.string(), end: z.string() }).nullable(),
  phone: z.string(),
  payment: PaymentSchema,
  comment: z.string(),
  /**
   * Kopecks, by core/rules/order-totals.ts: the items at full price, what the discounts saved, the delivery
   * fee, and the total to pay (items_total − savings + delivery_fee).
   */
  items_total: z.number().int(),
  savings: z.number().int(),
  delivery_fee: z.number().int(),
  /** Taken off at checkout (issue 25): a promo code's discount (with the code) and bonus points spent. */
  promo_discount: z.number().int(),
  promo_code: z.string().nullable(),
  bonus_spent: z.number().int(),
  total: z.number().int(),
  items: z.array(OrderItemSchema),
  /**
   * Orders with lines sold by weight (ADR 054): true while some are not weighed yet (the total is an
   * estimate), and the total as estimated when the order was placed. Absent on orders of pieces only.
   */
  is_estimate: z.boolean().optional(),
  total_estimate: z.number().int().optional(),
  events: z.array(z.object({ status: OrderStatusSchema, at: z.string() })),
  /** The checkout's choice for missing items (ADR 055). */
  on_missing: OnMissingSchema,
  /** Assembly's steps, oldest first (a line missing, a replacement offered and answered: ADR 055). */
  history: z.array(z.object({ at: z.string(), text: z.string() })),
  created_at: z.string(),
  can_cancel: z.boolean(),
});
export type Order = z.infer<typeof OrderSchema>;

export const PlacedOrdersSchema = z.object({ success: z.literal(true), orders: z.array(OrderSchema) });
export type PlacedOrders = z.infer<typeof PlacedOrdersSchema>;

export const OrderSummarySchema = OrderSchema.pick({
  _id: true,
  slug: true,
  number: true,
  status: true,
  fulfilment: true,
  store: true,
  total: true,
  created_at: true,
});
export const OrderListSchema = z.array(OrderSummarySchema);

export const SlotSchema = z.object({
  start: z.string(),
  end: z.string(),
  label: z.string(),
  /** A full slot is shown but cannot be chosen. */
  is_full: z.boolean(),
});
export const SlotListSchema = z.array(SlotSchema);
export type SlotView = z.infer<typeof SlotSchema>;

/** Order numbers are PostgreSQL integers: a longer number is no order, and must not reach a query (a 500). */
export const ORDER_NUMBER_MAX = 2_147_483_647;

/** Whether a URL's order number can name an order: digits only, within the integer column. */
export function isOrderNumber(slug: string): boolean {
  return /^\d{1,10}$/.test(slug) && Number(slug) <= ORDER_NUMBER_MAX;
}

export const OrderSlugParamsSchema = z.object({ slug: z.string().refine(isOrderNumber, 'Заказ не найден') });
