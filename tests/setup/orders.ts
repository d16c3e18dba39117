/** Test data for checkout: pickup points of two different shops, the first one's stock to hand. */
import { eq } from 'drizzle-orm';
import { points } from '../../server/db/schema/index';
import type { TestApp } from './app';

export type PointRow = typeof points.$inferSelect;

/** A pickup point, and a pickup point of another shop (the demo data has several of each). */
export async function pickupPointsOfTwoShops(t: TestApp): Promise<[PointRow, PointRow]> {
  const pickups = await t.db.db.select().from(points).where(eq(points.isPickup, true));
  const [first] = pickups;
  const second = pickups.find((point) => point.storeId !== first?.storeId);
  if (!first || !second) throw new Error('the demo data has no pickup points of two shops');
  return [first, second];
}
