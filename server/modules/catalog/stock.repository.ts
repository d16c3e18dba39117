/**
 * Stock as checkout and cancellation change it (ADR 013), always inside the orders module's transaction,
 * which reaches these through the catalogue's service.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { products, stock } from '../../db/schema/index';
import { listSize, namedRows, rowPlaceholders, rowValues, statement } from '../../db/statements';

export type StockLine = { pointId: string; productId: string; quantity: number };

/**
 * `(point, product) in (…)` over `size` placeholder pairs, for a named statement whose text depends on the
 * lines' count only through `listSize` (ADR 047, eighth session): PostgreSQL keeps a generic plan for each.
 */
function pairsIn(size: number): SQL {
  return sql`(${stock.pointId}, ${stock.productId}) in (${rowPlaceholders(size, PAIR_COLUMNS)})`;
}

const PAIR_COLUMNS = { pointId: 'uuid', productId: 'uuid' } as const;
const LINE_COLUMNS = { ...PAIR_COLUMNS, quantity: 'int' } as const;

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
  soldBy: products.soldBy,
  stepGrams: products.stepGrams,
  minGrams: products.minGrams,
  pieceGrams: products.pieceGrams,
};

/** Reads the stock rows of the lines without locking them: prices and counts as a checkout begins. */
export async function readStockRows(tx: Executor, lines: readonly { pointId: string; productId: string }[]) {
  if (lines.length === 0) return [];
  const size = listSize(lines.length);
  return statement(tx, `stock_read_${size}`, (db) =>
    db
      .select(stockRowColumns)
      .from(stock)
      .innerJoin(products, eq(products.id, stock.productId))
      .where(pairsIn(size))
      .orderBy(stock.pointId, stock.productId),
  ).execute(rowValues(size, PAIR_COLUMNS, lines));
}

export type StockRow = Awaited<ReturnType<typeof readStockRows>>[number];

/** The lines as a `(point_id, product_id, quantity)` relation of `size` placeholder rows (see pairsIn). */
function linesAsValues(size: number): SQL {
  return sql`values ${rowPlaceholders(size, LINE_COLUMNS)}`;
}

/** A stock row as `lockAndTakeStock` found it under its lock, before the take, and whether it was taken. */
export type LockedStockRow = {
  pointId: string;
  productId: string;
  count: number;
  priceKopecks: number;
  name: string;
  taken: boolean;
};

/** An update's (no) rows. */
const NoRowSchema = z.never();

const LockedStockRowSchema = z.object({
  pointId: z.string(),
  productId: z.string(),
  count: z.coerce.number(),
  priceKopecks: z.coerce.number(),
  name: z.string(),
  taken: z.boolean(),
});

/**
 * Locks the lines' stock rows and takes the quantities in one statement, each only while enough is left (the
 * CHECK constraint backs it). The rows are locked in (point, product) order, so two checkouts sharing
 * products take the locks in the same order and cannot deadlock: the update touches only rows the ordered
 * locking read has already returned (and so locked). Answers every row found, with its count and price as
 * the lock found them, before the take: a caller that finds a row short, or its price changed, throws, and
 * the transaction undoes the take. One round trip, the last before the commit: a popular product's row is
 * held for that and the commit only (issue 26). Named and built once, one text per `listSize` of the lines
 * (ADR 047, eighth session).
 */
export async function lockAndTakeStock(tx: Executor, lines: readonly StockLine[]): Promise<LockedStockRow[]> {
  if (lines.length === 0) return [];
  const size = listSize(lines.length);
  return namedRows(
    tx,
    `stock_lock_and_take_${size}`,
    LockedStockRowSchema,
    () => sql`with locked as materialized (
        select ${stock.pointId} as "pointId", ${stock.productId} as "productId", ${stock.count} as count,
          coalesce(${stock.priceKopecks}, ${products.priceKopecks}) as "priceKopecks", ${products.name} as name
        from ${stock} inner join ${products} on ${products.id} = ${stock.productId}
        where ${pairsIn(size)}
        order by ${stock.pointId}, ${stock.productId}
        for update of ${stock}
      ), taken as (
        update ${stock} set count = ${stock.count} - v.quantity
        from (${linesAsValues(size)}) as v(point_id, product_id, quantity)
        where ${stock.pointId} = v.point_id and ${stock.productId} = v.product_id and ${stock.count} >= v.quantity
          and exists (select 1 from locked where locked."pointId" = v.point_id and locked."productId" = v.product_id)
        returning ${stock.pointId} as point_id, ${stock.productId} as product_id
      )
      select locked.*, exists (
          select 1 from taken where taken.point_id = locked."pointId" and taken.product_id = locked."productId"
        ) as taken
      from locked order by locked."pointId", locked."productId"`,
    rowValues(size, LINE_COLUMNS, lines),
  );
}

/**
 * A weighed line's difference from what its checkout took (ADR 054): what was weighed less goes back to
 * sale; what was weighed more is taken, down to 0 at most (the picker holds the goods; the count follows the
 * shelf). Locks the row for the update; the weighing's transaction holds it to its commit.
 */
export async function adjustWeighedStock(
  tx: Executor,
  line: { pointId: string; productId: string; grams: number },
): Promise<void> {
  await tx
    .update(stock)
    .set({ count: sql`greatest(0, ${stock.count} + ${line.grams}::int)` })
    .where(sql`${stock.pointId} = ${line.pointId} and ${stock.productId} = ${line.productId}`);
}

/** Puts quantities back (a cancelled order's lines); a point that no longer stocks a product gets nothing. */
export async function returnStock(tx: Executor, lines: readonly StockLine[]): Promise<void> {
  if (lines.length === 0) return;
  const size = listSize(lines.length);
  await namedRows(
    tx,
    `stock_return_${size}`,
    NoRowSchema,
    () => sql`update ${stock} set count = ${stock.count} + v.quantity
      from (${linesAsValues(size)}) as v(point_id, product_id, quantity)
      where ${stock.pointId} = v.point_id and ${stock.productId} = v.product_id`,
    rowValues(size, LINE_COLUMNS, lines),
  );
}
