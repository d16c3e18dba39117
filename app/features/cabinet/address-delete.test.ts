import { cities } from '@server/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as cabinetAction } from '~/routes/cabinet';
import { actionArgs, formPost, outcomeOf, pageContext } from '../../../tests/setup/actions';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { signIn } from '../../../tests/setup/identity';

/**
 * Deleting a saved address asks first (issue 21): the cabinet's action answers a delete posted without its
 * yes with the question and deletes nothing; the dialog's (or the page's) yes deletes it.
 */
describe.each(TEST_DATABASE_KINDS)('deleting a saved address on %s', (kind) => {
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

  it('asks before it deletes, and deletes once the yes comes with the post', async () => {
    const customer = await signIn(t, '+7 (900) 310-00-01');
    const saved = await t.app.services.geo.saveAddress(customer.user._id, {
      address: 'г. Ярославль, ул. Свободы, 1',
      deliveryArea: '00000000-0000-4000-8000-000000000000',
      city: city.id,
      coordinates: { longitude: city.centerLongitude, latitude: city.centerLatitude },
    });
    const cabinet = (form: Record<string, string>) =>
      cabinetAction(
        actionArgs(formPost('/lk?active=delivery', form), pageContext(t, customer.user), {
          params: {},
          pattern: '/lk',
        }),
      );

    expect(outcomeOf(await cabinet({ intent: 'delete', id: saved._id }))).toEqual({
      kind: 'data',
      status: 200,
      data: { ok: true, confirm: 'delete-address', id: saved._id },
    });
    expect(await t.app.services.geo.listAddresses(customer.user._id)).toHaveLength(1);
    // Anything but the yes is no.
    await cabinet({ intent: 'delete', id: saved._id, confirm: 'да' });
    expect(await t.app.services.geo.listAddresses(customer.user._id)).toHaveLength(1);

    expect(outcomeOf(await cabinet({ intent: 'delete', id: saved._id, confirm: 'yes' }))).toEqual({
      kind: 'redirect',
      status: 302,
      location: '/lk?active=delivery',
      cookie: expect.stringContaining('fresh_flash=address-deleted'),
    });
    expect(await t.app.services.geo.listAddresses(customer.user._id)).toEqual([]);
  });
});
