/**
 * A customer keeps at most SAVED_ADDRESSES_MAX delivery addresses (issue 12, item 10): the next new one is a
 * Russian 409, re-saving a kept one still works, deleting one makes room, and simultaneous saves cannot pass
 * the cap together.
 */

import { ErrorBodySchema } from '@core/contracts/common';
import { AddressListSchema, SAVED_ADDRESSES_MAX, TOO_MANY_ADDRESSES_MESSAGE } from '@core/contracts/geo';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { type SignedInCustomer, signIn } from '../../../tests/setup/identity';
import { cities } from '../../db/schema/index';

describe.each(TEST_DATABASE_KINDS)('the saved-address cap on %s', (kind) => {
  let t: TestApp;
  let city: typeof cities.$inferSelect;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [city] = (await t.db.db.select().from(cities).where(eq(cities.slug, 'yaroslavl'))) as [
      typeof cities.$inferSelect,
    ];
  });

  afterAll(async () => {
    await t?.close();
  });

  /** The n-th address: a house number on a street at the city centre, a metre or so apart. */
  const save = (customer: SignedInCustomer, n: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/me/addresses',
      headers: customer.headers,
      payload: {
        address: `г. Ярославль, ул. Свободы, ${n}`,
        deliveryArea: '00000000-0000-4000-8000-000000000000',
        city: city.id,
        coordinates: { longitude: city.centerLongitude + n * 0.00001, latitude: city.centerLatitude },
      },
    });

  const list = async (customer: SignedInCustomer) =>
    AddressListSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/user/me/addresses', headers: customer.headers })
      ).json(),
    );

  it(`keeps at most ${SAVED_ADDRESSES_MAX} addresses, and a deleted one makes room`, async () => {
    expect(SAVED_ADDRESSES_MAX).toBe(20);
    const customer = await signIn(t, '+7 (905) 400-00-01');
    for (let n = 1; n <= SAVED_ADDRESSES_MAX; n += 1) expect((await save(customer, n)).statusCode).toBe(200);

    const refused = await save(customer, SAVED_ADDRESSES_MAX + 1);
    expect(refused.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(refused.json()).message).toBe(TOO_MANY_ADDRESSES_MESSAGE);
    expect(await list(customer)).toHaveLength(SAVED_ADDRESSES_MAX);

    // Saving one already kept is choosing it again, not a new address.
    expect((await save(customer, 3)).statusCode).toBe(200);

    const [oldest] = (await list(customer)).slice(-1);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/me/addresses/${oldest?._id}`,
      headers: customer.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await save(customer, SAVED_ADDRESSES_MAX + 1)).statusCode).toBe(200);
  });

  it('lets no burst of simultaneous saves pass the cap', async () => {
    const customer = await signIn(t, '+7 (905) 400-00-02');
    const answers = await Promise.all(
      Array.from({ length: SAVED_ADDRESSES_MAX + 10 }, (_, index) => save(customer, index + 1)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(SAVED_ADDRESSES_MAX);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(10);
    expect(await list(customer)).toHaveLength(SAVED_ADDRESSES_MAX);
  });
});
