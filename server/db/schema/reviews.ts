import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  REVIEW_HIDE_REASON_MAX_LENGTH,
  REVIEW_REPLY_MAX_LENGTH,
  REVIEW_TEXT_MAX_LENGTH,
} from '../../../core/rules/reviews';
import { products, stores } from './catalog';
import { users } from './identity';

/**
 * A customer's review of a shop (product null) or of one product of it (SPEC §3 Review: rating, text, type):
 * one per customer per subject, editable; an operator may reply in public, or hide it with a reason, and a
 * hidden review no longer counts in the rating (docs/decisions/045).
 */
export const storeReviews = pgTable(
  'store_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    text: text('text').notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_reviews_store_customer_idx')
      .on(t.storeId, t.customerId)
      .where(sql`${t.productId} is null`),
    uniqueIndex('store_reviews_product_customer_idx')
      .on(t.productId, t.customerId)
      .where(sql`${t.productId} is not null`),
    index('store_reviews_store_created_idx').on(t.storeId, t.createdAt),
    check('store_reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check(
      'store_reviews_text_length',
      sql`char_length(${t.text}) between 1 and ${sql.raw(String(REVIEW_TEXT_MAX_LENGTH))}`,
    ),
    check(
      'store_reviews_reason_length',
      sql`char_length(${t.hiddenReason}) <= ${sql.raw(String(REVIEW_HIDE_REASON_MAX_LENGTH))}`,
    ),
    check(
      'store_reviews_reply_length',
      sql`char_length(${t.reply}) <= ${sql.raw(String(REVIEW_REPLY_MAX_LENGTH))}`,
    ),
  ],
);

/**
 * A subject's counted (visible) reviews by star, changed in the transaction that changes a review, under this
 * row's lock: `subject` is 'store:<id>' or 'product:<id>'. The shop's and the product's rating and review
 * count in the catalogue are written from it in the same transaction.
 */
export const reviewTotals = pgTable(
  'review_totals',
  {
    subject: text('subject').primaryKey(),
    stars1: integer('stars_1').notNull().default(0),
    stars2: integer('stars_2').notNull().default(0),
    stars3: integer('stars_3').notNull().default(0),
    stars4: integer('stars_4').notNull().default(0),
    stars5: integer('stars_5').notNull().default(0),
  },
  (t) => [
    check(
      'review_totals_non_negative',
      sql`least(${t.stars1}, ${t.stars2}, ${t.stars3}, ${t.stars4}, ${t.stars5}) >= 0`,
    ),
  ],
);

/** 'Оцените магазин' dismissed on an order page: the customer is not asked about that shop again. */
export const reviewPromptDismissals = pgTable(
  'review_prompt_dismissals',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.storeId] })],
);
