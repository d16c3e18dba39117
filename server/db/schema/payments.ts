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
