/** The basket's queries: the lock, the lines of a customer, and the stock and prices they are shown with. */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, queryRows } from '../../db/client';
import { basketItems, baskets, products, stock, stores } from '../../db/schema/index';

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
  await tx
    .insert(baskets)
    .values({ userId: placeholder.userId })
    .onConflictDoUpdate({ target: baskets.userId, set: { updatedAt: sql`now()` } })
    .prepare('basket_lock')
    .execute({ userId });
}

export type LineState = {
  /** The line's quantity, or null when it is not in the basket. */
  quantity: number | null;
  /** Lines in the whole basket. */
  lines: number;
  /** The point's stock of the product, or null when the point does not sell it. */
  stock: number | null;
};

/**
 * One line, the size of its basket and the point's stock, in one round trip. Run it after lockBasket, as a
 * statement of its own: only a statement that starts after the lock is granted sees the changes of the
 * transaction that held it before.
 */
export async function findLineState(tx: Executor, userId: string, pair: LinePair): Promise<LineState> {
  const [row] = await tx
    .select({
      quantity: sql<number | null>`(select ${basketItems.quantity} from ${basketItems}
        where ${basketItems.userId} = ${placeholder.userId} and ${basketItems.pointId} = ${placeholder.pointId}
          and ${basketItems.productId} = ${placeholder.productId})`,
      lines: sql<number>`(select count(*)::int from ${basketItems} where ${basketItems.userId} = ${placeholder.userId})`,
      stock: sql<number | null>`(select s.count from stock s join points pt on pt.id = s.point_id
        join products p on p.id = s.product_id
        where s.point_id = ${placeholder.pointId} and s.product_id = ${placeholder.productId}
          and p.store_id = pt.store_id)`,
    })
    .from(baskets)
    .where(eq(baskets.userId, placeholder.userId))
    .prepare('basket_line_state')
    .execute({ userId, ...pair });
  return row ?? { quantity: null, lines: 0, stock: null };
}

/** Sets one line's quantity (1–999); a new line is added after the others. */
export async function upsertLine(tx: Executor, userId: string, line: LineWrite): Promise<void> {
  await tx
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
    })
    .prepare('basket_upsert_line')
    .execute({ userId, ...line });
}

export async function deleteLine(tx: Executor, userId: string, pair: LinePair): Promise<void> {
  await tx
    .delete(basketItems)
    .where(
      and(
        eq(basketItems.userId, placeholder.userId),
        eq(basketItems.pointId, placeholder.pointId),
        eq(basketItems.productId, placeholder.productId),
      ),
    )
    .prepare('basket_delete_line')
    .execute({ userId, ...pair });
}

/** Whether a point and a product exist at all (to tell an unknown id from a product the point does not sell). */
export async function findPointAndProduct(
  db: Executor,
  pair: LinePair,
): Promise<{ hasPoint: boolean; hasProduct: boolean }> {
  const [row] = await queryRows<{ has_point: boolean; has_product: boolean }>(
    db,
    sql`select exists (select 1 from points where id = ${pair.pointId}) as has_point,
      exists (select 1 from products where id = ${pair.productId}) as has_product`,
  );
  return { hasPoint: row?.has_point ?? false, hasProduct: row?.has_product ?? false };
}

export type LineWrite = LinePair & { quantity: number };

/** Sets lines' quantities; a new line is added after the others. */
export async function upsertLines(tx: Executor, userId: string, lines: readonly LineWrite[]): Promise<void> {
  if (lines.length === 0) return;
  const values = sql.join(
    lines.map((line) => sql`(${userId}, ${line.pointId}, ${line.productId}, ${line.quantity})`),
    sql`, `,
  );
  await tx.execute(
    sql`insert into basket_items (user_id, point_id, product_id, quantity) values ${values}
      on conflict (user_id, point_id, product_id)
      do update set quantity = excluded.quantity, updated_at = now()`,
  );
}

export async function deleteLines(tx: Executor, userId: string, lines: readonly LinePair[]): Promise<void> {
  if (lines.length === 0) return;
  await tx.execute(
    sql`delete from basket_items where user_id = ${userId}
      and (point_id, product_id) in (${pairValues(lines)})`,
  );
}

export async function deletePointLines(tx: Executor, userId: string, pointId: string): Promise<void> {
  await tx.execute(sql`delete from basket_items where user_id = ${userId} and point_id = ${pointId}`);
}

/** The lines of a basket as ids and quantities, in the order they were added. */
export async function findLines(tx: Executor, userId: string): Promise<LineWrite[]> {
  return queryRows<LineWrite>(
    tx,
    sql`select point_id as "pointId", product_id as "productId", quantity
      from basket_items where user_id = ${userId} order by position`,
  );
}

/** The stock of each pair a point sells (a pair it does not sell is missing from the answer). */
export async function findStock(
  tx: Executor,
  pairs: readonly LinePair[],
): Promise<(LinePair & { count: number })[]> {
  if (pairs.length === 0) return [];
  return queryRows<LinePair & { count: number }>(
    tx,
    sql`select s.point_id as "pointId", s.product_id as "productId", s.count
      from stock s join points pt on pt.id = s.point_id join products p on p.id = s.product_id
      where p.store_id = pt.store_id and (s.point_id, s.product_id) in (${pairValues(pairs)})`,
  );
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
  storeId: string;
  storeName: string;
  storeSlug: string;
  count: number;
};

const PRODUCT_COLUMNS = sql`p.slug, p.name, p.images,
  coalesce(s.price_kopecks, p.price_kopecks) as "priceKopecks",
  p.discount_percent as "discountPercent", p.weight_grams as "weightGrams",
  st.id as "storeId", st.name as "storeName", st.slug as "storeSlug",
  coalesce(s.count, 0) as count`;

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
  storeId: stores.id,
  storeName: stores.name,
  storeSlug: stores.slug,
  count: sql<number>`coalesce(${stock.count}, 0)`,
};

/**
 * A customer's lines with their products, in the order they were added. A line stays when its point stopped
 * selling the product: it shows stock 0, never disappears unseen. Every answer of the basket API ends with
 * it, so it is prepared once per database handle.
 */
export function prepareBasketRows(db: Db): (userId: string) => Promise<BasketRow[]> {
  const query = db
    .select(basketRowColumns)
    .from(basketItems)
    .innerJoin(products, eq(products.id, basketItems.productId))
    .innerJoin(stores, eq(stores.id, products.storeId))
    .leftJoin(stock, and(eq(stock.pointId, basketItems.pointId), eq(stock.productId, basketItems.productId)))
    .where(eq(basketItems.userId, placeholder.userId))
    .orderBy(basketItems.position)
    .prepare('basket_rows');
  return (userId) => query.execute({ userId });
}

/**
 * Products of a guest basket as the basket shows them, for the given (point, product) pairs; pairs whose
 * point or product is unknown, or whose product is another shop's, are left out.
 */
export async function findPreviewRows(
  db: Executor,
  pairs: readonly LinePair[],
): Promise<Omit<BasketRow, 'quantity'>[]> {
  if (pairs.length === 0) return [];
  return queryRows<Omit<BasketRow, 'quantity'>>(
    db,
    sql`select v.point_id as "pointId", v.product_id as "productId", ${PRODUCT_COLUMNS}
      from (values ${pairValues(pairs)}) as v (point_id, product_id)
      join points pt on pt.id = v.point_id
      join products p on p.id = v.product_id and p.store_id = pt.store_id
      join stores st on st.id = p.store_id
      left join stock s on s.point_id = v.point_id and s.product_id = v.product_id`,
  );
}

function pairValues(pairs: readonly LinePair[]): SQL {
  return sql.join(
    pairs.map((pair) => sql`(${pair.pointId}::uuid, ${pair.productId}::uuid)`),
    sql`, `,
  );
}
