/**
 * The console's promo codes (issue 25): /operator/promo lists them, an operator of some shops seeing their
 * shops' codes and the marketplace-wide ones; a customer gets the 403 page. On PGlite and PostgreSQL.
 */
import { PromoCodeCreateSchema } from '@core/contracts/payments';
import { stores } from '@server/db/schema/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loader as promoLoader } from '~/routes/operator-promo';
import { actionArgs, pageContext, TEST_ORIGIN } from '../../../tests/setup/actions';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { type SignedInCustomer, signIn } from '../../../tests/setup/identity';
import { signInOperator } from '../../../tests/setup/realtime';

describe.each(TEST_DATABASE_KINDS)('the console’s promo codes on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const load = (user: SignedInCustomer) =>
    promoLoader(
      actionArgs(new Request(`${TEST_ORIGIN}/operator/promo`), pageContext(t, user.user), {
        params: {},
        pattern: '/operator/promo',
      }),
    );

  it('lists every code for the support team, and a shop’s operator its shops’ and the marketplace’s', async () => {
    const [shopA, shopB] = await t.db.db.select().from(stores).limit(2);
    if (!shopA || !shopB) throw new Error('the seed has fewer than two shops');
    const create = (code: string, store: string | null) =>
      t.app.services.payments.createPromoCode(
        PromoCodeCreateSchema.parse({ code, store, kind: 'fixed', value: 30_000, max_uses: 10 }),
      );
    await create('ALL-SHOPS', null);
    await create('SHOP-A', shopA.id);
    await create('SHOP-B', shopB.id);

    const team = await signInOperator(t, '+7 (902) 500-00-01');
    const all = await load(team);
    expect(all.codes.map((code) => code.code).sort()).toEqual(['ALL-SHOPS', 'SHOP-A', 'SHOP-B']);
    expect(all.codes.find((code) => code.code === 'SHOP-A')).toMatchObject({
      kind: 'fixed',
      value: 30_000,
      max_uses: 10,
      max_uses_per_customer: 1,
      used: 0,
      storeName: shopA.name,
    });

    const ofA = await signInOperator(t, '+7 (902) 500-00-02', [shopA.id]);
    expect((await load(ofA)).codes.map((code) => code.code).sort()).toEqual(['ALL-SHOPS', 'SHOP-A']);

    const customer = await signIn(t, '+7 (902) 500-00-03');
    const refused = await load(customer).then(
      () => null,
      (error: unknown) => error,
    );
    // A thrown `data(message, 403)`: the console's 403 page.
    expect((refused as { init?: ResponseInit } | null)?.init?.status).toBe(403);
  });
});
