/**
 * NUL and other control characters (issue 12, item 3) are refused by the contracts, on every surface a
 * customer's text comes in through, with a Russian 400 — so they never reach PostgreSQL, which cannot store
 * NUL and answered 500. A multi-line comment keeps its line breaks.
 */
import { ErrorBodySchema } from '@core/contracts/common';
import { CONTROL_CHARACTERS_MESSAGE } from '@core/contracts/z-namespace';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../tests/setup/database';
import { type SignedInCustomer, signIn } from '../../tests/setup/identity';
import { points, products, stock, stores } from '../db/schema/index';

const ZERO_ID = '00000000-0000-4000-8000-000000000000';

describe.each(TEST_DATABASE_KINDS)('control characters on %s', (kind) => {
  let t: TestApp;
  let customer: SignedInCustomer;

  beforeAll(async () => {
    t = await createTestApp(kind);
    customer = await signIn(t, '+7 (903) 200-00-01');
  });

  afterAll(async () => {
    await t?.close();
  });

  function expectRefused(response: { statusCode: number; body: string; json(): unknown }) {
    expect(response.statusCode, response.body).toBe(400);
    expect(ErrorBodySchema.parse(response.json()).message).toBe(CONTROL_CHARACTERS_MESSAGE);
  }

  it.each([
    '/api/vacancies?city=a%00b',
    '/api/vacancies?city=%1B%5B31m',
    '/api/search?q=%D0%BC%D0%BE%D0%BB%00%D0%BE%D0%BA%D0%BE',
    '/api/search?q=a%C2%85b',
    '/api/recipes/borsch%00',
    '/api/articles/blog/post%00',
    '/api/pages/about%00',
  ])('refuses %s', async (url) => {
    expectRefused(await t.app.inject({ method: 'GET', url }));
  });

  it.each([
    '/api/stores/a%00b',
    '/api/products/a%00b',
    '/api/catalog/products?store=a%00b',
    `/api/points/list?points=${ZERO_ID}%00`,
  ])('never answers %s with a 5xx', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect([400, 404], response.body).toContain(response.statusCode);
    expect(ErrorBodySchema.parse(response.json()).message).toMatch(/[а-яё]/i);
  });

  it('refuses a name with NUL when a code is requested', async () => {
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/user/code',
        payload: { name: 'Ан\u0000на', phone: '+7 (903) 200-00-02' },
      }),
    );
  });

  it('refuses NUL in the profile', async () => {
    for (const change of [{ name: 'Анна\u0000' }, { email: 'a\u0000@example.ru' }]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/user/me/update',
        headers: customer.headers,
        payload: { name: 'Анна', phone: customer.user.phone, email: 'anna@example.ru', ...change },
      });
      expect(response.statusCode, response.body).toBe(400);
    }
  });

  it('refuses NUL and line breaks in a saved address', async () => {
    for (const address of ['ул. Свободы\u0000, 1', 'ул. Свободы,\n1']) {
      expectRefused(
        await t.app.inject({
          method: 'POST',
          url: '/api/user/me/addresses',
          headers: customer.headers,
          payload: {
            address,
            deliveryArea: ZERO_ID,
            city: ZERO_ID,
            coordinates: { longitude: 39.89, latitude: 57.63 },
          },
        }),
      );
    }
  });

  it('refuses NUL in a push subscription’s endpoint', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/notification/subscribe',
      headers: customer.headers,
      payload: {
        subscription: {
          endpoint: 'https://push.example/send/a\u0000b',
          keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
        },
      },
    });
    expectRefused(response);
  });

  describe('at checkout', () => {
    const checkout = (change: { comment?: string; flat?: string; courier?: string }) => ({
      orders: [
        {
          point: ZERO_ID,
          fulfilment: 'delivery',
          slot: '2026-01-12T10:00:00.000Z',
          address: { id: ZERO_ID, flat: change.flat ?? '1', comment: change.courier ?? '' },
        },
      ],
      phone: '+7 (903) 200-00-01',
      payment: 'cash',
      comment: change.comment ?? '',
    });

    it.each([
      ['the order comment', { comment: 'Позвоните\u0000' }],
      ['the flat', { flat: '12\u0000' }],
      ['the flat with a line break', { flat: '12\n13' }],
      ['the courier comment', { courier: 'код\u0000' }],
    ])('refuses NUL in %s', async (_name, change) => {
      expectRefused(
        await t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { ...customer.headers, 'idempotency-key': crypto.randomUUID() },
          payload: checkout(change),
        }),
      );
    });

    it('keeps a multi-line order comment', async () => {
      await t.db.db.update(stores).set({ minOrderKopecks: 0 });
      const [point] = await t.db.db.select().from(points).where(eq(points.isPickup, true)).limit(1);
      // A product sold by the piece: one of it is a quantity the basket takes.
      const [line] = await t.db.db
        .select({ productId: stock.productId })
        .from(stock)
        .innerJoin(products, and(eq(products.id, stock.productId), eq(products.soldBy, 'piece')))
        .where(eq(stock.pointId, point?.id ?? ''))
        .limit(1);
      await t.db.db
        .update(stock)
        .set({ count: 10 })
        .where(eq(stock.pointId, point?.id ?? ''));
      const put = await t.app.inject({
        method: 'PATCH',
        url: '/api/user/me/basket',
        headers: customer.headers,
        payload: { warehouse_id: point?.id, product_id: line?.productId, quantity: 1 },
      });
      expect(put.statusCode, put.body).toBe(200);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { ...customer.headers, 'idempotency-key': crypto.randomUUID() },
        payload: {
          orders: [{ point: point?.id, fulfilment: 'pickup' }],
          phone: '+7 (903) 200-00-01',
          payment: 'cash',
          comment: 'Позвоните заранее,\r\nдомофон\tне работает',
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        orders: [{ comment: 'Позвоните заранее,\r\nдомофон\tне работает' }],
      });
    });
  });
});
