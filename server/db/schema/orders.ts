import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
// Relative, not '@core/…': drizzle-kit loads this file without the project's path aliases.
import { FULFILMENTS, ORDER_STATUSES, PAYMENT_METHODS } from '../../../core/rules/orders';
import { SOLD_BY } from '../../../core/rules/sold-by-weight';
import { ON_MISSING, SUBSTITUTION_DECIDERS, SUBSTITUTION_STATES } from '../../../core/rules/substitution';
import { points, products, stores } from './catalog';
import { deliveryZones } from './geo';
import { users } from './identity';

/** Human-readable order numbers: 100001, 100002, … */
export const orderNumbers = pgSequence('order_numbers', { startWith: 100001 });

/** One order per point (a multi-seller basket becomes several orders, placed together: DESIGN.md §3). */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull().unique().default(sql`nextval('order_numbers')`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    pointId: uuid('point_id')
      .notNull()
      .references(() => points.id),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('new'),
    fulfilment: text('fulfilment', { enum: FULFILMENTS }).notNull(),
    /** Delivery only: where, and who to tell the courier about. */
    address: text('address'),
    flat: text('flat').notNull().default(''),
    entrance: text('entrance').notNull().default(''),
    floor: text('floor').notNull().default(''),
    courierComment: text('courier_comment').notNull().default(''),
    zoneId: uuid('zone_id').references(() => deliveryZones.id),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    slotStart: timestamp('slot_start', { withTimezone: true }),
    slotEnd: timestamp('slot_end', { withTimezone: true }),
    phone: text('phone').notNull(),
    payment: text('payment', { enum: PAYMENT_METHODS }).notNull(),
    comment: text('comment').notNull().default(''),
    /**
     * Money in kopecks, as core/rules/order-totals.ts computes it when the order is placed: the goods at the
     * prices paid (its `goods`), what discounts saved, the delivery fee, the total (goods + fee).
     */
    itemsKopecks: integer('items_kopecks').notNull(),
    savingsKopecks: integer('savings_kopecks').notNull().default(0),
    deliveryFeeKopecks: integer('delivery_fee_kopecks').notNull().default(0),
    totalKopecks: integer('total_kopecks').notNull(),
    /**
     * Taken off the goods at checkout (issue 25): a promo code's discount (the code as typed, upper-cased) and
     * the bonus points spent. The total is goods − promo − bonus + fee.
     */
    promoKopecks: integer('promo_kopecks').notNull().default(0),
    promoCode: text('promo_code'),
    bonusKopecks: integer('bonus_kopecks').notNull().default(0),
    /** The checkout's choice for a missing item (ADR 055); a line may override it. */
    onMissing: text('on_missing', { enum: ON_MISSING }).notNull().default('call'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    check('orders_total_non_negative', sql`${t.totalKopecks} >= 0`),
    check('orders_discounts_non_negative', sql`${t.promoKopecks} >= 0 and ${t.bonusKopecks} >= 0`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    /** A copy of what was bought: a later edit of the product never changes an order. */
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    image: text('image'),
    weightGrams: integer('weight_grams').notNull(),
    priceKopecks: integer('price_kopecks').notNull(),
    discountPercent: integer('discount_percent').notNull().default(0),
    /** Pieces; grams for a line sold by weight, whose price is then per kilogram (ADR 054). */
    quantity: integer('quantity').notNull(),
    /** The product's VAT code when bought (the receipt's); null on orders placed before it was kept. */
    vatCode: smallint('vat_code'),
    soldBy: text('sold_by', { enum: SOLD_BY }).notNull().default('piece'),
    /** A weighed line's terms when bought (its step, and about what a piece weighs), for showing its amount. */
    stepGrams: integer('step_grams'),
    pieceGrams: integer('piece_grams'),
    /** What the picker weighed at assembly; null until then. The line's price follows it (ADR 054). */
    actualGrams: integer('actual_grams'),
    /** The line's own choice for when it is missing (ADR 055); null: the order's. */
    onMissing: text('on_missing', { enum: ON_MISSING }),
    /** The similar product the customer picked as the replacement, if any. */
    chosenReplacementId: uuid('chosen_replacement_id').references(() => products.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.productId] }),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    check('order_items_actual_grams_positive', sql`${t.actualGrams} is null or ${t.actualGrams} > 0`),
  ],
);

export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    /** A step within the status (a line missing, a replacement offered or answered: ADR 055); null: the move. */
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Tells apart events of the same moment (several steps in one transaction, or a frozen test clock). */
    position: bigint('position', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.position)],
);

/**
 * What assembly did to an order line the picker could not find (ADR 055): missing, or a replacement offered
 * and answered. The original line stays as it was ordered; the replacement is a copy of the product as
 * offered, like an order line. One per line.
 */
export const orderSubstitutions = pgTable(
  'order_substitutions',
  {
    orderId: uuid('order_id').notNull(),
    productId: uuid('product_id').notNull(),
    state: text('state', { enum: SUBSTITUTION_STATES }).notNull(),
    decidedBy: text('decided_by', { enum: SUBSTITUTION_DECIDERS }),
    replacementId: uuid('replacement_id').references(() => products.id),
    name: text('name'),
    slug: text('slug'),
    image: text('image'),
    weightGrams: integer('weight_grams'),
    priceKopecks: integer('price_kopecks'),
    discountPercent: integer('discount_percent'),
    quantity: integer('quantity'),
    vatCode: smallint('vat_code'),
    soldBy: text('sold_by', { enum: SOLD_BY }),
    stepGrams: integer('step_grams'),
    pieceGrams: integer('piece_grams'),
    /** An offer's time to answer; once past, the line's choice settles it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.productId] }),
    foreignKey({
      columns: [t.orderId, t.productId],
      foreignColumns: [orderItems.orderId, orderItems.productId],
    }).onDelete('cascade'),
    // The sweep finds offers past their time by this.
    index('order_substitutions_offered_idx').on(t.expiresAt).where(sql`${t.state} = 'offered'`),
    check(
      'order_substitutions_replacement',
      sql`${t.state} = 'missing' or (${t.replacementId} is not null and ${t.quantity} > 0 and ${t.priceKopecks} >= 0)`,
    ),
  ],
);

/** Delivery slots taken per point and start; the CHECK backs the conditional increment. */
export const slotReservations = pgTable(
  'slot_reservations',
  {
    pointId: uuid('point_id')
      .notNull()
      .references(() => points.id, { onDelete: 'cascade' }),
    slotStart: timestamp('slot_start', { withTimezone: true }).notNull(),
    reserved: integer('reserved').notNull().default(0),
    capacity: integer('capacity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.pointId, t.slotStart] }),
    check('slot_reservations_within_capacity', sql`${t.reserved} >= 0 and ${t.reserved} <= ${t.capacity}`),
  ],
);

/** POST /api/orders with an Idempotency-Key: the first request's fingerprint and, once done, its answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is in flight. */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** SPEC §3 Notification: type, title, content, chat_id, link, is_read, is_closeble. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['message', 'link_message', 'chat_message'] }).notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    link: text('link'),
    chatId: text('chat_id'),
    isRead: boolean('is_read').notNull().default(false),
    isClosable: boolean('is_closeble').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When it went out to the customer's sockets (and push). A notification stored inside another module's
     * transaction waits, null, until that transaction committed and the notifications module sent it.
     */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_pending_idx').on(t.userId).where(sql`${t.deliveredAt} is null`),
    // The socket's catch-up: a user's notifications by the time they became theirs to see (ADR 027 amended).
    index('notifications_user_seen_idx').on(t.userId, sql`coalesce(${t.deliveredAt}, ${t.createdAt})`),
  ],
);
