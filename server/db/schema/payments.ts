import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
// Relative, not '@core/…': drizzle-kit loads this file without the project's path aliases.
import { BONUS_ENTRY_KINDS } from '../../../core/rules/discount-card';
import { ONLINE_PAYMENT_STATUSES, REFUND_STATUSES } from '../../../core/rules/payments';
import { PROMO_KINDS } from '../../../core/rules/promo';
import { stores } from './catalog';
import { users } from './identity';
import { orders } from './orders';

/**
 * One online payment of an order at YooKassa (issue 25, docs/decisions/046). Our row is written before the
 * provider is asked (its Idempotence-Key is the row's), and only ever moves forward by what the provider's
 * API answers when asked by id: a webhook's body is never believed.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** YooKassa's payment id; null until the create call answered. */
    providerId: text('provider_id').unique(),
    idempotenceKey: text('idempotence_key').notNull().unique(),
    /** 'bank_card', 'sbp', or 'saved' (a saved card's one-tap payment). */
    method: text('method').notNull(),
    status: text('status', { enum: ONLINE_PAYMENT_STATUSES }).notNull().default('pending'),
    amountKopecks: integer('amount_kopecks').notNull(),
    refundedKopecks: integer('refunded_kopecks').notNull().default(0),
    confirmationUrl: text('confirmation_url'),
    /** The customer agreed that the card is saved for later payments. */
    saveMethod: boolean('save_method').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    index('payments_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('payments_amount_positive', sql`${t.amountKopecks} > 0`),
    check(
      'payments_refund_within_amount',
      sql`${t.refundedKopecks} >= 0 and ${t.refundedKopecks} <= ${t.amountKopecks}`,
    ),
  ],
);

/** A refund of a payment (a cancelled order, or lines removed from it). */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    providerId: text('provider_id').unique(),
    idempotenceKey: text('idempotence_key').notNull().unique(),
    amountKopecks: integer('amount_kopecks').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('payment_refunds_amount_positive', sql`${t.amountKopecks} > 0`)],
);

/** A card the customer agreed to save (YooKassa's payment_method id): listed and removable in the cabinet. */
export const savedPaymentMethods = pgTable(
  'saved_payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: text('provider_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expiryMonth: smallint('expiry_month').notNull(),
    expiryYear: smallint('expiry_year').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_payment_methods_user_provider_idx').on(t.userId, t.providerId)],
);

/** Serials of the discount cards' numbers (core/rules/discount-card.ts makes a number of each). */
export const discountCardSerials = pgSequence('discount_card_serials', { startWith: 1 });

/** The customer's discount card, issued on the first visit of the cabinet's tab; one per customer. */
export const discountCards = pgTable('discount_cards', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  number: text('number').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The bonus points' ledger (kopecks, signed: earned and refunded points positive, spent and revoked ones
 * negative). The balance is always the sum; an order has at most one row of each kind, so an event handled
 * twice changes nothing.
 */
export const bonusEntries = pgTable(
  'bonus_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderNumber: integer('order_number'),
    kind: text('kind', { enum: BONUS_ENTRY_KINDS }).notNull(),
    amountKopecks: integer('amount_kopecks').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bonus_entries_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('bonus_entries_order_kind_idx').on(t.orderId, t.kind).where(sql`${t.orderId} is not null`),
  ],
);

/**
 * A shop's own bonus percentages (issue 25); a shop without a row takes core/rules/discount-card.ts's
 * defaults (earn 5% of a done order's goods, spend up to 30% of an order).
 */
export const shopBonusRules = pgTable(
  'shop_bonus_rules',
  {
    storeId: uuid('store_id')
      .primaryKey()
      .references(() => stores.id, { onDelete: 'cascade' }),
    earnPercent: smallint('earn_percent').notNull(),
    spendMaxPercent: smallint('spend_max_percent').notNull(),
  },
  (t) => [
    check('shop_bonus_rules_earn_range', sql`${t.earnPercent} between 0 and 100`),
    check('shop_bonus_rules_spend_range', sql`${t.spendMaxPercent} between 0 and 100`),
  ],
);

/**
 * A promo code (issue 25): of one shop or marketplace-wide (`store_id` null), a percentage or a fixed sum
 * off the goods, from a minimum order, within its dates, under a total and a per-customer use limit. The
 * code is kept upper-cased (codes are case-insensitive); `used_count` is taken by a conditional update the
 * CHECK backs, so concurrent checkouts never use it more than `max_uses` times.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PROMO_KINDS }).notNull(),
    /** Percent (1–100) or kopecks, by the kind. */
    value: integer('value').notNull(),
    minOrderKopecks: integer('min_order_kopecks').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    usedCount: integer('used_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('promo_codes_value_positive', sql`${t.value} > 0`),
    check('promo_codes_percent_range', sql`${t.kind} <> 'percent' or ${t.value} <= 100`),
    check(
      'promo_codes_used_within_limit',
      sql`${t.usedCount} >= 0 and (${t.maxUses} is null or ${t.usedCount} <= ${t.maxUses})`,
    ),
  ],
);

/** A use of a promo code by an order; `released_at` once the order was cancelled (the use went back). */
export const promoCodeUses = pgTable(
  'promo_code_uses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    promoCodeId: uuid('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    discountKopecks: integer('discount_kopecks').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('promo_code_uses_code_user_idx').on(t.promoCodeId, t.userId)],
);
