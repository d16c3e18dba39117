import type { ArticleKind } from '@core/contracts/content';
import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  articles,
  pages,
  recipeIngredientProducts,
  recipeIngredients,
  recipes,
  siteSettings,
  vacancies,
} from '../../db/schema/index';

export async function findSettingsRows(db: Db, keys: readonly string[]) {
  return db
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(inArray(siteSettings.key, [...keys]));
}

/** Every page row: SEO fields of known paths and the bodies of content pages (a few dozen rows). */
export async function findAllPages(db: Db) {
  return db.select().from(pages).orderBy(asc(pages.path));
}

export type PageRow = Awaited<ReturnType<typeof findAllPages>>[number];

// Recipes, articles and vacancies ---------------------------------------------------------------------------

export type Paging = { offset: number; limit: number };

const recipeCardColumns = {
  id: recipes.id,
  slug: recipes.slug,
  title: recipes.title,
  summary: recipes.summary,
  image: recipes.image,
  cookMinutes: recipes.cookMinutes,
  servings: recipes.servings,
  publishedAt: recipes.publishedAt,
};

/** One page of recipe cards, newest first, and the number of all recipes. */
export async function findRecipeCards(db: Db, { offset, limit }: Paging) {
  const [rows, [counted]] = await Promise.all([
    db
      .select(recipeCardColumns)
      .from(recipes)
      .orderBy(desc(recipes.publishedAt), asc(recipes.slug))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(recipes),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * A recipe with its ingredients in order, each with its candidate products best first (`{ productId, packs }`,
 * none for salt and water), and a few other recipes.
 */
export async function findRecipeBySlug(db: Db, slug: string, relatedLimit: number) {
  const [recipe] = await db.select().from(recipes).where(eq(recipes.slug, slug)).limit(1);
  if (!recipe) return undefined;
  const [rows, candidates, related] = await Promise.all([
    db
      .select({
        position: recipeIngredients.position,
        text: recipeIngredients.text,
        amount: recipeIngredients.amount,
      })
      .from(recipeIngredients)
      .where(eq(recipeIngredients.recipeId, recipe.id))
      .orderBy(asc(recipeIngredients.position)),
    db
      .select({
        position: recipeIngredientProducts.position,
        productId: recipeIngredientProducts.productId,
        packs: recipeIngredientProducts.packs,
      })
      .from(recipeIngredientProducts)
      .where(eq(recipeIngredientProducts.recipeId, recipe.id))
      .orderBy(asc(recipeIngredientProducts.position), asc(recipeIngredientProducts.rank)),
    db
      .select(recipeCardColumns)
      .from(recipes)
      .where(ne(recipes.id, recipe.id))
      .orderBy(desc(recipes.publishedAt), asc(recipes.slug))
      .limit(relatedLimit),
  ]);
  const ingredients = rows.map((row) => ({
    ...row,
    candidates: candidates
      .filter((candidate) => candidate.position === row.position)
      .map(({ productId, packs }) => ({ productId, packs: Number(packs) })),
  }));
  return { recipe, ingredients, related };
}

const articleCardColumns = {
  id: articles.id,
  kind: articles.kind,
  slug: articles.slug,
  title: articles.title,
  summary: articles.summary,
  image: articles.image,
  publishedAt: articles.publishedAt,
};

/** One page of article cards of a kind, newest first, and the number of all articles of that kind. */
export async function findArticleCards(db: Db, kind: ArticleKind, { offset, limit }: Paging) {
  const [rows, [counted]] = await Promise.all([
    db
      .select(articleCardColumns)
      .from(articles)
      .where(eq(articles.kind, kind))
      .orderBy(desc(articles.publishedAt), asc(articles.slug))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(articles).where(eq(articles.kind, kind)),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** An article of a kind with a few other articles of the same kind. */
export async function findArticleBySlug(db: Db, kind: ArticleKind, slug: string, relatedLimit: number) {
  const [article] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.kind, kind), eq(articles.slug, slug)))
    .limit(1);
  if (!article) return undefined;
  const related = await db
    .select(articleCardColumns)
    .from(articles)
    .where(and(eq(articles.kind, kind), ne(articles.id, article.id)))
    .orderBy(desc(articles.publishedAt), asc(articles.slug))
    .limit(relatedLimit);
  return { article, related };
}

/** Article and recipe cards by id (favourites keep both under 'article'); unknown ids are left out. */
export async function findPublicationCardsByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return { articleRows: [], recipeRows: [] };
  const [articleRows, recipeRows] = await Promise.all([
    db
      .select(articleCardColumns)
      .from(articles)
      .where(inArray(articles.id, [...ids])),
    db
      .select(recipeCardColumns)
      .from(recipes)
      .where(inArray(recipes.id, [...ids])),
  ]);
  return { articleRows, recipeRows };
}

/** Open vacancies (of one city when given), grouped by city, newest first within a city. */
export async function findOpenVacancies(db: Db, city?: string) {
  return db
    .select()
    .from(vacancies)
    .where(city ? and(eq(vacancies.isOpen, true), eq(vacancies.city, city)) : eq(vacancies.isOpen, true))
    .orderBy(asc(vacancies.city), desc(vacancies.publishedAt), asc(vacancies.title));
}

/** Every city with at least one open vacancy. */
export async function findVacancyCities(db: Db) {
  const rows = await db
    .selectDistinct({ city: vacancies.city })
    .from(vacancies)
    .where(eq(vacancies.isOpen, true))
    .orderBy(asc(vacancies.city));
  return rows.map((row) => row.city);
}

/** Slugs and dates of every recipe and article, for the sitemap. */
export async function findPublicationDates(db: Db) {
  const [recipeRows, articleRows] = await Promise.all([
    db
      .select({ slug: recipes.slug, publishedAt: recipes.publishedAt })
      .from(recipes)
      .orderBy(asc(recipes.slug)),
    db
      .select({ kind: articles.kind, slug: articles.slug, publishedAt: articles.publishedAt })
      .from(articles)
      .orderBy(asc(articles.kind), asc(articles.slug)),
  ]);
  return { recipeRows, articleRows };
}

export type RecipeCardRow = Awaited<ReturnType<typeof findRecipeCards>>['rows'][number];
export type RecipeDetailRows = NonNullable<Awaited<ReturnType<typeof findRecipeBySlug>>>;
export type ArticleCardRow = Awaited<ReturnType<typeof findArticleCards>>['rows'][number];
export type ArticleDetailRows = NonNullable<Awaited<ReturnType<typeof findArticleBySlug>>>;
export type VacancyRow = Awaited<ReturnType<typeof findOpenVacancies>>[number];
