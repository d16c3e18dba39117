import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
// Relative, not '@core/…': drizzle-kit loads this file without the project's path aliases.
import { SOLD_BY } from '../../../core/rules/sold-by-weight';
import { cities, deliveryZones } from './geo';

/** Opening hours per ISO weekday (1 = Monday … 7 = Sunday) as 'HH:MM' strings; a missing day is closed. */
export type WeeklySchedule = Partial<
  Record<'1' | '2' | '3' | '4' | '5' | '6' | '7', { open: string; close: string }>
>;

export const stores = pgTable('stores', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  description: text('description').notNull().default(''),
  logo: text('logo'),
  rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
  reviewsCount: integer('reviews_count').notNull().default(0),
  /** Money is kept in kopecks everywhere inside the system. */
  minOrderKopecks: integer('min_order_kopecks').notNull().default(0),
  deliveryFeeKopecks: integer('delivery_fee_kopecks').notNull().default(0),
  freeDeliveryFromKopecks: integer('free_delivery_from_kopecks'),
  /** How long a customer has to answer a replacement offered at assembly (ADR 055), minutes. */
  replacementMinutes: integer('replacement_minutes').notNull().default(10),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A store's warehouse / pickup point. */
export const points = pgTable(
  'points',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    cityId: uuid('city_id')
      .notNull()
      .references(() => cities.id),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    phone: text('phone'),
    isPickup: boolean('is_pickup').notNull().default(true),
    schedule: jsonb('schedule').$type<WeeklySchedule>().notNull().default({}),
  },
  (t) => [uniqueIndex('points_store_slug_idx').on(t.storeId, t.slug), index('points_city_idx').on(t.cityId)],
);

/** Which delivery zones a point delivers to. */
export const pointZones = pgTable(
  'point_zones',
  {
    pointId: uuid('point_id')
      .notNull()
      .references(() => points.id, { onDelete: 'cascade' }),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => deliveryZones.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.pointId, t.zoneId] }), index('point_zones_zone_idx').on(t.zoneId)],
);

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    parentId: uuid('parent_id'),
    image: text('image'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('categories_parent_idx').on(t.parentId)],
);

/**
 * Products. Migration 0001 adds two generated columns that are not declared here: `search_name` (the name,
 * lower-cased, ё folded) and `search_vector` (Russian full-text vector of the name); search queries use them through sql.
 * Their indexes are hand-written too: 0001's full-text and trigram GIN indexes, 0018's `products_search_prefix_idx`
 * (the folded name in byte order with id, popularity and vector, for index-only ranking of prefix matches).
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    /** Current selling price; the pre-discount price is derived by the price helper. */
    priceKopecks: integer('price_kopecks').notNull(),
    discountPercent: integer('discount_percent').notNull().default(0),
    weightGrams: integer('weight_grams').notNull(),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
    reviewsCount: integer('reviews_count').notNull().default(0),
    /** Higher sells more; drives the "popular" sort. */
    popularity: integer('popularity').notNull().default(0),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** The 54-ФЗ receipt's VAT code of the product (YooKassa's numbering, core/rules/payments.ts): 20% by default. */
    vatCode: smallint('vat_code').notNull().default(4),
    /** The shop's own id of the product: the offer id of its YML feed (`npm run import:yml`, ADR 049). */
    externalId: text('external_id'),
    /** The feed's picture references (URLs or file names, one a line) the current images were made from. */
    externalPictures: text('external_pictures'),
    /**
     * Sold by the piece, or by weight (ADR 054): then the price is per kilogram, the stock and a basket's or
     * order's quantity are grams, bought in `step_grams` from `min_grams`; `piece_grams` is about what one
     * piece weighs for goods bought by the piece but priced by weight (a melon, a fish).
     */
    soldBy: text('sold_by', { enum: SOLD_BY }).notNull().default('piece'),
    stepGrams: integer('step_grams'),
    minGrams: integer('min_grams'),
    pieceGrams: integer('piece_grams'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_store_idx').on(t.storeId),
    index('products_category_idx').on(t.categoryId),
    // The catalogue's sort orders, so a page of 48 reads 48 rows, not the whole catalogue.
    index('products_popularity_idx').on(t.popularity.desc(), t.id),
    index('products_created_idx').on(t.createdAt.desc(), t.id),
    index('products_price_idx').on(t.priceKopecks, t.id),
    index('products_discount_idx').on(t.discountPercent.desc(), t.id),
    // An import upserts by (shop, offer id); products made here have none (NULLs never collide).
    uniqueIndex('products_store_external_idx').on(t.storeId, t.externalId),
    check('products_price_positive', sql`${t.priceKopecks} > 0`),
    check('products_discount_range', sql`${t.discountPercent} >= 0 and ${t.discountPercent} < 100`),
    check('products_weight_positive', sql`${t.weightGrams} > 0`),
    check('products_vat_code_range', sql`${t.vatCode} between 1 and 10`),
    check(
      'products_weight_terms',
      sql`${t.soldBy} = 'piece' or (${t.stepGrams} > 0 and ${t.minGrams} >= ${t.stepGrams} and (${t.pieceGrams} is null or ${t.pieceGrams} > 0))`,
    ),
  ],
);

/** A warehouse entry: stock (grams for goods sold by weight) and an optional own price of a product at one point. */
export const stock = pgTable(
  'stock',
  {
    pointId: uuid('point_id')
      .notNull()
      .references(() => points.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    priceKopecks: integer('price_kopecks'),
  },
  (t) => [
    primaryKey({ columns: [t.pointId, t.productId] }),
    index('stock_product_idx').on(t.productId),
    check('stock_count_non_negative', sql`${t.count} >= 0`),
  ],
);
