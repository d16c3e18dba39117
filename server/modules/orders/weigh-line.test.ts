/**
 * Goods sold by weight through checkout and assembly (issue 27, ADR 054), on PGlite and PostgreSQL: the order
 * is an estimate, weighing changes its money exactly by the one rule, past the tolerance it is refused, the
 * customer is told the difference, and grams of stock are never oversold by concurrent checkouts.
 */

import { ErrorBodySchema } from '@core/contracts/common';
import { type Order, OrderSchema, PlacedOrdersSchema } from '@core/contracts/orders';
import { totalsWithFee } from '@core/rules/order-totals';
import { weighedPriceKopecks } from '@core/rules/sold-by-weight';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { phoneSequence, type SignedInCustomer, signIn } from '../../../tests/setup/identity';
import { signInOperator } from '../../../tests/setup/realtime';
import { queryRows } from '../../db/client';
import { notifications, stock, stores } from '../../db/schema/index';

const OfferSchema = z.object({
  pointId: z.string(),
  productId: z.string(),
  price: z.number(),
  discount: z.number(),
  step: z.number(),
  min: z.number(),
  name: z.string(),
});
type Offer = z.infer<typeof OfferSchema>;

const nextPhone = phoneSequence('8915');

describe.each(TEST_DATABASE_KINDS)('weighing an order on %s', (kind) => {
  let t: TestApp;
  let operator: SignedInCustomer;
  let offers: Offer[];
  const take = () => {
    const offer = offers.shift();
    if (!offer) throw new Error('the seed has run out of weighed offers at pickup points');
    return offer;
  };

  const setLine = (who: SignedInCustomer, offer: Offer, quantity: number) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/user/me/basket',
      headers: who.headers,
      payload: { warehouse_id: offer.pointId, product_id: offer.productId, quantity },
    });
  const checkout = (who: SignedInCustomer, offer: Offer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...who.headers, 'idempotency-key': crypto.randomUUID() },
      payload: {
        orders: [{ point: offer.pointId, fulfilment: 'pickup' }],
        phone: '+7 (900) 777-00-02',
        payment: 'cash',
      },
    });
  const order = async (who: SignedInCustomer, offer: Offer, grams: number): Promise<Order> => {
    expect((await setLine(who, offer, grams)).statusCode).toBe(200);
    const response = await checkout(who, offer);
    expect(response.statusCode, response.body).toBe(200);
    const [placed] = PlacedOrdersSchema.parse(response.json()).orders;
    if (!placed) throw new Error('no order');
    return placed;
  };
  const move = (number: number, status: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/operator/orders/${number}/status`,
      headers: operator.headers,
      payload: { status },
    });
  const weigh = (who: SignedInCustomer | null, number: number, product: string, grams: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/operator/orders/${number}/weigh`,
      headers: who?.headers ?? {},
      payload: { product, grams },
    });
  const read = async (who: SignedInCustomer, number: number): Promise<Order> => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${number}`,
      headers: who.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return OrderSchema.parse(response.json());
  };
  const stockOf = async (offer: Offer) => {
    const [row] = await t.db.db
      .select({ count: stock.count })
      .from(stock)
      .where(and(eq(stock.pointId, offer.pointId), eq(stock.productId, offer.productId)));
    return row?.count ?? -1;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.db.db.update(stores).set({ minOrderKopecks: 0 });
    operator = await signInOperator(t, nextPhone());
    offers = await queryRows(
      t.db.db,
      OfferSchema,
      sql`select s.point_id as "pointId", s.product_id as "productId",
          coalesce(s.price_kopecks, p.price_kopecks) as price, p.discount_percent as discount,
          p.step_grams as step, p.min_grams as min, p.name
        from stock s join points pt on pt.id = s.point_id join products p on p.id = s.product_id
        where p.store_id = pt.store_id and pt.is_pickup and p.sold_by = 'weight' and p.piece_grams is null
          and p.step_grams = 100 and s.count >= 3000
        order by s.point_id, s.product_id`,
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  it('places an estimate, and weighing changes the line, the total and the stock exactly', async () => {
    const offer = take();
    const anna = await signIn(t, nextPhone());
    const stockBefore = await stockOf(offer);
    const placed = await order(anna, offer, 700);
    const estimate = weighedPriceKopecks(offer.price, 700);
    expect(placed).toMatchObject({ is_estimate: true, total: estimate, total_estimate: estimate });
    expect(placed.items[0]).toMatchObject({
      quantity: 700,
      price: offer.price,
      by_weight: { step: 100, actual: null, estimate, final: null },
    });
    expect(await stockOf(offer)).toBe(stockBefore - 700);

    expect((await move(placed.number, 'confirmed')).statusCode).toBe(200);
    expect((await move(placed.number, 'assembling')).statusCode).toBe(200);
    const response = await weigh(operator, placed.number, offer.productId, 683);
    expect(response.statusCode, response.body).toBe(200);
    const final = weighedPriceKopecks(offer.price, 683);
    expect(response.json()).toEqual({
      success: true,
      order: { number: placed.number, total: final, difference: final - estimate },
    });
    const weighed = await read(anna, placed.number);
    const expected = totalsWithFee(
      [{ price: offer.price, discount: offer.discount, quantity: 683, isByWeight: true }],
      0,
    );
    expect(weighed).toMatchObject({
      is_estimate: false,
      total: final,
      total_estimate: estimate,
      items_total: expected.items,
      savings: expected.savings,
    });
    expect(weighed.items[0]?.by_weight).toMatchObject({ actual: 683, estimate, final });
    // 17 g less than taken went back to sale.
    expect(await stockOf(offer)).toBe(stockBefore - 683);

    const [told] = await t.db.db
      .select({ content: notifications.content })
      .from(notifications)
      .where(and(eq(notifications.userId, anna.user._id), sql`${notifications.content} like '%взвесили%'`));
    expect(told?.content).toContain(`(−`);
    expect(told?.content).toContain('683 г');
  });

  it('refuses a weight past the tolerance over the estimate, and accepts the edge', async () => {
    const offer = take();
    const boris = await signIn(t, nextPhone());
    const placed = await order(boris, offer, 1_000);
    await move(placed.number, 'confirmed');
    const estimate = weighedPriceKopecks(offer.price, 1_000);
    // The heaviest weight whose price is within 10 % of the estimate, and a gram more past it.
    let edge = 1_100;
    while (weighedPriceKopecks(offer.price, edge + 1) <= Math.floor((estimate * 110) / 100)) edge += 1;
    while (weighedPriceKopecks(offer.price, edge) > Math.floor((estimate * 110) / 100)) edge -= 1;
    const refused = await weigh(operator, placed.number, offer.productId, edge + 1);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(ErrorBodySchema.parse(refused.json()).message).toMatch(
      /вес больше заказанного более чем на 10 %.*Положите меньше или согласуйте с покупателем$/,
    );
    expect((await read(boris, placed.number)).is_estimate).toBe(true);
    const accepted = await weigh(operator, placed.number, offer.productId, edge);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await read(boris, placed.number)).total).toBe(weighedPriceKopecks(offer.price, edge));
  });

  it('answers 401 to a guest and 403 to a customer before the body, 400 to a nonsense weight', async () => {
    const offer = take();
    const vera = await signIn(t, nextPhone());
    const placed = await order(vera, offer, 500);
    expect((await weigh(null, placed.number, offer.productId, 'много')).statusCode).toBe(401);
    expect((await weigh(vera, placed.number, offer.productId, 'много')).statusCode).toBe(403);
    for (const grams of ['много', 0, -5, 1.5, 20_001]) {
      const response = await weigh(operator, placed.number, offer.productId, grams);
      expect(response.statusCode, String(grams)).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).message).toMatch(/[а-яё]/i);
    }
    // Not at assembly yet: a new order is not weighed.
    expect((await weigh(operator, placed.number, offer.productId, 500)).statusCode).toBe(409);
  });

  it('never oversells grams of stock under concurrent checkouts', async () => {
    const offer = take();
    await t.db.db
      .update(stock)
      .set({ count: 2_000 })
      .where(and(eq(stock.pointId, offer.pointId), eq(stock.productId, offer.productId)));
    const customers = await Promise.all(Array.from({ length: 5 }, () => signIn(t, nextPhone())));
    for (const who of customers) expect((await setLine(who, offer, 700)).statusCode).toBe(200);
    const responses = await Promise.all(customers.map((who) => checkout(who, offer)));
    const placed = responses.filter((response) => response.statusCode === 200);
    // 2 000 g hold two orders of 700 g, never a third.
    expect(placed).toHaveLength(2);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(3);
    expect(await stockOf(offer)).toBe(600);
  });
});
