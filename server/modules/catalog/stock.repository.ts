/**
 * Stock as checkout and cancellation change it (ADR 013), always inside the orders module's transaction,
 * which reaches these through the catalogue's service.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, queryRows } from '../../db/client';
import { products, stock } from '../../db/schema/index';

export type StockLine = { pointId: string; productId: string; quantity: number };

function pairsIn(lines: readonly { pointId: string; productId: string }[]): SQL {
  return sql`(${stock.pointId}, ${stock.productId}) in (${sql.join(
    lines.map((line) => sql`(${line.pointId}::uuid, ${line.productId}::uuid)`),
    sql`, `,
  )})`;
}

/** A stock row with the product's copy for an order line and the price at the point. */
const stockRowColumns = {
  pointId: stock.pointId,
  productId: stock.productId,
  count: stock.count,
  priceKopecks: sql<number>`coalesce(${stock.priceKopecks}, ${products.priceKopecks})`,
  discountPercent: products.discountPercent,
  name: products.name,
  slug: products.slug,
  image: sql<string | null>`${products.images}->>0`,
  weightGrams: products.weightGrams,
  vatCode: products.vatCode,
};

/**
 * Reads (and with `lock`, locks) the stock rows of the lines, always in (point, product) order so two
 * checkouts sharing products take the locks in the same order and cannot deadlock each other.
 */
export async function readStockRows(
  tx: Executor,
  lines: readonly { pointId: string; productId: string }[],
  { lock }: { lock: boolean },
) {
  if (lines.length === 0) return [];
  const query = tx
    .select(stockRowColumns)
    .from(stock)
    .innerJoin(products, eq(products.id, stock.productId))
    .where(pairsIn(lines))
    .orderBy(stock.pointId, stock.productId)
    .$dynamic();
  return lock ? query.for('update', { of: stock }) : query;
}

export type StockRow = Awaited<ReturnType<typeof readStockRows>>[number];

function linesAsValues(lines: readonly StockLine[]): SQL {
  return sql.join(
    lines.map((line) => sql`(${line.pointId}::uuid, ${line.productId}::uuid, ${line.quantity}::int)`),
    sql`, `,
  );
}

/**
 * Takes the quantities from stock, each only while enough is left (the CHECK constraint backs it); answers
 * how many rows changed, so a caller can tell that all did. SQL on purpose: the condition is the point.
 */
export async function takeStock(tx: Executor, lines: readonly StockLine[]): Promise<number> {
  if (lines.length === 0) return 0;
  const rows = await queryRows(
    tx,
    z.object({ product_id: z.string() }),
    sql`update ${stock} set count = ${stock.count} - v.quantity
      from (values ${linesAsValues(lines)}) as v(point_id, product_id, quantity)
      where ${stock.pointId} = v.point_id and ${stock.productId} = v.product_id and ${stock.count} >= v.quantity
      returning ${stock.productId}`,
  );
  return rows.length;
}

/** Puts quantities back (a cancelled order's lines); a point that no longer stocks a product gets nothing. */
export async function returnStock(tx: Executor, lines: readonly StockLine[]): Promise<void> {
  if (lines.length === 0) return;
  await tx.execute(
    sql`update ${stock} set count = ${stock.count} + v.quantity
      from (values ${linesAsValues(lines)}) as v(point_id, product_id, quantity)
      where ${stock.pointId} = v.point_id and ${stock.productId} = v.product_id`,
  );
}
