import { randomUUID } from 'node:crypto';
import {
  BASKET_FULL_MESSAGE,
  type Basket,
  BasketSchema,
  POINT_ID_MESSAGE,
  PRODUCT_ID_MESSAGE,
  QUANTITY_MESSAGE,
} from '@core/contracts/basket';
import { ErrorBodySchema } from '@core/contracts/common';
import { BASKET_MAX_LINES } from '@core/rules/basket';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { phoneSequence, type SignedInCustomer, signIn } from '../../../tests/setup/identity';
import { queryRows } from '../../db/client';
import { basketItems, stock } from '../../db/schema/index';
import { POINT_NOT_FOUND, PRODUCT_NOT_FOUND } from '../catalog/catalog.service';
import { NOT_SOLD_AT_POINT } from './basket.service';

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

/** A product a point sells, with what the seed gave it. */
const OfferSchema = z.object({
  pointId: z.string(),
  productId: z.string(),
  storeId: z.string(),
  count: z.number(),
  price: z.number(),
  name: z.string(),
});
type Offer = z.infer<typeof OfferSchema>;

/** Lines grouped by point, as a guest basket is uploaded. */
function dataOf(
  lines: { offer: Pick<Offer, 'pointId' | 'productId'>; quantity: number; product?: unknown }[],
) {
  const data: Record<string, { product: unknown; quantity: number }[]> = {};
  for (const { offer, quantity, product } of lines) {
    data[offer.pointId] = [...(data[offer.pointId] ?? []), { product: product ?? offer.productId, quantity }];
  }
  return data;
}

function expectError(response: Response, status: number, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = ErrorBodySchema.parse(response.json());
  expect(body.message).toMatch(/[а-яё]/i);
  if (message !== undefined) expect(body.message).toBe(message);
  return body;
}

function basketOf(response: Response): Basket {
  expect(response.statusCode, response.body).toBe(200);
  return BasketSchema.parse(response.json());
}

/** Point id → product id → quantity: what a basket holds, without the product details. */
function quantities(basket: Basket): Record<string, Record<string, number>> {
  return Object.fromEntries(
    Object.entries(basket).map(([pointId, items]) => [
      pointId,
      Object.fromEntries(items.map((item) => [item.product._id, item.quantity])),
    ]),
  );
}

const newPhone = phoneSequence('8913');

describe.each(TEST_DATABASE_KINDS)('the basket API on %s', (kind) => {
  let t: TestApp;
  /** Offers with plenty of stock, each handed to one test only (tests change stock). */
  let pool: Offer[];
  /** A product of one shop and a point of another shop. */
  let foreign: { pointId: string; productId: string };

  const take = (predicate: (offer: Offer) => boolean = () => true): Offer => {
    const index = pool.findIndex(predicate);
    const [offer] = index === -1 ? [] : pool.splice(index, 1);
    if (!offer) throw new Error('the seed has run out of offers for the basket tests');
    return offer;
  };
  const customer = () => signIn(t, newPhone());

  const get = (who: SignedInCustomer | null) =>
    t.app.inject({ method: 'GET', url: '/api/user/me/basket', headers: who ? { cookie: who.cookie } : {} });
  const patch = (who: SignedInCustomer | null, payload: unknown, headers?: Record<string, string>) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/user/me/basket',
      payload: payload as Record<string, unknown>,
      headers: headers ?? who?.headers ?? {},
    });
  const set = (who: SignedInCustomer, offer: Pick<Offer, 'pointId' | 'productId'>, quantity: number) =>
    patch(who, { warehouse_id: offer.pointId, product_id: offer.productId, quantity });
  const step = (who: SignedInCustomer, offer: Pick<Offer, 'pointId' | 'productId'>, delta: number) =>
    patch(who, { warehouse_id: offer.pointId, product_id: offer.productId, delta });
  const removePoint = (who: SignedInCustomer | null, pointId: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/user/me/basket/${pointId}`, headers: who?.headers ?? {} });
  const upload = (who: SignedInCustomer | null, data: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/user/me/basket/points',
      payload: { data } as Record<string, unknown>,
      headers: who?.headers ?? {},
    });
  const preview = (data: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/basket/preview',
      payload: { data } as Record<string, unknown>,
    });
  const setStock = (offer: Offer, count: number) =>
    t.db.db
      .update(stock)
      .set({ count })
      .where(and(eq(stock.pointId, offer.pointId), eq(stock.productId, offer.productId)));

  beforeAll(async () => {
    t = await createTestApp(kind);
    pool = await queryRows(
      t.db.db,
      OfferSchema,
      sql`select s.point_id as "pointId", s.product_id as "productId", p.store_id as "storeId", s.count,
          coalesce(s.price_kopecks, p.price_kopecks) as price, p.name
        from stock s join points pt on pt.id = s.point_id join products p on p.id = s.product_id
        where p.store_id = pt.store_id and s.count >= 30 and p.sold_by = 'piece'
        order by s.point_id, s.product_id`,
    );
    const [pair] = await queryRows(
      t.db.db,
      z.object({ pointId: z.string(), productId: z.string() }),
      sql`select pt.id as "pointId", p.id as "productId" from points pt join products p on p.store_id <> pt.store_id
        limit 1`,
    );
    if (!pair) throw new Error('the seed needs two shops');
    foreign = pair;
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('who may use it', () => {
    it('answers 401 to a guest on every endpoint, before looking at the body', async () => {
      const offer = pool[0] as Offer;
      expectError(await get(null), 401, 'Необходимо авторизоваться');
      expectError(
        await patch(null, { warehouse_id: offer.pointId, product_id: offer.productId, quantity: 1 }),
        401,
      );
      expectError(await patch(null, { quantity: 'много' }), 401);
      expectError(await removePoint(null, offer.pointId), 401);
      expectError(await upload(null, {}), 401);
    });

    it('refuses a cookie-authenticated change without the same-origin header', async () => {
      const anna = await customer();
      const offer = take();
      const response = await patch(
        anna,
        { warehouse_id: offer.pointId, product_id: offer.productId, quantity: 1 },
        { cookie: anna.cookie },
      );
      expectError(response, 403);
      expect(basketOf(await get(anna))).toEqual({});
    });

    it('accepts a bearer token without the header, and keeps each customer’s basket apart', async () => {
      const [anna, boris] = [await customer(), await customer()];
      const offer = take();
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/user/me/basket',
        headers: { authorization: `Bearer ${anna.token}` },
        payload: { warehouse_id: offer.pointId, product_id: offer.productId, quantity: 2 },
      });
      expect(quantities(basketOf(response))).toEqual({ [offer.pointId]: { [offer.productId]: 2 } });
      expect(basketOf(await get(boris))).toEqual({});
      expect((await get(anna)).headers['cache-control']).toBe('private, no-store');
    });
  });

  describe('PATCH /api/user/me/basket', () => {
    it('starts empty, sets a quantity and shows the product at the point’s price with its stock', async () => {
      const anna = await customer();
      expect(basketOf(await get(anna))).toEqual({});
      const offer = take();
      const basket = basketOf(await set(anna, offer, 3));
      expect(basket).toEqual({
        [offer.pointId]: [
          {
            product: expect.objectContaining({
              _id: offer.productId,
              name: offer.name,
              price: offer.price,
              count: offer.count,
              store: expect.objectContaining({ _id: offer.storeId }),
            }),
            quantity: 3,
            is_over_stock: false,
            // No choice for a missing item of its own yet: the checkout's (ADR 055).
            on_missing: null,
            replacement: null,
          },
        ],
      });
      expect(basketOf(await get(anna))).toEqual(basket);
    });

    it('caps the quantity at the point’s stock', async () => {
      const anna = await customer();
      const offer = take();
      await setStock(offer, 4);
      expect(quantities(basketOf(await set(anna, offer, 9)))).toEqual({
        [offer.pointId]: { [offer.productId]: 4 },
      });
    });

    it('removes a line set to 0, and drops the point when its group is empty', async () => {
      const anna = await customer();
      const first = take();
      const second = take((offer) => offer.pointId === first.pointId && offer.productId !== first.productId);
      const other = take((offer) => offer.pointId !== first.pointId);
      await set(anna, first, 1);
      await set(anna, second, 2);
      await set(anna, other, 1);
      expect(Object.keys(basketOf(await set(anna, first, 0)))).toEqual([first.pointId, other.pointId]);
      const basket = basketOf(await set(anna, second, 0));
      expect(quantities(basket)).toEqual({ [other.pointId]: { [other.productId]: 1 } });
    });

    it('does nothing for 0 of a product that is not in the basket', async () => {
      const anna = await customer();
      const [kept, absent] = [take(), take()];
      await set(anna, kept, 2);
      const before = basketOf(await get(anna));
      expect(basketOf(await set(anna, absent, 0))).toEqual(before);
      expect(basketOf(await step(anna, absent, -1))).toEqual(before);
      // Even unknown ids: there is nothing to remove.
      expect(basketOf(await set(anna, { pointId: randomUUID(), productId: randomUUID() }, 0))).toEqual(
        before,
      );
    });

    it('steps a line with delta, never below 0 or above the stock', async () => {
      const anna = await customer();
      const offer = take();
      await setStock(offer, 2);
      const line = async (response: Promise<Response>) =>
        quantities(basketOf(await response))[offer.pointId]?.[offer.productId] ?? 0;
      expect(await line(step(anna, offer, 1))).toBe(1);
      expect(await line(step(anna, offer, 1))).toBe(2);
      expect(await line(step(anna, offer, 1))).toBe(2);
      expect(await line(step(anna, offer, -1))).toBe(1);
      expect(await line(step(anna, offer, -1))).toBe(0);
      expect(basketOf(await get(anna))).toEqual({});
    });

    it('keeps groups and lines in the order they were added; a quantity change keeps the place', async () => {
      const anna = await customer();
      const a = take();
      const b = take((offer) => offer.pointId !== a.pointId);
      const a2 = take((offer) => offer.pointId === a.pointId);
      await set(anna, b, 1);
      await set(anna, a, 1);
      await set(anna, a2, 1);
      const basket = basketOf(await set(anna, a, 5));
      expect(Object.keys(basket)).toEqual([b.pointId, a.pointId]);
      expect(basket[a.pointId]?.map((item) => item.product._id)).toEqual([a.productId, a2.productId]);
    });

    it('shows a line whose stock fell below it, and caps it on its next change', async () => {
      const anna = await customer();
      const offer = take();
      await set(anna, offer, 6);
      await setStock(offer, 2);
      const [item] = basketOf(await get(anna))[offer.pointId] ?? [];
      expect(item).toMatchObject({ quantity: 6, is_over_stock: true, product: { count: 2 } });

      const [capped] = basketOf(await step(anna, offer, -1))[offer.pointId] ?? [];
      expect(capped).toMatchObject({ quantity: 2, is_over_stock: false, product: { count: 2 } });
    });

    it('keeps a line whose point stopped selling the product, shown with nothing left', async () => {
      const anna = await customer();
      const offer = take();
      await set(anna, offer, 3);
      await t.db.db
        .delete(stock)
        .where(and(eq(stock.pointId, offer.pointId), eq(stock.productId, offer.productId)));
      const [item] = basketOf(await get(anna))[offer.pointId] ?? [];
      expect(item).toMatchObject({ quantity: 3, is_over_stock: true, product: { count: 0 } });
      expect(basketOf(await step(anna, offer, 1))).toEqual({});
    });

    it('adds nothing of a product the point has sold out', async () => {
      const anna = await customer();
      const offer = take();
      await setStock(offer, 0);
      expect(basketOf(await set(anna, offer, 1))).toEqual({});
    });

    it('validates the quantity 0–999 and the ids with Russian messages', async () => {
      const anna = await customer();
      const offer = take();
      const body = { warehouse_id: offer.pointId, product_id: offer.productId };
      for (const quantity of [1000, -1, 1.5, '2', null]) {
        const error = expectError(await patch(anna, { ...body, quantity }), 400, QUANTITY_MESSAGE);
        expect(error.errors).toEqual({ quantity: QUANTITY_MESSAGE });
      }
      expectError(await patch(anna, body), 400, 'Укажите количество');
      expectError(await patch(anna, { ...body, quantity: 1, delta: 1 }), 400, 'Укажите количество');
      expectError(await patch(anna, { ...body, delta: 1000 }), 400, QUANTITY_MESSAGE);
      expectError(await patch(anna, { ...body, warehouse_id: 'точка', quantity: 1 }), 400, POINT_ID_MESSAGE);
      expectError(await patch(anna, { ...body, product_id: 42, quantity: 1 }), 400, PRODUCT_ID_MESSAGE);
      expect(basketOf(await set(anna, offer, 999))[offer.pointId]?.[0]?.quantity).toBe(offer.count);
    });

    it('answers 404 for an unknown point or product and 400 for a product the point does not sell', async () => {
      const anna = await customer();
      const offer = take();
      expectError(await set(anna, { ...offer, pointId: randomUUID() }, 1), 404, POINT_NOT_FOUND);
      expectError(await set(anna, { ...offer, productId: randomUUID() }, 1), 404, PRODUCT_NOT_FOUND);
      expectError(await set(anna, foreign, 1), 400, NOT_SOLD_AT_POINT);
      expectError(await step(anna, foreign, 1), 400, NOT_SOLD_AT_POINT);
      expect(basketOf(await get(anna))).toEqual({});
    });

    it(`refuses a new line beyond ${BASKET_MAX_LINES}, but still changes lines already there`, async () => {
      const anna = await customer();
      const lines = await queryRows(
        t.db.db,
        z.object({ pointId: z.string(), productId: z.string() }),
        sql`select s.point_id as "pointId", s.product_id as "productId"
          from stock s join points pt on pt.id = s.point_id join products p on p.id = s.product_id
          where p.store_id = pt.store_id and s.count > 5 and p.sold_by = 'piece' order by s.product_id, s.point_id limit ${BASKET_MAX_LINES + 1}`,
      );
      const [extra, ...full] = lines;
      if (!extra || full.length !== BASKET_MAX_LINES) throw new Error('the seed has too few offers');
      await t.db.db.execute(sql`insert into baskets (user_id) values (${anna.user._id})`);
      await t.db.db
        .insert(basketItems)
        .values(full.map((line) => ({ userId: anna.user._id, ...line, quantity: 1 })));
      expectError(await set(anna, extra, 1), 400, BASKET_FULL_MESSAGE);
      const first = full[0] as (typeof full)[number];
      expect(
        basketOf(await set(anna, first, 2))[first.pointId]?.find((i) => i.product._id === first.productId),
      ).toMatchObject({ quantity: 2 });
    });
  });

  describe('DELETE /api/user/me/basket/{pointId}', () => {
    it('removes a point’s group and leaves the others', async () => {
      const anna = await customer();
      const a = take();
      const a2 = take((offer) => offer.pointId === a.pointId);
      const b = take((offer) => offer.pointId !== a.pointId);
      await set(anna, a, 1);
      await set(anna, a2, 1);
      await set(anna, b, 3);
      expect(quantities(basketOf(await removePoint(anna, a.pointId)))).toEqual({
        [b.pointId]: { [b.productId]: 3 },
      });
      // Again, or a point never in the basket: nothing to do.
      expect(quantities(basketOf(await removePoint(anna, a.pointId)))).toEqual({
        [b.pointId]: { [b.productId]: 3 },
      });
      expectError(await removePoint(anna, 'не-точка'), 400, POINT_ID_MESSAGE);
    });
  });

  describe('PUT /api/user/me/basket/points (the guest basket at login)', () => {
    it('merges: nothing lost, the larger quantity wins, capped at the stock', async () => {
      const anna = await customer();
      const both = take();
      const serverOnly = take();
      const guestOnly = take();
      const capped = take();
      const soldOut = take();
      await setStock(capped, 3);
      await set(anna, both, 2);
      await set(anna, serverOnly, 4);
      await setStock(soldOut, 0);

      const guest = dataOf([
        { offer: both, quantity: 5 },
        { offer: guestOnly, quantity: 1, product: { _id: guestOnly.productId, name: 'как его отдаёт GET' } },
        { offer: capped, quantity: 8 },
        { offer: soldOut, quantity: 2 },
      ]);
      const expected: Record<string, Record<string, number>> = {};
      const put = (offer: Offer, quantity: number) => {
        expected[offer.pointId] = { ...expected[offer.pointId], [offer.productId]: quantity };
      };
      put(both, 5);
      put(serverOnly, 4);
      put(guestOnly, 1);
      put(capped, 3);
      expect(quantities(basketOf(await upload(anna, guest)))).toEqual(expected);
      expect(quantities(basketOf(await get(anna)))).toEqual(expected);

      // The server's larger quantity wins too, and uploading the same again changes nothing.
      expect(
        quantities(
          basketOf(
            await upload(anna, { [serverOnly.pointId]: [{ product: serverOnly.productId, quantity: 1 }] }),
          ),
        ),
      ).toEqual(expected);
      expect(quantities(basketOf(await upload(anna, {})))).toEqual(expected);
    });

    it('skips lines the points do not sell and refuses malformed data', async () => {
      const anna = await customer();
      expect(
        basketOf(await upload(anna, { [foreign.pointId]: [{ product: foreign.productId, quantity: 1 }] })),
      ).toEqual({});
      expect(
        basketOf(await upload(anna, { [randomUUID()]: [{ product: randomUUID(), quantity: 1 }] })),
      ).toEqual({});
      const offer = take();
      expectError(
        await upload(anna, { 'не-точка': [{ product: offer.productId, quantity: 1 }] }),
        400,
        POINT_ID_MESSAGE,
      );
      expectError(
        await upload(anna, { [offer.pointId]: [{ product: 'x', quantity: 1 }] }),
        400,
        PRODUCT_ID_MESSAGE,
      );
      expectError(
        await upload(anna, { [offer.pointId]: [{ product: offer.productId, quantity: 1000 }] }),
        400,
        QUANTITY_MESSAGE,
      );
      const tooMany = Array.from({ length: BASKET_MAX_LINES + 1 }, () => ({
        product: randomUUID(),
        quantity: 1,
      }));
      expectError(await upload(anna, { [offer.pointId]: tooMany }), 400, BASKET_FULL_MESSAGE);
      expect(basketOf(await get(anna))).toEqual({});
    });
  });

  describe('POST /api/basket/preview (a guest basket)', () => {
    it('shows a guest basket with today’s prices and stock, flags what is short and leaves out the unknown', async () => {
      const offer = take();
      const short = take((candidate) => candidate.pointId !== offer.pointId);
      await setStock(short, 1);
      const basket = basketOf(
        await preview(
          dataOf([
            { offer, quantity: 2 },
            { offer: short, quantity: 3 },
            { offer: { pointId: short.pointId, productId: randomUUID() }, quantity: 1 },
            { offer: foreign, quantity: 1 },
          ]),
        ),
      );
      expect(Object.keys(basket)).toEqual([offer.pointId, short.pointId]);
      expect(basket[offer.pointId]?.[0]).toMatchObject({
        quantity: 2,
        is_over_stock: false,
        product: { price: offer.price },
      });
      expect(basket[short.pointId]).toEqual([
        expect.objectContaining({
          quantity: 3,
          is_over_stock: true,
          product: expect.objectContaining({ count: 1 }),
        }),
      ]);
      expectError(
        await preview({ [offer.pointId]: [{ product: offer.productId, quantity: -1 }] }),
        400,
        QUANTITY_MESSAGE,
      );
    });
  });

  describe('concurrency', () => {
    it('keeps all of twenty simultaneous changes of different lines', async () => {
      const anna = await customer();
      const offers = Array.from({ length: 20 }, () => take());
      const responses = await Promise.all(offers.map((offer, index) => set(anna, offer, (index % 3) + 1)));
      for (const response of responses) expect(response.statusCode, response.body).toBe(200);
      const expected: Record<string, Record<string, number>> = {};
      offers.forEach((offer, index) => {
        expected[offer.pointId] = { ...expected[offer.pointId], [offer.productId]: (index % 3) + 1 };
      });
      expect(quantities(basketOf(await get(anna)))).toEqual(expected);
    });

    it('counts every one of twenty simultaneous steps up, and none lifts the line above the stock', async () => {
      const anna = await customer();
      const [roomy, tight] = [take(), take()];
      await setStock(roomy, 50);
      await setStock(tight, 7);
      const steps = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          step(anna, index % 2 === 0 ? roomy : tight, 1).then(basketOf),
        ),
      );
      for (const basket of steps) {
        for (const item of basket[tight.pointId] ?? []) {
          if (item.product._id === tight.productId) expect(item.quantity).toBeLessThanOrEqual(7);
        }
      }
      const final = quantities(basketOf(await get(anna)));
      // Ten steps each: the roomy line got all ten, the tight one stopped at its stock.
      expect(final[roomy.pointId]?.[roomy.productId]).toBe(10);
      expect(final[tight.pointId]?.[tight.productId]).toBe(7);
    });

    it('loses nothing when merges, steps and removals of one basket meet', async () => {
      const anna = await customer();
      const stepped = take();
      const merged = Array.from({ length: 5 }, () => take());
      const removed = take(
        (offer) => !merged.some((m) => m.pointId === offer.pointId) && offer.pointId !== stepped.pointId,
      );
      await set(anna, removed, 1);
      await Promise.all([
        ...Array.from({ length: 10 }, () => step(anna, stepped, 1)),
        ...merged.map((offer) =>
          upload(anna, { [offer.pointId]: [{ product: offer.productId, quantity: 2 }] }),
        ),
        removePoint(anna, removed.pointId),
      ]);
      const final = quantities(basketOf(await get(anna)));
      expect(final[stepped.pointId]?.[stepped.productId]).toBe(10);
      for (const offer of merged) expect(final[offer.pointId]?.[offer.productId]).toBe(2);
      expect(final[removed.pointId]).toBeUndefined();
    });
  });
});
