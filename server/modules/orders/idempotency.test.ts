/**
 * Idempotency keys (issue 12, item 10): a key left 'in progress' by a checkout that died with its process
 * blocks retries only for a while, then a retry takes it over and places the orders once; finished keys are
 * replayed, and housekeeping deletes old and abandoned keys.
 */
import { ErrorBodySchema } from '@core/contracts/common';
import { PlacedOrdersSchema } from '@core/contracts/orders';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { type SignedInCustomer, signIn } from '../../../tests/setup/identity';
import { MONDAY_MORNING } from '../../../tests/setup/services';
import { idempotencyKeys, points, stock, stores } from '../../db/schema/index';
import { createFakeClock, type FakeClock } from '../../lib/clock';
import { IDEMPOTENCY_KEY_TTL_MS, IN_PROGRESS_KEY_TTL_MS, requestFingerprint } from './idempotency';

/** Stock rows of goods sold by the piece: these tests count pieces (goods by weight keep grams, ADR 054). */
const isPieces = sql`${stock.productId} in (select id from products where sold_by = 'piece')`;

/** Monday 12 January 2026, 09:00 in Moscow. */

describe.each(TEST_DATABASE_KINDS)('idempotency keys on %s', (kind) => {
  let t: TestApp;
  let clock: FakeClock;
  let point: typeof points.$inferSelect;
  let productId: string;
  let phone = 0;

  beforeAll(async () => {
    clock = createFakeClock(MONDAY_MORNING);
    t = await createTestApp(kind, { clock });
    await t.db.db.update(stores).set({ minOrderKopecks: 0 });
    [point] = (await t.db.db.select().from(points).where(eq(points.isPickup, true)).limit(1)) as [
      typeof points.$inferSelect,
    ];
    const [row] = await t.db.db
      .select()
      .from(stock)
      .where(and(eq(stock.pointId, point.id), isPieces))
      .limit(1);
    productId = row?.productId ?? '';
    await t.db.db
      .update(stock)
      .set({ count: 100 })
      .where(and(eq(stock.pointId, point.id), eq(stock.productId, productId)));
  });

  afterAll(async () => {
    await t?.close();
  });

  async function customerWithBasket(): Promise<SignedInCustomer> {
    phone += 1;
    const customer = await signIn(t, `+7 (906) 500-00-${String(phone).padStart(2, '0')}`);
    const put = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/me/basket',
      headers: customer.headers,
      payload: { warehouse_id: point.id, product_id: productId, quantity: 2 },
    });
    expect(put.statusCode, put.body).toBe(200);
    return customer;
  }

  const checkout = () => ({
    orders: [{ point: point.id, fulfilment: 'pickup' as const }],
    phone: '+7 (906) 500-99-99',
    payment: 'cash' as const,
    comment: '',
  });

  const order = (customer: SignedInCustomer, key: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...customer.headers, 'idempotency-key': key },
      payload: checkout(),
    });

  const stockCount = async () =>
    (
      await t.db.db
        .select()
        .from(stock)
        .where(and(eq(stock.pointId, point.id), eq(stock.productId, productId)))
    )[0]?.count;

  it('lets a retry take over a key its crashed checkout left in progress, and places the orders once', async () => {
    const customer = await customerWithBasket();
    const key = crypto.randomUUID();
    // What a process that died inside the checkout transaction leaves: the claim, no answer, no orders.
    await t.db.db.insert(idempotencyKeys).values({
      userId: customer.user._id,
      key,
      requestHash: requestFingerprint({ ...checkout(), phone: '+79065009999' }),
      createdAt: new Date(clock.now()),
    });
    const early = await order(customer, key);
    expect(early.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(early.json()).message).toBe('Заказ уже оформляется, подождите');

    clock.advance(IN_PROGRESS_KEY_TTL_MS);
    const before = await stockCount();
    const retries = await Promise.all([order(customer, key), order(customer, key), order(customer, key)]);
    const placed = retries.filter((response) => response.statusCode === 200);
    expect(placed.length).toBeGreaterThanOrEqual(1);
    expect(retries.every((response) => [200, 409].includes(response.statusCode))).toBe(true);
    const ids = new Set(placed.map((response) => PlacedOrdersSchema.parse(response.json()).orders[0]?._id));
    expect(ids.size).toBe(1);
    expect(await stockCount()).toBe((before ?? 0) - 2);

    const replay = await order(customer, key);
    expect(replay.statusCode).toBe(200);
    expect(PlacedOrdersSchema.parse(replay.json()).orders.map((item) => item._id)).toEqual([...ids]);
    expect(await stockCount()).toBe((before ?? 0) - 2);
  });

  it('deletes keys older than a day and abandoned ones, and keeps the rest', async () => {
    const customer = await customerWithBasket();
    const finishedOld = crypto.randomUUID();
    expect((await order(customer, finishedOld)).statusCode).toBe(200);
    clock.advance(IDEMPOTENCY_KEY_TTL_MS);
    const abandoned = crypto.randomUUID();
    const fresh = crypto.randomUUID();
    await t.db.db.insert(idempotencyKeys).values([
      { userId: customer.user._id, key: abandoned, requestHash: 'x', createdAt: new Date(clock.now()) },
      { userId: customer.user._id, key: fresh, requestHash: 'x', createdAt: new Date(clock.now()) },
    ]);
    clock.advance(IN_PROGRESS_KEY_TTL_MS);
    await t.db.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(clock.now()) })
      .where(eq(idempotencyKeys.key, fresh));

    await t.app.services.orders.purgeExpiredKeys();
    const left = await t.db.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, customer.user._id));
    expect(left.map((row) => row.key)).toEqual([fresh]);
  });
});
