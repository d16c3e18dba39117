import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './catalog';

/** Key/value site settings: 'header', 'footer', 'socials'. Values are validated by core/contracts/content. */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * SEO fields for every known path ('/home' is the front page) and, when hasContent is set, the body of a
 * generic content page served at /{slug}.
 */
export const pages = pgTable('pages', {
  path: text('path').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull().default(''),
  hasContent: boolean('has_content').notNull().default(false),
  seoTitle: text('seo_title').notNull().default(''),
  seoDesc: text('seo_desc').notNull().default(''),
  seoKeywords: text('seo_keywords').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const recipes = pgTable('recipes', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  summary: text('summary').notNull().default(''),
  /** Steps, one per array element. */
  steps: jsonb('steps').$type<string[]>().notNull().default([]),
  image: text('image'),
  cookMinutes: integer('cook_minutes').notNull(),
  servings: integer('servings').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});

export const recipeIngredients = pgTable(
  'recipe_ingredients',
  {
    recipeId: uuid('recipe_id')
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    amount: text('amount').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.recipeId, t.position] })],
);

/**
 * The catalogue products an ingredient can be bought as (issue 27), best first (`rank`): the recipe page
 * offers the first one the shopper's area has. `packs`: how many of that product the recipe's own servings
 * need (0.1 of a ten-egg box, 1.5 packs of curd), scaled by the servings asked for and rounded up to whole
 * packs (core/rules/recipe.ts).
 */
export const recipeIngredientProducts = pgTable(
  'recipe_ingredient_products',
  {
    recipeId: uuid('recipe_id').notNull(),
    position: integer('position').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
    packs: numeric('packs', { precision: 6, scale: 3, mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.recipeId, t.position, t.rank] }),
    foreignKey({
      columns: [t.recipeId, t.position],
      foreignColumns: [recipeIngredients.recipeId, recipeIngredients.position],
    }).onDelete('cascade'),
    index('recipe_ingredient_products_product_idx').on(t.productId),
    check('recipe_ingredient_products_packs_positive', sql`${t.packs} > 0`),
  ],
);

/** Blog posts and news share one shape. */
export const articles = pgTable(
  'articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['blog', 'news'] }).notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull(),
    image: text('image'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('articles_kind_slug_idx').on(t.kind, t.slug),
    index('articles_kind_published_idx').on(t.kind, t.publishedAt),
  ],
);

export const vacancies = pgTable('vacancies', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  city: text('city').notNull(),
  employment: text('employment').notNull(),
  salaryFromRoubles: integer('salary_from_roubles'),
  salaryToRoubles: integer('salary_to_roubles'),
  description: text('description').notNull(),
  requirements: jsonb('requirements').$type<string[]>().notNull().default([]),
  isOpen: boolean('is_open').notNull().default(true),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});
