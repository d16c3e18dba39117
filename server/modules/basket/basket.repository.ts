/** The basket's queries: the lock, the lines of a customer, and the stock and prices they are shown with. */

import type { WeightTerms } from '@core/rules/sold-by-weight';
import type { OnMissing } from '@core/rules/substitution';
import { and, asc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { basketItems, baskets, points, products, stock, stores } from '../../db/schema/index';
import { statement } from '../../db/statements';

/** A product's weight terms (ADR 054) as the API shows them; null for goods sold by the piece. */
const weightTermsColumn = sql<WeightTerms | null>`case when ${products.soldBy} = 'weight'
  then json_build_object('step', ${products.stepGrams}, 'min', ${products.minGrams}, 'piece', ${products.pieceGrams}) end`;

export type LinePair = { pointId: string; productId: string };

const placeholder = {
  userId: sql.placeholder('userId'),
  pointId: sql.placeholder('pointId'),
  productId: sql.placeholder('productId'),
  quantity: sql.placeholder('quantity'),
};

/*
 * The statements of PATCH, the hot path, are named: node-postgres prepares a named statement once per pooled
 * connection, and PostgreSQL then skips parsing and, after a few runs, planning (docs/decisions/011).
 */

/**
 * Takes the customer's basket lock until the transaction ends, creating the basket row on first use. An
 * `insert … on conflict do update` locks the row exactly like `select … for update` and needs no second
 * statement when the row is missing. Every change takes it before it reads anything.
 */
export async function lockBasket(tx: Executor, userId: string): Promise<void> {
  await statement(tx, 'basket_lock', (db) =>
    db
      .insert(baskets)
      .values({ userId: placeholder.userId })
      .onConflictDoUpdate({ target: baskets.userId, set: { updatedAt: sql`now()` } }),
  ).execute({ userId });
}

export type LineState = {
  /** The line's quantity, or null when it is not in the basket. */
  quantity: number | null;
  /** Lines in the whole basket. */
  lines: number;
  /** The point's stock of the product, or null when the point does not sell it. */
  stock: number | null;
  /** The product's weight terms when it is sold by weight (ADR 054); null for pieces or an unknown product. */
  weightTerms: WeightTerms | null;
};

/**
 * One line, the size of its basket and the point's stock, in one round trip. Run it after lockBasket, as a
 * statement of its own: only a statement that starts after the lock is granted sees the changes of the
 * transaction that held it before.
 */
export async function findLineState(tx: Executor, userId: string, pair: LinePair): Promise<LineState> {
  const [row] = await statement(tx, 'basket_line_state', (db) =>
    db
      .select({
        quantity: sql<number | null>`(select ${basketItems.quantity} from ${basketItems}
          where ${basketItems.userId} = ${placeholder.userId} and ${basketItems.pointId} = ${placeholder.pointId}
            and ${basketItems.productId} = ${placeholder.productId})`,
        lines: sql<number>`(select count(*)::int from ${basketItems} where ${basketItems.userId} = ${placeholder.userId})`,
        // Table names spelled out: in a one-table select Drizzle leaves column names unqualified, which the
        // join inside this subquery would misread.
        stock: sql<number | null>`(select s.count from stock s join points pt on pt.id = s.point_id
          join products p on p.id = s.product_id
          where s.point_id = ${placeholder.pointId} and s.product_id = ${placeholder.productId}
            and p.store_id = pt.store_id)`,
        weightTerms: sql<WeightTerms | null>`(select case when p.sold_by = 'weight'
            then json_build_object('step', p.step_grams, 'min', p.min_grams, 'piece', p.piece_grams) end
          from products p where p.id = ${placeholder.productId})`,
      })
      .from(baskets)
      .where(eq(baskets.userId, placeholder.userId)),
  ).execute({ userId, ...pair });
  return row ?? { quantity: null, lines: 0, stock: null, weightTerms: null };
}

/** Sets one line's quantity (1–999 pieces, or grams of goods sold by weight); a new line is added after the others. */
export async function upsertLine(tx: Executor, userId: string, line: LineWrite): Promise<void> {
  await statement(tx, 'basket_upsert_line', (db) =>
    db
      .insert(basketItems)
      .values({
        userId: placeholder.userId,
        pointId: placeholder.pointId,
        productId: placeholder.productId,
        quantity: placeholder.quantity,
      })
      .onConflictDoUpdate({
        target: [basketItems.userId, basketItems.pointId, basketItems.productId],
        set: { quantity: sql`excluded.quantity`, updatedAt: sql`now()` },
      }),
  ).execute({ userId, ...line });
}

export async function deleteLine(tx: Executor, userId: string, pair: LinePair): Promise<void> {
  await statement(tx, 'basket_delete_line', (db) =>
    db
      .delete(basketItems)
      .where(
        and(
          eq(basketItems.userId, placeholder.userId),
          eq(basketItems.pointId, placeholder.pointId),
          eq(basketItems.productId, placeholder.productId),
        ),
      ),
  ).execute({ userId, ...pair });
}

/** Whether a point and a product exist at all (to tell an unknown id from a product the point does not sell). */
export async function findPointAndProduct(
  db: Executor,
  pair: LinePair,
): Promise<{ hasPoint: boolean; hasProduct: boolean }> {
  // Only an unknown or unsold line gets here: two small lookups, not the hot path.
  const [point] = await db.select({ id: points.id }).from(points).where(eq(points.id, pair.pointId));
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, pair.productId));
  return { hasPoint: point !== undefined, hasProduct: product !== undefined };
}

export type LineWrite = LinePair & { quantity: number };

/** Sets lines' quantities; a new line is added after the others. */
export async function upsertLines(tx: Executor, userId: string, lines: readonly LineWrite[]): Promise<void> {
  if (lines.length === 0) return;
  await tx
    .insert(basketItems)
    .values(lines.map((line) => ({ userId, ...line })))
    .onConflictDoUpdate({
      target: [basketItems.userId, basketItems.pointId, basketItems.productId],
      set: { quantity: sql`excluded.quantity`, updatedAt: sql`now()` },
    });
}

/** `(point, product) in (…)` over the pairs given. */
function pairIn(pointId: SQLWrapper, productId: SQLWrapper, pairs: readonly LinePair[]): SQL {
  return sql`(${pointId}, ${productId}) in (${sql.join(
    pairs.map((pair) => sql`(${pair.pointId}::uuid, ${pair.productId}::uuid)`),
    sql`, `,
  )})`;
}

export async function deleteLines(tx: Executor, userId: string, lines: readonly LinePair[]): Promise<void> {
  if (lines.length === 0) return;
  await tx
    .delete(basketItems)
    .where(and(eq(basketItems.userId, userId), pairIn(basketItems.pointId, basketItems.productId, lines)));
}

export async function deletePointLines(tx: Executor, userId: string, pointId: string): Promise<void> {
  await statement(tx, 'basket_delete_point', (db) =>
    db
      .delete(basketItems)
      .where(and(eq(basketItems.userId, placeholder.userId), eq(basketItems.pointId, placeholder.pointId))),
  ).execute({ userId, pointId });
}

/**
 * The lines of a basket as ids and quantities, in the order they were added, with each line's choice for a
 * missing item (ADR 055: what a checkout carries into the order).
 */
export async function findLines(
  tx: Executor,
  userId: string,
): Promise<(LineWrite & { onMissing: OnMissing | null; replacementId: string | null })[]> {
  return statement(tx, 'basket_lines', (db) =>
    db
      .select({
        pointId: basketItems.pointId,
        productId: basketItems.productId,
        quantity: basketItems.quantity,
        onMissing: basketItems.onMissing,
        replacementId: basketItems.replacementId,
      })
      .from(basketItems)
      .where(eq(basketItems.userId, placeholder.userId))
      .orderBy(asc(basketItems.position)),
  ).execute({ userId });
}

/**
 * A line's choice for a missing item, and whether its picked replacement is on sale at `pointId` (a moved
 * line keeps its pick only where the pick can be had); null when the line is not in the basket.
 */
export async function findLineChoice(
  tx: Executor,
  userId: string,
  pair: LinePair,
  pointId: string,
): Promise<(LineChoiceWrite & { isReplacementAt: boolean }) | null> {
  const [row] = await tx
    .select({
      onMissing: basketItems.onMissing,
      replacementId: basketItems.replacementId,
      isReplacementAt: sql<boolean>`exists (select 1 from ${stock} where ${stock.pointId} = ${pointId}
        and ${stock.productId} = ${basketItems.replacementId} and ${stock.count} > 0)`,
    })
    .from(basketItems)
    .where(
      and(
        eq(basketItems.userId, userId),
        eq(basketItems.pointId, pair.pointId),
        eq(basketItems.productId, pair.productId),
      ),
    );
  return row ?? null;
}

/** A line's choice for a missing item (ADR 055). */
export type LineChoiceWrite = { onMissing: OnMissing | null; replacementId: string | null };

/** Sets a line's choice; false when the line is not in the basket. */
export async function updateLineChoice(
  tx: Executor,
  userId: string,
  pair: LinePair,
  choice: LineChoiceWrite,
): Promise<boolean> {
  const rows = await tx
    .update(basketItems)
    .set({ onMissing: choice.onMissing, replacementId: choice.replacementId, updatedAt: sql`now()` })
    .where(
      and(
        eq(basketItems.userId, userId),
        eq(basketItems.pointId, pair.pointId),
        eq(basketItems.productId, pair.productId),
      ),
    )
    .returning({ productId: basketItems.productId });
  return rows.length > 0;
}

/** The stock of each pair a point sells (a pair it does not sell is missing from the answer). */
export async function findStock(
  tx: Executor,
  pairs: readonly LinePair[],
): Promise<(LinePair & { count: number; weightTerms: WeightTerms | null })[]> {
  if (pairs.length === 0) return [];
  return tx
    .select({
      pointId: stock.pointId,
      productId: stock.productId,
      count: stock.count,
      weightTerms: weightTermsColumn,
    })
    .from(stock)
    .innerJoin(points, eq(points.id, stock.pointId))
    .innerJoin(products, and(eq(products.id, stock.productId), eq(products.storeId, points.storeId)))
    .where(pairIn(stock.pointId, stock.productId, pairs));
}

/** A line with its product as the basket shows it, at the point's price and with the point's stock. */
export type BasketRow = {
  pointId: string;
  productId: string;
  quantity: number;
  slug: string;
  name: string;
  images: string[];
  priceKopecks: number;
  discountPercent: number;
  weightGrams: number;
  weightTerms: WeightTerms | null;
  storeId: string;
  storeName: string;
  storeSlug: string;
  count: number;
  /** The line's choice for a missing item (ADR 055), and the replacement picked with it. */
  onMissing: OnMissing | null;
  replacementId: string | null;
  replacementName: string | null;
};

/** The product picked as a line's replacement (products joined a second time). */
const replacements = alias(products, 'replacement');

/** What a basket line shows of its product, at the point's price and with the point's stock. */
const basketRowColumns = {
  pointId: basketItems.pointId,
  productId: basketItems.productId,
  quantity: basketItems.quantity,
  slug: products.slug,
  name: products.name,
  images: products.images,
  priceKopecks: sql<number>`coalesce(${stock.priceKopecks}, ${products.priceKopecks})`,
  discountPercent: products.discountPercent,
  weightGrams: products.weightGrams,
  weightTerms: weightTermsColumn,
  storeId: stores.id,
  storeName: stores.name,
  storeSlug: stores.slug,
  count: sql<number>`coalesce(${stock.count}, 0)`,
  onMissing: basketItems.onMissing,
  replacementId: basketItems.replacementId,
  replacementName: replacements.name,
};

/**
 * A customer's lines with their products, in the order they were added. A line stays when its point stopped
 * selling the product: it shows stock 0, never disappears unseen. Every answer of the basket API ends with
 * it: named and built once.
 */
export function findBasketRows(db: Executor, userId: string): Promise<BasketRow[]> {
  return statement(db, 'basket_rows', (tx) =>
    tx
      .select(basketRowColumns)
      .from(basketItems)
      .innerJoin(products, eq(products.id, basketItems.productId))
      .innerJoin(stores, eq(stores.id, products.storeId))
      .leftJoin(
        stock,
        and(eq(stock.pointId, basketItems.pointId), eq(stock.productId, basketItems.productId)),
      )
      .leftJoin(replacements, eq(replacements.id, basketItems.replacementId))
      .where(eq(basketItems.userId, placeholder.userId))
      .orderBy(basketItems.position),
  ).execute({ userId });
}

/**
 * Products of a guest basket as the basket shows them, for the given (point, product) pairs; pairs whose
 * point or product is unknown, or whose product is another shop's, are left out.
 */
export async function findPreviewRows(
  db: Executor,
  pairs: readonly LinePair[],
): Promise<Omit<BasketRow, 'quantity' | 'onMissing' | 'replacementId' | 'replacementName'>[]> {
  if (pairs.length === 0) return [];
  const {
    quantity: _quantity,
    pointId: _pointId,
    productId: _productId,
    onMissing: _onMissing,
    replacementId: _replacementId,
    replacementName: _replacementName,
    ...productColumns
  } = basketRowColumns;
  return db
    .select({ pointId: points.id, productId: products.id, ...productColumns })
    .from(products)
    .innerJoin(points, eq(points.storeId, products.storeId))
    .innerJoin(stores, eq(stores.id, products.storeId))
    .leftJoin(stock, and(eq(stock.pointId, points.id), eq(stock.productId, products.id)))
    .where(
      and(
        inArray(products.id, [...new Set(pairs.map((pair) => pair.productId))]),
        inArray(points.id, [...new Set(pairs.map((pair) => pair.pointId))]),
        pairIn(points.id, products.id, pairs),
      ),
    );
}
