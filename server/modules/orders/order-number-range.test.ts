/**
 * Order numbers beyond PostgreSQL's integer (found by the fuzz suite, issue 12): `GET /api/orders/3091087257`
 * reached the query and failed there ('value is out of range for type integer', a 500). Such a number names
 * no order: the API refuses it like any malformed number, and the order page is a 404. The page is rendered
 * by the production server build.
 */
import { ErrorBodySchema } from '@core/contracts/common';
import { isOrderNumber, ORDER_NUMBER_MAX } from '@core/contracts/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { runsOnce, TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { type SignedInCustomer, signIn } from '../../../tests/setup/identity';
import { loadServerBuild } from '../../../tests/setup/server-build';

describe.runIf(runsOnce())('isOrderNumber', () => {
  it('accepts digits within the integer column and nothing else', () => {
    expect(isOrderNumber('100001')).toBe(true);
    expect(isOrderNumber(String(ORDER_NUMBER_MAX))).toBe(true);
    expect(isOrderNumber(String(ORDER_NUMBER_MAX + 1))).toBe(false);
    expect(isOrderNumber('03091087257')).toBe(false);
    expect(isOrderNumber('99999999999')).toBe(false);
    expect(isOrderNumber('')).toBe(false);
    expect(isOrderNumber('12a')).toBe(false);
    expect(isOrderNumber('-1')).toBe(false);
  });
});

describe.each(TEST_DATABASE_KINDS)('order numbers out of range on %s', (kind) => {
  let t: TestApp;
  let customer: SignedInCustomer;

  beforeAll(async () => {
    t = await createTestApp(kind, { reactRouter: { build: await loadServerBuild(), mode: 'production' } });
    customer = await signIn(t, '+7 (906) 510-00-01');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers 400 "Заказ не найден" on the API, never a 500', async () => {
    for (const number of [String(ORDER_NUMBER_MAX + 1), '3091087257', '999999999999']) {
      for (const [method, url] of [
        ['GET', `/api/orders/${number}`],
        ['POST', `/api/orders/${number}/cancel`],
        ['POST', `/api/orders/${number}/repeat`],
      ] as const) {
        const response = await t.app.inject({ method, url, headers: customer.headers });
        expect(response.statusCode, `${method} ${url}`).toBe(400);
        expect(ErrorBodySchema.parse(response.json()).message).toBe('Заказ не найден');
      }
    }
    // The largest integer is a number like any other: not this customer's order.
    const largest = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${ORDER_NUMBER_MAX}`,
      headers: customer.headers,
    });
    expect(largest.statusCode).toBe(404);
  });

  it('answers the order page of such a number with 404', async () => {
    for (const number of [String(ORDER_NUMBER_MAX + 1), '99999999999', String(ORDER_NUMBER_MAX)]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/order/${number}`,
        headers: { cookie: customer.cookie },
      });
      expect(response.statusCode, `/order/${number}`).toBe(404);
    }
  });
});
