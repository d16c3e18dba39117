import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import type { products, stock } from '../schema/index';
import type { Random } from './random';

export type ProductRow = typeof products.$inferInsert;
export type StockRow = typeof stock.$inferInsert;

const DAY_MS = 86_400_000;
const DISCOUNTS = [5, 10, 10, 15, 15, 20, 20, 25, 30, 40];

/** Inserts rows in batches: one statement per batch keeps round trips few and stays under 65k parameters. */
export async function insertInChunks<T extends PgTable>(
  db: Db,
  table: T,
  rows: PgInsertValue<T>[],
  chunkSize = 1000,
): Promise<void> {
  for (let i = 0; i < rows.length; i += chunkSize) {
    await db.insert(table).values(rows.slice(i, i + chunkSize));
  }
}

/** A shop-like price: whole roubles ending in 9 for prices above 100 ₽, in kopecks. */
export function roundPriceKopecks(rub: number): number {
  if (rub < 20) return Math.max(1, Math.round(rub)) * 100 - 10;
  if (rub < 100) return Math.round(rub) * 100;
  return (Math.round(rub / 10) * 10 - 1) * 100;
}

/** Discount, rating, reviews, popularity and age of a product; about 30% are discounted. */
export function randomProductStats(random: Random, now: Date, newShare: number) {
  const rating = random.int(35, 50) / 10;
  const reviewsCount = random.chance(0.15) ? 0 : random.int(1, 240);
  const isNew = random.chance(newShare);
  const ageMs = isNew
    ? random.int(1, 6 * 24) * 3_600_000
    : random.int(8, 300) * DAY_MS + random.int(0, 23) * 3_600_000;
  return {
    discountPercent: random.chance(0.3) ? random.pick(DISCOUNTS) : 0,
    rating,
    reviewsCount,
    popularity: Math.round(random.int(0, 700) + (rating - 3.5) * 200 + Math.min(reviewsCount, 200)),
    createdAt: new Date(now.getTime() - ageMs),
  };
}

/**
 * Stock of one product at the points of its store: each point carries it with probability `share`, at least
 * one does and has it in stock; about one entry in eight is sold out, a few points charge their own price.
 */
export function randomStockRows(
  random: Random,
  productId: string,
  priceKopecks: number,
  pointIds: readonly string[],
  share: number,
): StockRow[] {
  let chosen = pointIds.filter(() => random.chance(share));
  if (chosen.length === 0) chosen = [random.pick(pointIds)];
  return chosen.map((pointId, index) => {
    const isSoldOut = index > 0 && random.chance(0.12);
    const ownPrice = random.chance(0.05)
      ? roundPriceKopecks((priceKopecks / 100) * (1 + random.int(-6, 8) / 100))
      : null;
    return {
      pointId,
      productId,
      count: isSoldOut ? 0 : random.chance(0.1) ? random.int(1, 5) : random.int(6, 120),
      priceKopecks: ownPrice === priceKopecks ? null : ownPrice,
    };
  });
}
