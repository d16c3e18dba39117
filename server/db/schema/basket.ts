import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
// Relative, not '@core/…': drizzle-kit loads this file without the project's path aliases.
import { ON_MISSING } from '../../../core/rules/substitution';
import { points, products } from './catalog';
import { users } from './identity';

/**
 * One row per customer who has had a basket: the row every change locks first (`insert … on conflict do
 * update`, which holds the row lock to the end of the transaction), so changes of one basket take turns
 * while different customers never wait for each other (docs/decisions/011).
 */
export const baskets = pgTable('baskets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The lines of a signed-in basket: a product bought from one point. Stock is not copied here: a line whose
 * point has fewer left than its quantity is shown so and capped on its next change.
 */
export const basketItems = pgTable(
  'basket_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => baskets.userId, { onDelete: 'cascade' }),
    pointId: uuid('point_id')
      .notNull()
      .references(() => points.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** What to do when the product is missing at assembly (ADR 055); null: the order's choice at checkout. */
    onMissing: text('on_missing', { enum: ON_MISSING }),
    /** The similar product picked as its replacement, if any. */
    replacementId: uuid('replacement_id').references(() => products.id, { onDelete: 'set null' }),
    /** The order lines were added in (groups and lines are shown in it); a quantity change keeps it. */
    position: bigint('position', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.pointId, t.productId] }),
    index('basket_items_product_idx').on(t.productId),
    index('basket_items_point_idx').on(t.pointId),
    // Pieces go to 999 (SPEC §5); goods sold by weight count grams, up to WEIGHT_MAX_GRAMS (ADR 054). Which
    // applies is the product's: the basket service checks it, this backs the wider of the two.
    check('basket_items_quantity_range', sql`${t.quantity} between 1 and 20000`),
  ],
);
