/** Goods sold by weight in the basket API (issue 27, ADR 054): grams in steps from a minimum, capped at stock. */
import { type Basket, BasketSchema, QUANTITY_MESSAGE } from '@core/contracts/basket';
import { ErrorBodySchema } from '@core/contracts/common';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { phoneSequence, type SignedInCustomer, signIn } from '../../../tests/setup/identity';
import { queryRows } from '../../db/client';
import { products, stock } from '../../db/schema/index';

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

const WeighedOfferSchema = z.object({
  pointId: z.string(),
  productId: z.string(),
  count: z.number(),
  price: z.number(),
  step: z.number(),
  min: z.number(),
});
type WeighedOffer = z.infer<typeof WeighedOfferSchema>;

const newPhone = phoneSequence('8914');

function expectError(response: Response, status: number, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(ErrorBodySchema.parse(response.json()).message).toBe(message);
}

function lineOf(response: Response, offer: WeighedOffer) {
  expect(response.statusCode, response.body).toBe(200);
  const basket: Basket = BasketSchema.parse(response.json());
  return basket[offer.pointId]?.find((item) => item.product._id === offer.productId);
}

describe.each(TEST_DATABASE_KINDS)('goods sold by weight in the basket API on %s', (kind) => {
  let t: TestApp;
  let pool: WeighedOffer[];
  const take = () => {
    const offer = pool.shift();
    if (!offer) throw new Error('the seed has run out of weighed offers');
    return offer;
  };
  const patch = (who: SignedInCustomer | null, offer: WeighedOffer, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/user/me/basket',
      payload: { warehouse_id: offer.pointId, product_id: offer.productId, ...body },
      headers: who?.headers ?? {},
    });
  const setStock = (offer: WeighedOffer, count: number) =>
    t.db.db
      .update(stock)
      .set({ count })
      .where(and(eq(stock.pointId, offer.pointId), eq(stock.productId, offer.productId)));

  beforeAll(async () => {
    t = await createTestApp(kind);
    pool = await queryRows(
      t.db.db,
      WeighedOfferSchema,
      sql`select s.point_id as "pointId", s.product_id as "productId", s.count,
          coalesce(s.price_kopecks, p.price_kopecks) as price, p.step_grams as step, p.min_grams as min
        from stock s join points pt on pt.id = s.point_id join ${products} p on p.id = s.product_id
        where p.store_id = pt.store_id and p.sold_by = 'weight' and p.piece_grams is null
          and p.step_grams = 100 and s.count >= 5000
        order by s.point_id, s.product_id`,
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers a guest 401 before it looks at the weight', async () => {
    const offer = pool[0] as WeighedOffer;
    expectError(await patch(null, offer, { quantity: 123 }), 401, 'Необходимо авторизоваться');
  });

  it('shows the line in grams with its terms, steps by the step from the minimum, and removes below it', async () => {
    const anna = await signIn(t, newPhone());
    const offer = take();
    const first = lineOf(await patch(anna, offer, { delta: offer.step }), offer);
    expect(first).toMatchObject({
      quantity: offer.min,
      product: { price: offer.price, by_weight: { step: offer.step, min: offer.min, piece: null } },
    });
    expect(lineOf(await patch(anna, offer, { delta: offer.step }), offer)?.quantity).toBe(
      offer.min + offer.step,
    );
    expect(lineOf(await patch(anna, offer, { quantity: 1_500 }), offer)?.quantity).toBe(1_500);
    await patch(anna, offer, { quantity: offer.min });
    expect(lineOf(await patch(anna, offer, { delta: -offer.step }), offer)).toBeUndefined();
  });

  it('refuses weights off the step, below the minimum or above the cap, in Russian', async () => {
    const anna = await signIn(t, newPhone());
    const offer = take();
    expectError(await patch(anna, offer, { quantity: offer.min + 50 }), 400, 'Вес — шагами по 100 г');
    expectError(await patch(anna, offer, { delta: 150 }), 400, 'Вес — шагами по 100 г');
    expectError(
      await patch(anna, offer, { quantity: offer.min - offer.step }),
      400,
      `Минимум ${offer.min} г`,
    );
    // Above the cap the contract itself refuses, with its one message for every quantity.
    expectError(await patch(anna, offer, { quantity: 20_100 }), 400, QUANTITY_MESSAGE);
  });

  it('caps at the stock in grams, in whole steps, as pieces are capped', async () => {
    const anna = await signIn(t, newPhone());
    const offer = take();
    await setStock(offer, 1_250);
    expect(lineOf(await patch(anna, offer, { quantity: 5_000 }), offer)).toMatchObject({
      quantity: 1_200,
      is_over_stock: false,
      product: { count: 1_250 },
    });
    expect(lineOf(await patch(anna, offer, { delta: offer.step }), offer)?.quantity).toBe(1_200);
    await setStock(offer, offer.min - 1);
    // Less than the minimum left: the line is shown above the stock, and its next change removes it.
    expect(lineOf(await patch(anna, offer, { quantity: 1_200 }), offer)).toBeUndefined();
  });

  it('keeps grams when a guest basket is merged at login, capped at the stock', async () => {
    const anna = await signIn(t, newPhone());
    const offer = take();
    await setStock(offer, 2_000);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/user/me/basket/points',
      payload: { data: { [offer.pointId]: [{ product: offer.productId, quantity: 2_550 }] } },
      headers: anna.headers,
    });
    expect(lineOf(response, offer)?.quantity).toBe(2_000);
  });
});
