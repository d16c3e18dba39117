/** Test data for checkout: pickup points of two shops, and real orders placed through the API. */
import { type Order, PlacedOrdersSchema } from '@core/contracts/orders';
import { and, eq, gt } from 'drizzle-orm';
import { points, products, stock, stores } from '../../server/db/schema/index';
import type { TestApp } from './app';
import { cookieHeader, type ShopperState } from './shopper-states';

export type PointRow = typeof points.$inferSelect;

/** A pickup point, and a pickup point of another shop (the demo data has several of each). */
export async function pickupPointsOfTwoShops(t: TestApp): Promise<[PointRow, PointRow]> {
  const pickups = await t.db.db.select().from(points).where(eq(points.isPickup, true));
  const [first] = pickups;
  const second = pickups.find((point) => point.storeId !== first?.storeId);
  if (!first || !second) throw new Error('the demo data has no pickup points of two shops');
  return [first, second];
}

/**
 * `count` pickup orders of the signed-in state's customer, one line each from pickup points with stock,
 * and one line left in their basket afterwards (so /order has something to check out). Minimum orders are
 * switched off in this database: they are tested with the orders.
 */
export async function placePickupOrders(t: TestApp, state: ShopperState, count: number): Promise<Order[]> {
  const headers = { ...state.headers, cookie: cookieHeader(state) };
  await t.db.db.update(stores).set({ minOrderKopecks: 0 });
  const rows = await t.db.db
    .select({ pointId: stock.pointId, productId: stock.productId })
    .from(stock)
    .innerJoin(points, eq(points.id, stock.pointId))
    // Pieces: goods sold by weight count grams (ADR 054).
    .innerJoin(products, and(eq(products.id, stock.productId), eq(products.soldBy, 'piece')))
    .where(and(eq(points.isPickup, true), gt(stock.count, 5)))
    .orderBy(stock.pointId, stock.productId)
    .limit(count + 1);
  if (rows.length < count + 1) throw new Error('not enough stock to order from');
  const put = async (row: { pointId: string; productId: string }) => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/me/basket',
      headers,
      payload: { warehouse_id: row.pointId, product_id: row.productId, quantity: 1 },
    });
    if (response.statusCode !== 200) throw new Error(`basket: ${response.body}`);
  };
  const placed: Order[] = [];
  for (const row of rows.slice(0, count)) {
    await put(row);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
      payload: {
        orders: [{ point: row.pointId, fulfilment: 'pickup' }],
        phone: '+7 (900) 777-00-01',
        payment: 'cash',
      },
    });
    if (response.statusCode !== 200) throw new Error(`order: ${response.statusCode} ${response.body}`);
    placed.push(...PlacedOrdersSchema.parse(response.json()).orders);
  }
  const last = rows[count];
  if (last) await put(last);
  return placed;
}

/** A shop's time for customers to answer a replacement offer, as stored (ADR 055). */
export async function replacementMinutesOf(t: TestApp, storeId: string): Promise<number | undefined> {
  const [row] = await t.db.db
    .select({ minutes: stores.replacementMinutes })
    .from(stores)
    .where(eq(stores.id, storeId));
  return row?.minutes;
}
