/**
 * Issue 27 (ADR 055): a basket line's choice for when its product is missing at assembly, through
 * PUT /api/user/me/basket/choice — set, cleared, a replacement picked from the line's similar products at its
 * point (and one that is not similar refused in Russian) — and GET /api/user/me/basket/replacements.
 */
import {
  type Basket,
  BasketSchema,
  REPLACEMENT_NEEDS_SIMILAR,
  ReplacementOptionsSchema,
} from '@core/contracts/basket';
import { ErrorBodySchema } from '@core/contracts/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { phoneSequence, type SignedInCustomer, signIn } from '../../../tests/setup/identity';
import {
  createCity,
  createPoint,
  createProduct,
  createStore,
  type PointRow,
  type ProductRow,
  setStock,
} from '../../../tests/setup/service-fixtures';
import { NOT_IN_BASKET } from './basket-messages';
import { LINE_CHOICES_PER_MINUTE } from './choice-rates';
import { NOT_SIMILAR_REPLACEMENT } from './line-choice';

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

const newPhone = phoneSequence('8916');

function expectError(response: Response, status: number, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(ErrorBodySchema.parse(response.json()).message).toBe(message);
}

function basketOf(response: Response): Basket {
  expect(response.statusCode, response.body).toBe(200);
  return BasketSchema.parse(response.json());
}

describe.each(TEST_DATABASE_KINDS)('a basket line’s choice for a missing item on %s', (kind) => {
  let t: TestApp;
  let point: PointRow;
  /** The line's product, a similar one of the same shop at the point, one the point has none of, another shop's. */
  let milk: ProductRow;
  let kefir: ProductRow;
  let soldOut: ProductRow;
  let foreign: ProductRow;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: false });
    const db = t.db.db;
    const city = await createCity(db);
    const shop = await createStore(db);
    point = await createPoint(db, shop, city);
    milk = await createProduct(db, shop, { name: 'Молоко 3,2 %' });
    kefir = await createProduct(db, shop, { name: 'Кефир 1 %', priceKopecks: 8_000 });
    soldOut = await createProduct(db, shop, { name: 'Ряженка' });
    await setStock(db, point, milk, 50);
    await setStock(db, point, kefir, 50);
    await setStock(db, point, soldOut, 0);
    const other = await createStore(db);
    const otherPoint = await createPoint(db, other, city);
    foreign = await createProduct(db, other, { name: 'Чужое молоко' });
    await setStock(db, otherPoint, foreign, 50);
  });

  afterAll(async () => {
    await t?.close();
  });

  /** A new customer with two of the milk in the basket. */
  async function customerWithMilk(): Promise<SignedInCustomer> {
    const customer = await signIn(t, newPhone());
    const added = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/me/basket',
      headers: customer.headers,
      payload: { warehouse_id: point.id, product_id: milk.id, quantity: 2 },
    });
    expect(added.statusCode, added.body).toBe(200);
    return customer;
  }

  const choose = (customer: SignedInCustomer | null, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/user/me/basket/choice',
      headers: customer?.headers ?? {},
      payload: payload as Record<string, unknown>,
    });

  const lineOf = (basket: Basket) => basket[point.id]?.find((item) => item.product._id === milk.id);

  it('starts with no choice of its own, then sets one, and clears it with null', async () => {
    const customer = await customerWithMilk();
    const before = basketOf(
      await t.app.inject({ method: 'GET', url: '/api/user/me/basket', headers: customer.headers }),
    );
    expect(lineOf(before)).toMatchObject({ on_missing: null, replacement: null });

    const set = basketOf(await choose(customer, { point: point.id, product: milk.id, on_missing: 'remove' }));
    expect(lineOf(set)).toMatchObject({ quantity: 2, on_missing: 'remove', replacement: null });

    const cleared = basketOf(await choose(customer, { point: point.id, product: milk.id, on_missing: null }));
    expect(lineOf(cleared)).toMatchObject({ quantity: 2, on_missing: null, replacement: null });
  });

  it('lists the similar products the point has, and keeps one picked as the replacement', async () => {
    const customer = await customerWithMilk();
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/user/me/basket/replacements?point=${point.id}&product=${milk.id}`,
      headers: customer.headers,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    // Not the line itself, not what the point has none of, not another shop's.
    expect(ReplacementOptionsSchema.parse(listed.json())).toEqual([
      { product: kefir.id, name: 'Кефир 1 %', price: 8_000 },
    ]);

    const picked = basketOf(
      await choose(customer, {
        point: point.id,
        product: milk.id,
        on_missing: 'similar',
        replacement: kefir.id,
      }),
    );
    expect(lineOf(picked)).toMatchObject({
      on_missing: 'similar',
      replacement: { product: kefir.id, name: 'Кефир 1 %' },
    });

    // A quantity change keeps the choice; the whole choice sent again without a replacement drops it.
    const stepped = basketOf(
      await t.app.inject({
        method: 'PATCH',
        url: '/api/user/me/basket',
        headers: customer.headers,
        payload: { warehouse_id: point.id, product_id: milk.id, delta: 1 },
      }),
    );
    expect(lineOf(stepped)).toMatchObject({
      quantity: 3,
      on_missing: 'similar',
      replacement: { product: kefir.id },
    });
    const anySimilar = basketOf(
      await choose(customer, { point: point.id, product: milk.id, on_missing: 'similar' }),
    );
    expect(lineOf(anySimilar)).toMatchObject({ on_missing: 'similar', replacement: null });
  });

  it('refuses a replacement that is not one of the line’s similar products, in Russian, and keeps the choice', async () => {
    const customer = await customerWithMilk();
    await choose(customer, { point: point.id, product: milk.id, on_missing: 'call' });
    for (const replacement of [foreign.id, soldOut.id, milk.id]) {
      expectError(
        await choose(customer, { point: point.id, product: milk.id, on_missing: 'similar', replacement }),
        400,
        NOT_SIMILAR_REPLACEMENT,
      );
    }
    const basket = basketOf(
      await t.app.inject({ method: 'GET', url: '/api/user/me/basket', headers: customer.headers }),
    );
    expect(lineOf(basket)).toMatchObject({ on_missing: 'call', replacement: null });
  });

  it('refuses a replacement with any choice but similar, a choice outside the list, and a line not in the basket', async () => {
    const customer = await customerWithMilk();
    expectError(
      await choose(customer, {
        point: point.id,
        product: milk.id,
        on_missing: 'call',
        replacement: kefir.id,
      }),
      400,
      REPLACEMENT_NEEDS_SIMILAR,
    );
    const unknown = await choose(customer, { point: point.id, product: milk.id, on_missing: 'maybe' });
    expect(unknown.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(unknown.json()).message).toMatch(/[а-яё]/i);
    expectError(
      await choose(customer, { point: point.id, product: kefir.id, on_missing: 'remove' }),
      409,
      NOT_IN_BASKET,
    );
  });

  it('counts a customer’s choices and lists in one rate: one more than a minute’s is 429 with when to come back', async () => {
    const customer = await customerWithMilk();
    const payload = { point: point.id, product: milk.id, on_missing: 'call' };
    for (let taken = 1; taken < LINE_CHOICES_PER_MINUTE; taken += 1) {
      expect((await choose(customer, payload)).statusCode).toBe(200);
    }
    const list = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/user/me/basket/replacements?point=${point.id}&product=${milk.id}`,
        headers: customer.headers,
      });
    expect((await list()).statusCode).toBe(200);
    for (const refused of [await choose(customer, payload), await list()]) {
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(ErrorBodySchema.parse(refused.json()).message).toMatch(
        /^Слишком много изменений подряд\. Повторите через \d+ (с|мин)$/,
      );
    }
    // Another customer at the same address is not held back by this one's rate.
    const neighbour = await customerWithMilk();
    expect((await choose(neighbour, payload)).statusCode).toBe(200);
  });

  it('answers a guest 401 before reading the body', async () => {
    for (const payload of [{ point: point.id, product: milk.id, on_missing: 'call' }, { on_missing: 5 }]) {
      expectError(await choose(null, payload), 401, 'Необходимо авторизоваться');
    }
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/user/me/basket/replacements?point=x&product=y` }),
      401,
      'Необходимо авторизоваться',
    );
  });
});
