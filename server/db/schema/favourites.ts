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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  FAVOURITE_TYPES,
  SET_COUNT_MAX,
  SET_COUNT_MIN,
  SET_TITLE_MAX_LENGTH,
} from '../../../core/rules/favourites';
import { products, stores } from './catalog';
import { articles, recipes } from './content';
import { users } from './identity';

/**
 * One row per customer who has used favourites or sets: the row every change locks first (`insert … on
 * conflict do update`), so one customer's toggles and set edits take turns — twenty toggles of one item flip
 * it twenty times, and no two changes can both pass a limit (docs/decisions/019).
 */
export const favouriteOwners = pgTable('favourite_owners', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A favourite: a product, a shop, or an 'article' — a blog or news article, or a recipe (SPEC §3 has three
 * types; a recipe is filed under articles). One column per kind of item, each a foreign key, so a deleted
 * product, shop or article leaves nobody's list (and the badge's count never counts what no list shows).
 */
export const favourites = pgTable(
  'favourites',
  {
    /** Also the order they were added in: lists show the newest first. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => favouriteOwners.userId, { onDelete: 'cascade' }),
    type: text('type', { enum: FAVOURITE_TYPES }).notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    articleId: uuid('article_id').references(() => articles.id, { onDelete: 'cascade' }),
    recipeId: uuid('recipe_id').references(() => recipes.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('favourites_user_type_idx').on(t.userId, t.type, t.id),
    uniqueIndex('favourites_user_product_idx').on(t.userId, t.productId),
    uniqueIndex('favourites_user_store_idx').on(t.userId, t.storeId),
    uniqueIndex('favourites_user_article_idx').on(t.userId, t.articleId),
    uniqueIndex('favourites_user_recipe_idx').on(t.userId, t.recipeId),
    index('favourites_product_idx').on(t.productId),
    index('favourites_store_idx').on(t.storeId),
    index('favourites_article_idx').on(t.articleId),
    index('favourites_recipe_idx').on(t.recipeId),
    check(
      'favourites_one_item',
      sql`(${t.type} = 'product' and ${t.productId} is not null and ${t.storeId} is null and ${t.articleId} is null and ${t.recipeId} is null)
        or (${t.type} = 'store' and ${t.storeId} is not null and ${t.productId} is null and ${t.articleId} is null and ${t.recipeId} is null)
        or (${t.type} = 'article' and ${t.productId} is null and ${t.storeId} is null
          and (${t.articleId} is null) <> (${t.recipeId} is null))`,
    ),
  ],
);

/** A named set of products ("набор", SPEC §3 favourite category). */
export const favouriteSets = pgTable(
  'favourite_sets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => favouriteOwners.userId, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Sets are listed in the order they were created. */
    position: bigint('position', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('favourite_sets_user_idx').on(t.userId, t.position),
    check(
      'favourite_sets_title_length',
      sql`char_length(${t.title}) between 1 and ${sql.raw(String(SET_TITLE_MAX_LENGTH))}`,
    ),
  ],
);

/** A product in a set and how many of it (1–100, SPEC §5); a product is in a set at most once. */
export const favouriteSetItems = pgTable(
  'favourite_set_items',
  {
    setId: uuid('set_id')
      .notNull()
      .references(() => favouriteSets.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    /** Lines keep the order they were added in; a count change keeps it. */
    position: bigint('position', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    primaryKey({ columns: [t.setId, t.productId] }),
    index('favourite_set_items_product_idx').on(t.productId),
    check(
      'favourite_set_items_count_range',
      sql`${t.count} between ${sql.raw(String(SET_COUNT_MIN))} and ${sql.raw(String(SET_COUNT_MAX))}`,
    ),
  ],
);
