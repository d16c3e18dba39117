/** The catalogue import's queries (ADR 049): products by (shop, offer id), their stock, categories. */
import { and, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { categories, points, products, stock } from '../../../db/schema/index';

export type ImportedProductRow = {
  id: string;
  externalId: string;
  name: string;
  description: string;
  categoryId: string | null;
  priceKopecks: number;
  discountPercent: number;
  weightGrams: number;
  images: string[];
  externalPictures: string | null;
};

export type ProductValues = Omit<ImportedProductRow, 'id' | 'externalId'>;

export const findStorePointKeys = (db: Executor, storeId: string) =>
  db.select({ id: points.id, slug: points.slug }).from(points).where(eq(points.storeId, storeId));

export const findAllCategories = (db: Executor) =>
  db
    .select({
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
      parentId: categories.parentId,
    })
    .from(categories)
    .orderBy(categories.sort, categories.name);

/** A new category, or undefined when its slug is taken (the caller tries another). */
export async function insertCategory(
  db: Executor,
  values: { slug: string; name: string; parentId: string | null; sort: number },
): Promise<string | undefined> {
  const [row] = await db
    .insert(categories)
    .values(values)
    .onConflictDoNothing({ target: categories.slug })
    .returning({ id: categories.id });
  return row?.id;
}

export async function findImportedProducts(
  db: Executor,
  storeId: string,
  externalIds: readonly string[],
): Promise<ImportedProductRow[]> {
  if (externalIds.length === 0) return [];
  const rows = await db
    .select({
      id: products.id,
      externalId: products.externalId,
      name: products.name,
      description: products.description,
      categoryId: products.categoryId,
      priceKopecks: products.priceKopecks,
      discountPercent: products.discountPercent,
      weightGrams: products.weightGrams,
      images: products.images,
      externalPictures: products.externalPictures,
    })
    .from(products)
    .where(and(eq(products.storeId, storeId), inArray(products.externalId, [...externalIds])));
  return rows.flatMap((row) => (row.externalId === null ? [] : [{ ...row, externalId: row.externalId }]));
}

export async function findStockOf(db: Executor, productIds: readonly string[]) {
  if (productIds.length === 0) return [];
  return db
    .select({ productId: stock.productId, pointId: stock.pointId, count: stock.count })
    .from(stock)
    .where(inArray(stock.productId, [...productIds]));
}

/** New products of one batch in one statement: their ids by offer id. */
export async function upsertImportedProducts(
  tx: Executor,
  storeId: string,
  rows: readonly { externalId: string; slug: string; values: ProductValues }[],
): Promise<Map<string, string>> {
  if (rows.length === 0) return new Map();
  const written = await tx
    .insert(products)
    .values(rows.map((row) => ({ ...row.values, storeId, externalId: row.externalId, slug: row.slug })))
    .onConflictDoUpdate({
      target: [products.storeId, products.externalId],
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        categoryId: sql`excluded.category_id`,
        priceKopecks: sql`excluded.price_kopecks`,
        discountPercent: sql`excluded.discount_percent`,
        weightGrams: sql`excluded.weight_grams`,
        images: sql`excluded.images`,
        externalPictures: sql`excluded.external_pictures`,
      },
    })
    .returning({ id: products.id, externalId: products.externalId });
  return new Map(written.flatMap((row) => (row.externalId === null ? [] : [[row.externalId, row.id]])));
}

export async function updateImportedProduct(tx: Executor, id: string, values: ProductValues): Promise<void> {
  await tx.update(products).set(values).where(eq(products.id, id));
}

/** The counts of a product at its points, the rows written as they are given. */
export async function writeStock(
  tx: Executor,
  rows: readonly { pointId: string; productId: string; count: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(stock)
    .values([...rows])
    .onConflictDoUpdate({ target: [stock.pointId, stock.productId], set: { count: sql`excluded.count` } });
}

/**
 * The shop's imported products that the feed no longer lists go out of stock at every point, in one statement;
 * returns how many products that took off sale (those already out of stock are not counted again).
 */
export async function withdrawImportedProductsNotIn(
  db: Executor,
  storeId: string,
  listedExternalIds: readonly string[],
): Promise<number> {
  const rows = await db
    .update(stock)
    .set({ count: 0 })
    .from(products)
    .where(
      and(
        eq(stock.productId, products.id),
        eq(products.storeId, storeId),
        isNotNull(products.externalId),
        sql`not (${products.externalId} = any(${sql.param([...listedExternalIds])}::text[]))`,
        gt(stock.count, 0),
      ),
    )
    .returning({ productId: stock.productId });
  return new Set(rows.map((row) => row.productId)).size;
}

/**
 * Fresh planner statistics for the tables an import grows. Right after thousands of products are inserted the
 * statistics still describe the small table of before, and the per-batch reads by offer id are planned as
 * scans of the whole table until autovacuum analyses it (a minute or more later).
 */
export async function analyseImportedTables(db: Executor): Promise<void> {
  await db.execute(sql`analyze ${products}`);
  await db.execute(sql`analyze ${stock}`);
}

/**
 * The import's last word: `VACUUM (ANALYZE)` of the tables it wrote. ANALYZE alone leaves the visibility map of
 * the new pages unset, so the header search's index-only scans (ADR 009, migration 0018) read the heap for
 * every match until autovacuum comes by, which on a freshly imported large catalogue takes minutes. VACUUM
 * cannot run inside a transaction block, so this takes the database handle, never a transaction: a pooled
 * connection in autocommit on PostgreSQL, PGlite's one session outside any `transaction()`.
 */
export async function vacuumImportedTables(db: Db, withCategories: boolean): Promise<void> {
  await db.execute(
    withCategories
      ? sql`vacuum (analyze) ${products}, ${stock}, ${categories}`
      : sql`vacuum (analyze) ${products}, ${stock}`,
  );
}
