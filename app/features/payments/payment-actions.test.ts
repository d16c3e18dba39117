/**
 * Online payment through the page actions (issue 25), with YooKassa's settings pointing at the local fake:
 * the checkout sends the customer to the fake's confirmation page, refuses online payment for several shops
 * and another customer's saved card, keeps the order waiting when YooKassa is down (its page's 'Оплатить'
 * tries again), and the cabinet removes only the customer's own cards. A guest is 401 before the form.
 */

import { products, savedPaymentMethods, stock, stores } from '@server/db/schema/index';
import { createFakeClock } from '@server/lib/clock';
import { ONLINE_PAYMENT_ONE_ORDER } from '@server/modules/orders/place-orders';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as cabinetAction } from '~/routes/cabinet';
import { action as checkoutAction } from '~/routes/order';
import { action as orderPageAction } from '~/routes/order-detail';
import { actionArgs, formPost, outcomeOf, pageContext } from '../../../tests/setup/actions';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { type FakeYooKassa, startFakeYooKassa } from '../../../tests/setup/fake-yookassa';
import { type SignedInCustomer, signIn } from '../../../tests/setup/identity';
import { type PointRow, pickupPointsOfTwoShops } from '../../../tests/setup/orders';
import { MONDAY_MORNING } from '../../../tests/setup/services';

describe.each(TEST_DATABASE_KINDS)('online payment page actions on %s', (kind) => {
  let t: TestApp;
  let fake: FakeYooKassa;
  let pointA: PointRow;
  let pointB: PointRow;
  let productA = '';
  let productB = '';
  let phoneCounter = 0;

  beforeAll(async () => {
    fake = await startFakeYooKassa();
    t = await createTestApp(kind, {
      clock: createFakeClock(MONDAY_MORNING),
      env: {
        YOOKASSA_SHOP_ID: fake.shopId,
        YOOKASSA_SECRET_KEY: fake.secretKey,
        YOOKASSA_URL: fake.apiUrl,
      },
    });
    await t.db.db.update(stores).set({ minOrderKopecks: 0 });
    [pointA, pointB] = await pickupPointsOfTwoShops(t);
    for (const point of [pointA, pointB]) {
      // A product sold by the piece: one of it is a quantity the basket takes.
      const [row] = await t.db.db
        .select({ productId: stock.productId })
        .from(stock)
        .innerJoin(products, and(eq(products.id, stock.productId), eq(products.soldBy, 'piece')))
        .where(eq(stock.pointId, point.id))
        .limit(1);
      if (point === pointA) productA = row?.productId ?? '';
      else productB = row?.productId ?? '';
      await t.db.db
        .update(stock)
        .set({ count: 500 })
        .where(and(eq(stock.pointId, point.id), eq(stock.productId, row?.productId ?? '')));
    }
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function customer(points: readonly PointRow[] = [pointA]): Promise<SignedInCustomer> {
    phoneCounter += 1;
    const signedIn = await signIn(t, `+7 (902) 500-00-${String(phoneCounter).padStart(2, '0')}`);
    for (const point of points) {
      await t.app.services.basket.changeItem(signedIn.user._id, {
        warehouse_id: point.id,
        product_id: point === pointA ? productA : productB,
        quantity: 2,
      });
    }
    return signedIn;
  }
  const checkout = (who: SignedInCustomer | null, form: Record<string, string>) =>
    checkoutAction(
      actionArgs(formPost('/order', form), pageContext(t, who?.user ?? null), {
        params: {},
        pattern: '/order',
      }),
    );
  const form = (extra: Record<string, string> = {}) => ({
    key: crypto.randomUUID(),
    'orders[0].point': pointA.id,
    'orders[0].fulfilment': 'pickup',
    phone: '+7 (903) 111-22-33',
    payment: 'online',
    comment: '',
    ...extra,
  });

  it('refuses a guest with 401 before it reads the form', async () => {
    expect(outcomeOf(await checkout(null, form()))).toMatchObject({ kind: 'data', status: 401 });
  });

  it('places the order waiting for its payment and sends the customer to YooKassa’s page', async () => {
    const who = await customer();
    const outcome = outcomeOf(await checkout(who, form({ save_card: 'on' })));
    const [order] = await t.app.services.orders.listOrders(who.user._id);
    const remote = [...fake.payments.values()].find((p) => p.metadata.order === String(order?.number));
    expect(outcome).toEqual({
      kind: 'redirect',
      status: 302,
      location: `${fake.origin}/checkout/${remote?.id}`,
      cookie: null,
    });
    expect(order?.status).toBe('awaiting_payment');
    expect(remote?.request).toMatchObject({
      save_payment_method: true,
      confirmation: { type: 'redirect', return_url: `http://fresh.test/order/${order?.number}` },
    });
  });

  it('pays one shop’s order online only, and another customer’s saved card is 404', async () => {
    const two = await customer([pointA, pointB]);
    const both = outcomeOf(
      await checkout(
        two,
        form({ 'orders[1].point': pointB.id, 'orders[1].fulfilment': 'pickup', payment: 'sbp' }),
      ),
    );
    expect(both).toMatchObject({
      kind: 'data',
      status: 400,
      data: { ok: false, message: ONLINE_PAYMENT_ONE_ORDER },
    });
    const owner = await customer();
    const [card] = await t.db.db
      .insert(savedPaymentMethods)
      .values({
        userId: owner.user._id,
        providerId: 'pm-1',
        brand: 'Mir',
        last4: '1234',
        expiryMonth: 1,
        expiryYear: 2031,
      })
      .returning();
    const thief = await customer();
    const stolen = outcomeOf(await checkout(thief, form({ saved_card: card?.id ?? '' })));
    expect(stolen).toMatchObject({
      kind: 'data',
      status: 404,
      data: { ok: false, message: 'Карта не найдена — возможно, она уже удалена' },
    });
    expect(await t.app.services.orders.listOrders(thief.user._id)).toEqual([]);
    // The owner removes it from the cabinet; another customer's removal is 404 and changes nothing.
    const remove = (who: SignedInCustomer) =>
      cabinetAction(
        actionArgs(
          formPost('/lk?active=payment', { intent: 'remove-card', card: card?.id ?? '' }),
          pageContext(t, who.user),
          { params: {}, pattern: '/lk' },
        ),
      );
    expect(outcomeOf(await remove(thief))).toMatchObject({ kind: 'data', status: 404 });
    expect(outcomeOf(await remove(owner))).toEqual({
      kind: 'redirect',
      status: 302,
      location: '/lk?active=payment',
      cookie: expect.stringContaining('fresh_flash=card-removed'),
    });
    expect(await t.app.services.payments.listSavedCards(owner.user._id)).toEqual([]);
  });

  it('keeps the order waiting when YooKassa is down, and its page’s «Оплатить» tries again', async () => {
    const who = await customer();
    fake.failing = true;
    const outcome = outcomeOf(await checkout(who, form()));
    const [order] = await t.app.services.orders.listOrders(who.user._id);
    expect(outcome).toMatchObject({ kind: 'redirect', location: `/order/${order?.number}` });
    expect(order?.status).toBe('awaiting_payment');
    fake.failing = false;
    const again = outcomeOf(
      await orderPageAction(
        actionArgs(formPost(`/order/${order?.number}`, { intent: 'pay' }), pageContext(t, who.user), {
          params: { slug: String(order?.number) },
          pattern: '/order/:slug',
        }),
      ),
    );
    const remote = [...fake.payments.values()].find((p) => p.metadata.order === String(order?.number));
    expect(again).toMatchObject({ kind: 'redirect', location: `${fake.origin}/checkout/${remote?.id}` });
  });
});
