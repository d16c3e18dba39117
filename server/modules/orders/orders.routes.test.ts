import { ErrorBodySchema } from '@core/contracts/common';
import { SavedAddressSchema } from '@core/contracts/geo';
import { OrderListSchema, OrderSchema, PlacedOrdersSchema, SlotListSchema } from '@core/contracts/orders';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { type SignedInCustomer, signIn } from '../../../tests/setup/identity';
import { pickupPointsOfTwoShops } from '../../../tests/setup/orders';
import { MONDAY_MORNING } from '../../../tests/setup/services';
import {
  basketItems,
  baskets,
  notifications,
  orders,
  points,
  products,
  slotReservations,
  stock,
  stores,
} from '../../db/schema/index';
import { createFakeClock } from '../../lib/clock';

/** Stock rows of goods sold by the piece: these tests count pieces (goods by weight keep grams, ADR 054). */
const isPieces = sql`${stock.productId} in (select id from products where sold_by = 'piece')`;

/** Monday 12 January 2026, 09:00 in Moscow: the demo shops are open and today's slots are ahead. */

let phoneCounter = 0;
const nextPhone = () => {
  phoneCounter += 1;
  return `+7 (901) ${String(100 + Math.floor(phoneCounter / 100)).padStart(3, '0')}-${String(phoneCounter % 100).padStart(2, '0')}-00`;
};

describe.each(TEST_DATABASE_KINDS)('orders on %s', (kind) => {
  let t: TestApp;
  /** A pickup point with two stocked products, and a second shop's pickup point. */
  let pointA: typeof points.$inferSelect;
  let pointB: typeof points.$inferSelect;
  let productsA: string[];
  let productB: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock: createFakeClock(MONDAY_MORNING) });
    // Minimum orders would make small test baskets fail; the checks are tested on their own below.
    await t.db.db.update(stores).set({ minOrderKopecks: 0 });
    [pointA, pointB] = await pickupPointsOfTwoShops(t);
    const stockA = await t.db.db
      .select()
      .from(stock)
      .where(and(eq(stock.pointId, pointA.id), isPieces))
      .limit(2);
    productsA = stockA.map((row) => row.productId);
    const [rowB] = await t.db.db
      .select()
      .from(stock)
      .where(and(eq(stock.pointId, pointB.id), isPieces))
      .limit(1);
    productB = rowB?.productId ?? '';
    for (const [pointId, productId] of [
      [pointA.id, productsA[0]],
      [pointA.id, productsA[1]],
      [pointB.id, productB],
    ] as const) {
      await setStock(pointId, productId ?? '', 50);
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  async function setStock(pointId: string, productId: string, count: number) {
    await t.db.db
      .update(stock)
      .set({ count })
      .where(and(eq(stock.pointId, pointId), eq(stock.productId, productId)));
  }

  async function stockOf(pointId: string, productId: string) {
    const [row] = await t.db.db
      .select()
      .from(stock)
      .where(and(eq(stock.pointId, pointId), eq(stock.productId, productId)));
    return row?.count;
  }

  async function put(customer: SignedInCustomer, pointId: string, productId: string, quantity: number) {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/me/basket',
      headers: customer.headers,
      payload: { warehouse_id: pointId, product_id: productId, quantity },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** One line of `productId` at `pointId` in each customer's basket, written as the basket service writes it. */
  async function fillBaskets(customers: SignedInCustomer[], pointId: string, productId: string) {
    const userIds = customers.map((customer) => customer.user._id);
    await t.db.db
      .insert(baskets)
      .values(userIds.map((userId) => ({ userId })))
      .onConflictDoNothing();
    await t.db.db
      .insert(basketItems)
      .values(userIds.map((userId) => ({ userId, pointId, productId, quantity: 1 })));
  }

  function order(customer: SignedInCustomer, body: unknown, key: string | null = crypto.randomUUID()) {
    return t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...customer.headers, ...(key === null ? {} : { 'idempotency-key': key }) },
      payload: body as Record<string, unknown>,
    });
  }

  /** A saved address where point A stands (the stale zone id is corrected by the server). */
  async function saveAddressAtA(customer: SignedInCustomer, address: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/me/addresses',
      headers: customer.headers,
      payload: {
        address,
        deliveryArea: '00000000-0000-4000-8000-000000000000',
        city: pointA.cityId,
        coordinates: { longitude: pointA.longitude, latitude: pointA.latitude },
      },
    });
    return SavedAddressSchema.parse(response.json());
  }

  const pickup = (pointId: string) => ({
    orders: [{ point: pointId, fulfilment: 'pickup' }],
    phone: '+7 (901) 555-44-33',
    payment: 'cash',
  });

  it('places a delivery order and a pickup order at once, with server prices and stock taken', async () => {
    const customer = await signIn(t, nextPhone());
    await put(customer, pointA.id, productsA[0] ?? '', 2);
    await put(customer, pointA.id, productsA[1] ?? '', 1);
    await put(customer, pointB.id, productB, 3);
    const saved = await saveAddressAtA(customer, 'г. Ярославль, у магазина');
    const slots = SlotListSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/points/${pointA.id}/slots` })).json(),
    );
    expect(slots.length).toBeGreaterThan(0);
    expect(slots[0]?.label).toMatch(/^сегодня, \d\d:00–\d\d:00$/);
    const before = [await stockOf(pointA.id, productsA[0] ?? ''), await stockOf(pointB.id, productB)];

    const response = await order(customer, {
      orders: [
        {
          point: pointA.id,
          fulfilment: 'delivery',
          slot: slots[0]?.start,
          address: { id: saved._id, flat: '12', entrance: '2', floor: '5', comment: 'Домофон не работает' },
        },
        { point: pointB.id, fulfilment: 'pickup' },
      ],
      phone: '8 (901) 555-44-33',
      payment: 'card',
      comment: 'Позвоните заранее',
    });
    expect(response.statusCode, response.body).toBe(200);
    const placed = PlacedOrdersSchema.parse(response.json()).orders;
    expect(placed).toHaveLength(2);
    const [delivery, pickupOrder] = placed;
    expect(delivery).toMatchObject({
      fulfilment: 'delivery',
      status: 'new',
      flat: '12',
      entrance: '2',
      floor: '5',
      phone: '+79015554433',
    });
    expect(delivery?.slot?.start).toBe(slots[0]?.start);
    expect(pickupOrder).toMatchObject({ fulfilment: 'pickup', delivery_fee: 0, address: null, slot: null });
    for (const item of placed) {
      const goods = item.items.reduce((total, line) => total + line.price * line.quantity, 0);
      expect(item.total).toBe(goods + item.delivery_fee);
      expect(item.items_total - item.savings + item.delivery_fee).toBe(item.total);
      expect(item.can_cancel).toBe(true);
    }
    expect(await stockOf(pointA.id, productsA[0] ?? '')).toBe((before[0] ?? 0) - 2);
    expect(await stockOf(pointB.id, productB)).toBe((before[1] ?? 0) - 3);

    const basket = (
      await t.app.inject({ method: 'GET', url: '/api/user/me/basket', headers: customer.headers })
    ).json();
    expect(basket).toEqual({});
    const list = OrderListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/orders', headers: customer.headers })).json(),
    );
    expect(list.map((item) => item.slug).sort()).toEqual(placed.map((item) => item.slug).sort());
    const one = OrderSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/orders/${delivery?.slug}`, headers: customer.headers })
      ).json(),
    );
    expect(one.events.map((event) => event.status)).toEqual(['new']);
    const notes = await t.db.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, customer.user._id));
    expect(notes).toHaveLength(2);
    // Someone else's order is not found.
    const stranger = await signIn(t, nextPhone());
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/orders/${delivery?.slug}`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404);
  });

  it('answers bad checkouts with Russian messages and writes nothing', async () => {
    const customer = await signIn(t, nextPhone());
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/orders', payload: pickup(pointA.id) })).statusCode,
    ).toBe(401);
    const noKey = await order(customer, pickup(pointA.id), null);
    expect(noKey.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(noKey.json()).message).toMatch(/Idempotency-Key/);
    expect((await order(customer, pickup(pointA.id), 'к'.repeat(256))).statusCode).toBe(400);
    const empty = await order(customer, pickup(pointA.id));
    expect(empty.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(empty.json()).message).toMatch(/пуста/);
    await put(customer, pointA.id, productsA[0] ?? '', 1);
    const noSlot = await order(customer, {
      ...pickup(pointA.id),
      orders: [{ point: pointA.id, fulfilment: 'delivery' }],
    });
    expect(noSlot.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(noSlot.json()).message).toMatch(/[а-я]/);
  });

  it('refuses a group below its shop’s minimum order, naming what is missing, and places nothing', async () => {
    const customer = await signIn(t, nextPhone());
    const [productOk, productSmall] = [productsA[1] ?? '', productB];
    await setStock(pointA.id, productOk, 20);
    await setStock(pointB.id, productSmall, 20);
    await put(customer, pointA.id, productOk, 1);
    await put(customer, pointB.id, productSmall, 1);
    const [row] = await t.db.db
      .select({ price: stock.priceKopecks, base: products.priceKopecks })
      .from(stock)
      .innerJoin(products, eq(products.id, stock.productId))
      .where(and(eq(stock.pointId, pointB.id), eq(stock.productId, productSmall)));
    const goods = row?.price ?? row?.base ?? 0;
    // Shop B needs 120 ₽ more than the basket holds; shop A has no minimum.
    await t.db.db
      .update(stores)
      .set({ minOrderKopecks: goods + 12_000 })
      .where(eq(stores.id, pointB.storeId));
    try {
      const stockBefore = [await stockOf(pointA.id, productOk), await stockOf(pointB.id, productSmall)];
      const tooSmall = await order(customer, {
        ...pickup(pointA.id),
        orders: [
          { point: pointA.id, fulfilment: 'pickup' },
          { point: pointB.id, fulfilment: 'pickup' },
        ],
      });
      expect(tooSmall.statusCode).toBe(400);
      expect(ErrorBodySchema.parse(tooSmall.json()).message).toMatch(
        /минимальная сумма заказа .+ ₽\. Добавьте товаров ещё на 120 ₽$/,
      );
      // All or nothing: shop A's order was not placed either.
      expect([await stockOf(pointA.id, productOk), await stockOf(pointB.id, productSmall)]).toEqual(
        stockBefore,
      );
      const list = OrderListSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/orders', headers: customer.headers })).json(),
      );
      expect(list).toEqual([]);
      // Reaching the minimum exactly is enough.
      await t.db.db.update(stores).set({ minOrderKopecks: goods }).where(eq(stores.id, pointB.storeId));
      const enough = await order(customer, pickup(pointB.id));
      expect(enough.statusCode, enough.body).toBe(200);
    } finally {
      await t.db.db.update(stores).set({ minOrderKopecks: 0 }).where(eq(stores.id, pointB.storeId));
    }
  });

  it('computes items at full price, savings, fee and total by one rule, as stored and as presented', async () => {
    const customer = await signIn(t, nextPhone());
    const [discounted, plain] = [productsA[0] ?? '', productsA[1] ?? ''];
    await setStock(pointA.id, discounted, 20);
    await setStock(pointA.id, plain, 20);
    await t.db.db
      .update(stock)
      .set({ priceKopecks: 31_900 })
      .where(and(eq(stock.pointId, pointA.id), eq(stock.productId, discounted)));
    await t.db.db
      .update(stock)
      .set({ priceKopecks: 19_200 })
      .where(and(eq(stock.pointId, pointA.id), eq(stock.productId, plain)));
    const [before] = await t.db.db.select().from(products).where(eq(products.id, discounted));
    const [plainBefore] = await t.db.db.select().from(products).where(eq(products.id, plain));
    await t.db.db.update(products).set({ discountPercent: 25 }).where(eq(products.id, discounted));
    await t.db.db.update(products).set({ discountPercent: 0 }).where(eq(products.id, plain));
    const [store] = await t.db.db.select().from(stores).where(eq(stores.id, pointA.storeId));
    await t.db.db
      .update(stores)
      .set({ deliveryFeeKopecks: 19_900, freeDeliveryFromKopecks: 500_000 })
      .where(eq(stores.id, pointA.storeId));
    try {
      await put(customer, pointA.id, discounted, 2);
      await put(customer, pointA.id, plain, 1);
      const saved = await saveAddressAtA(customer, 'г. Ярославль, у точки');
      const [slot] = SlotListSchema.parse(
        (await t.app.inject({ method: 'GET', url: `/api/points/${pointA.id}/slots` })).json(),
      ).filter((item) => !item.is_full);
      const response = await order(customer, {
        ...pickup(pointA.id),
        orders: [{ point: pointA.id, fulfilment: 'delivery', slot: slot?.start, address: { id: saved._id } }],
      });
      expect(response.statusCode, response.body).toBe(200);
      const [placed] = PlacedOrdersSchema.parse(response.json()).orders;
      // 319 ₽ at 25 % off was 426 ₽ (SPEC §9's helper): 2 × 426 + 192 = 1 044 ₽ of items, 214 ₽ saved.
      expect(placed).toMatchObject({
        items_total: 2 * 42_600 + 19_200,
        savings: 2 * (42_600 - 31_900),
        delivery_fee: 19_900,
        total: 2 * 31_900 + 19_200 + 19_900,
      });
      // Stored: the goods at the prices paid, the savings, the fee, the total — the same rule's numbers.
      const [row] = await t.db.db
        .select()
        .from(orders)
        .where(eq(orders.id, placed?._id ?? ''));
      expect(row).toMatchObject({
        itemsKopecks: 2 * 31_900 + 19_200,
        savingsKopecks: 2 * (42_600 - 31_900),
        deliveryFeeKopecks: 19_900,
        totalKopecks: 2 * 31_900 + 19_200 + 19_900,
      });
      const shown = OrderSchema.parse(
        (
          await t.app.inject({ method: 'GET', url: `/api/orders/${placed?.slug}`, headers: customer.headers })
        ).json(),
      );
      expect(shown.items_total - shown.savings + shown.delivery_fee).toBe(shown.total);
      expect(shown.total).toBe(row?.totalKopecks);
    } finally {
      await t.db.db
        .update(products)
        .set({ discountPercent: before?.discountPercent ?? 0 })
        .where(eq(products.id, discounted));
      await t.db.db
        .update(products)
        .set({ discountPercent: plainBefore?.discountPercent ?? 0 })
        .where(eq(products.id, plain));
      await t.db.db
        .update(stores)
        .set({
          deliveryFeeKopecks: store?.deliveryFeeKopecks ?? 0,
          freeDeliveryFromKopecks: store?.freeDeliveryFromKopecks ?? null,
        })
        .where(eq(stores.id, pointA.storeId));
    }
  });

  // PGlite runs one query at a time, so its race has little to interleave: once proves the rule there;
  // PostgreSQL's real concurrency gets five rounds. Each round races 50 checkouts on a pool of 20 connections,
  // and the window a broken checkout leaves is its whole transaction: with both the row lock and the take's
  // condition removed from lockAndTakeStock (either alone still holds on PostgreSQL), every one of 20 rounds
  // failed, 16–19 of the 50 answered 500 on the stock's CHECK (15–17 before the lock and take were one
  // statement), so five catch it as surely as the twenty before (10 s a run) did.
  const raceRounds = kind === 'postgres' ? 5 : 1;
  it(`never oversells: 50 customers race for 10 units, ${raceRounds} times`, async () => {
    const productId = productsA[0] ?? '';
    const customers = await Promise.all(Array.from({ length: 50 }, () => signIn(t, nextPhone())));
    for (let round = 0; round < raceRounds; round += 1) {
      await setStock(pointA.id, productId, 10);
      // The baskets are this race's setup, not its subject (basket.routes.test.ts states the basket's API):
      // one statement fills all 50, instead of 50 requests a round.
      await fillBaskets(customers, pointA.id, productId);
      const responses = await Promise.all(customers.map((customer) => order(customer, pickup(pointA.id))));
      const codes = responses.map((response) => response.statusCode);
      expect(
        codes.filter((code) => code === 200),
        `round ${round}`,
      ).toHaveLength(10);
      expect(codes.filter((code) => code === 409)).toHaveLength(40);
      for (const response of responses.filter((item) => item.statusCode === 409)) {
        expect(ErrorBodySchema.parse(response.json()).message).toMatch(
          /^Не хватает товаров: «[^»]+» — осталось 0 шт\. Обновите корзину и попробуйте снова$/,
        );
      }
      expect(await stockOf(pointA.id, productId)).toBe(0);
      // The winners' lines became orders; the losers keep theirs. Cleared for the next round.
      const racers = inArray(
        basketItems.userId,
        customers.map((customer) => customer.user._id),
      );
      const left = await t.db.db.select().from(basketItems).where(racers);
      expect(left, `round ${round}`).toHaveLength(40);
      await t.db.db.delete(basketItems).where(racers);
    }
  }, 300_000);

  it('makes one order of 20 simultaneous requests with one key; another body under that key is 422', async () => {
    const customer = await signIn(t, nextPhone());
    await setStock(pointA.id, productsA[1] ?? '', 50);
    await put(customer, pointA.id, productsA[1] ?? '', 2);
    const key = crypto.randomUUID();
    const body = pickup(pointA.id);
    const responses = await Promise.all(Array.from({ length: 20 }, () => order(customer, body, key)));
    const ok = responses.filter((response) => response.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(responses.every((response) => response.statusCode === 200 || response.statusCode === 409)).toBe(
      true,
    );
    const ids = new Set(ok.map((response) => PlacedOrdersSchema.parse(response.json()).orders[0]?._id));
    expect(ids.size).toBe(1);
    const again = await order(customer, body, key);
    expect(again.statusCode).toBe(200);
    expect(PlacedOrdersSchema.parse(again.json()).orders[0]?._id).toBe([...ids][0]);
    const other = await order(customer, { ...body, comment: 'другое' }, key);
    expect(other.statusCode).toBe(422);
    const list = OrderListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/orders', headers: customer.headers })).json(),
    );
    expect(list).toHaveLength(1);
    expect(await stockOf(pointA.id, productsA[1] ?? '')).toBe(48);
  });

  it('returns the stock exactly once when cancel is sent twice at once, and repeats into the basket', async () => {
    const customer = await signIn(t, nextPhone());
    const productId = productsA[1] ?? '';
    await setStock(pointA.id, productId, 20);
    await put(customer, pointA.id, productId, 4);
    const placed = PlacedOrdersSchema.parse((await order(customer, pickup(pointA.id))).json()).orders[0];
    expect(await stockOf(pointA.id, productId)).toBe(16);
    const cancels = await Promise.all(
      [0, 1].map(() =>
        t.app.inject({
          method: 'POST',
          url: `/api/orders/${placed?.slug}/cancel`,
          headers: customer.headers,
        }),
      ),
    );
    expect(cancels.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(OrderSchema.parse(cancels[0]?.json()).status).toBe('cancelled');
    expect(await stockOf(pointA.id, productId)).toBe(20);

    await setStock(pointA.id, productId, 3);
    const repeated = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${placed?.slug}/repeat`,
      headers: customer.headers,
    });
    expect(repeated.statusCode).toBe(200);
    const basket = repeated.json() as Record<string, { quantity: number }[]>;
    expect(basket[pointA.id]?.[0]?.quantity).toBe(3);
  });

  it('lets the operator move an order along and refuses a customer cancel once assembling', async () => {
    const customer = await signIn(t, nextPhone());
    await setStock(pointA.id, productsA[1] ?? '', 20);
    await put(customer, pointA.id, productsA[1] ?? '', 1);
    const placed = PlacedOrdersSchema.parse((await order(customer, pickup(pointA.id))).json()).orders[0];
    const number = placed?.number ?? 0;
    await t.app.services.orders.moveOrder(number, 'confirmed');
    await expect(t.app.services.orders.moveOrder(number, 'done')).rejects.toThrow(/перевести нельзя/);
    await t.app.services.orders.moveOrder(number, 'assembling');
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${placed?.slug}/cancel`,
      headers: customer.headers,
    });
    expect(cancel.statusCode).toBe(409);
    await t.app.services.orders.moveOrder(number, 'ready');
    // The move answers the number and the status only (an operator sees nothing of the customer's).
    expect(await t.app.services.orders.moveOrder(number, 'done')).toEqual({ number, status: 'done' });
    const done = await t.app.services.orders.getOrder(customer.user._id, number);
    expect(done.events.map((event) => event.status)).toEqual([
      'new',
      'confirmed',
      'assembling',
      'ready',
      'done',
    ]);
    const notes = await t.db.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, customer.user._id));
    expect(notes.map((note) => note.content)).toContain(`Заказ №${number} готов: его можно забрать.`);
  });

  it('rejects a full delivery slot and shows it as full', async () => {
    const customer = await signIn(t, nextPhone());
    const saved = await saveAddressAtA(customer, 'г. Ярославль, рядом');
    const [slot] = SlotListSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/points/${pointA.id}/slots` })).json(),
    ).slice(-1);
    await t.db.db
      .insert(slotReservations)
      .values({ pointId: pointA.id, slotStart: new Date(slot?.start ?? ''), reserved: 5, capacity: 5 })
      .onConflictDoUpdate({
        target: [slotReservations.pointId, slotReservations.slotStart],
        set: { reserved: 5 },
      });
    const slots = SlotListSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/points/${pointA.id}/slots` })).json(),
    );
    expect(slots.find((item) => item.start === slot?.start)?.is_full).toBe(true);
    await setStock(pointA.id, productsA[1] ?? '', 20);
    await put(customer, pointA.id, productsA[1] ?? '', 1);
    const response = await order(customer, {
      ...pickup(pointA.id),
      orders: [{ point: pointA.id, fulfilment: 'delivery', slot: slot?.start, address: { id: saved._id } }],
    });
    expect(response.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(response.json()).message).toMatch(/уже занято/);
    expect(await stockOf(pointA.id, productsA[1] ?? '')).toBe(20);
  });

  it('keeps stock per point when one product is in two groups', async () => {
    const customer = await signIn(t, nextPhone());
    // The same product at two points of its shop.
    const [pair] = (await t.db.db
      .select({ productId: stock.productId, pointId: stock.pointId })
      .from(stock)
      .innerJoin(points, eq(points.id, stock.pointId))
      .where(and(eq(points.isPickup, true), isPieces))) as { productId: string; pointId: string }[];
    const others = await t.db.db
      .select({ pointId: stock.pointId })
      .from(stock)
      .innerJoin(points, eq(points.id, stock.pointId))
      .where(and(eq(stock.productId, pair?.productId ?? ''), eq(points.isPickup, true)));
    const secondPoint = others.find((row) => row.pointId !== pair?.pointId)?.pointId;
    if (!pair || !secondPoint) return;
    await setStock(pair.pointId, pair.productId, 5);
    await setStock(secondPoint, pair.productId, 5);
    await put(customer, pair.pointId, pair.productId, 2);
    await put(customer, secondPoint, pair.productId, 3);
    const response = await order(customer, {
      ...pickup(pair.pointId),
      orders: [
        { point: pair.pointId, fulfilment: 'pickup' },
        { point: secondPoint, fulfilment: 'pickup' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await stockOf(pair.pointId, pair.productId)).toBe(3);
    expect(await stockOf(secondPoint, pair.productId)).toBe(2);
    const [productRow] = await t.db.db.select().from(products).where(eq(products.id, pair.productId));
    expect(
      PlacedOrdersSchema.parse(response.json()).orders.every(
        (item) => item.items[0]?.name === productRow?.name,
      ),
    ).toBe(true);
  });
});
