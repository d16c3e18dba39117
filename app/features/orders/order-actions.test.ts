import { PromoCodeCreateSchema } from '@core/contracts/payments';
import { pickupWindow } from '@core/rules/orders';
import { formatSchedule } from '@core/rules/schedule';
import { bonusEntries, stock, stores } from '@server/db/schema/index';
import { createFakeClock } from '@server/lib/clock';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as checkoutAction, loader as checkoutLoader } from '~/routes/order';
import { action as orderPageAction, loader as orderPageLoader } from '~/routes/order-detail';
import { actionArgs, formPost, outcomeOf, pageContext, TEST_ORIGIN } from '../../../tests/setup/actions';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { type SignedInCustomer, signIn } from '../../../tests/setup/identity';
import { type PointRow, pickupPointsOfTwoShops } from '../../../tests/setup/orders';
import { MONDAY_MORNING } from '../../../tests/setup/services';

/** Stock rows of goods sold by the piece: these tests count pieces (goods by weight keep grams, ADR 054). */
const isPieces = sql`${stock.productId} in (select id from products where sold_by = 'piece')`;

/** Monday 12 January 2026, 09:00 in Moscow: the demo shops are open and today's slots are ahead. */

/**
 * Checkout, cancel and repeat through their page actions (the forms that also work without JavaScript):
 * the form read with the API's contract, the orders service, a redirect with a flash, or the form's errors.
 */
describe.each(TEST_DATABASE_KINDS)('order page actions on %s', (kind) => {
  let t: TestApp;
  let pointA: PointRow;
  let pointB: PointRow;
  let productA: string;
  let productB: string;
  let phoneCounter = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock: createFakeClock(MONDAY_MORNING) });
    await t.db.db.update(stores).set({ minOrderKopecks: 0 });
    [pointA, pointB] = await pickupPointsOfTwoShops(t);
    const [rowA] = await t.db.db
      .select()
      .from(stock)
      .where(and(eq(stock.pointId, pointA.id), isPieces))
      .limit(1);
    const [rowB] = await t.db.db
      .select()
      .from(stock)
      .where(and(eq(stock.pointId, pointB.id), isPieces))
      .limit(1);
    productA = rowA?.productId ?? '';
    productB = rowB?.productId ?? '';
    for (const [pointId, productId] of [
      [pointA.id, productA],
      [pointB.id, productB],
    ] as const) {
      await t.db.db
        .update(stock)
        .set({ count: 500 })
        .where(and(eq(stock.pointId, pointId), eq(stock.productId, productId)));
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  async function customerWithBasket(): Promise<SignedInCustomer> {
    phoneCounter += 1;
    const customer = await signIn(t, `+7 (902) 400-00-${String(phoneCounter).padStart(2, '0')}`);
    await t.app.services.basket.changeItem(customer.user._id, {
      warehouse_id: pointA.id,
      product_id: productA,
      quantity: 2,
    });
    await t.app.services.basket.changeItem(customer.user._id, {
      warehouse_id: pointB.id,
      product_id: productB,
      quantity: 1,
    });
    return customer;
  }

  const checkout = (customer: SignedInCustomer | null, form: Record<string, string | string[]>) =>
    checkoutAction(
      actionArgs(formPost('/order', form), pageContext(t, customer?.user ?? null), {
        params: {},
        pattern: '/order',
      }),
    );

  const orderPage = (customer: SignedInCustomer, slug: string, form: Record<string, string>) =>
    orderPageAction(
      actionArgs(formPost(`/order/${slug}`, form), pageContext(t, customer.user), {
        params: { slug },
        pattern: '/order/:slug',
      }),
    );

  async function deliveryForm(customer: SignedInCustomer) {
    const saved = await t.app.services.geo.saveAddress(customer.user._id, {
      address: 'г. Ярославль, у магазина',
      deliveryArea: '00000000-0000-4000-8000-000000000000',
      city: pointA.cityId,
      coordinates: { longitude: pointA.longitude, latitude: pointA.latitude },
    });
    const [slot] = (await t.app.services.orders.listSlots(pointA.id)).filter((item) => !item.is_full);
    // CheckoutFormSchema's paths (ADR 042): one group per point, POST /api/orders' fields.
    return {
      key: crypto.randomUUID(),
      'orders[0].point': pointA.id,
      'orders[0].fulfilment': 'delivery',
      'orders[0].address.id': saved._id,
      'orders[0].slot': slot?.start ?? '',
      'orders[0].address.flat': '15',
      'orders[0].address.entrance': '',
      'orders[0].address.floor': '',
      'orders[0].address.comment': '',
      'orders[1].point': pointB.id,
      // The pickup group's hidden delivery fields come along too: they must not matter.
      'orders[1].fulfilment': 'pickup',
      'orders[1].slot': 'не время',
      'orders[1].address.id': 'не адрес',
      'orders[1].address.flat': '99',
      phone: '+7 (903) 111-22-33',
      payment: 'cash',
      comment: '',
    };
  }

  it('refuses a guest with 401 before it reads the form', async () => {
    expect(outcomeOf(await checkout(null, {}))).toMatchObject({
      kind: 'data',
      status: 401,
      data: { ok: false, message: 'Необходимо авторизоваться' },
    });
  });

  it('places every group in one post, once per key, and goes to the orders with a flash', async () => {
    const customer = await customerWithBasket();
    const form = await deliveryForm(customer);
    const placed = outcomeOf(await checkout(customer, form));
    expect(placed).toEqual({
      kind: 'redirect',
      status: 302,
      location: '/lk?active=orders',
      cookie: expect.stringContaining('fresh_flash=orders-placed'),
    });
    const orders = await t.app.services.orders.listOrders(customer.user._id);
    expect(orders.map((order) => order.fulfilment).sort()).toEqual(['delivery', 'pickup']);
    const delivery = await t.app.services.orders.getOrder(
      customer.user._id,
      orders.find((order) => order.fulfilment === 'delivery')?.number ?? 0,
    );
    expect(delivery).toMatchObject({ flat: '15', phone: '+79031112233', payment: 'cash' });
    expect(await t.app.services.basket.getBasket(customer.user._id)).toEqual({});
    // The same form again (a double click, a reload of the post): the stored answer, no second orders.
    expect(outcomeOf(await checkout(customer, form))).toMatchObject({
      kind: 'redirect',
      location: '/lk?active=orders',
    });
    expect(await t.app.services.orders.listOrders(customer.user._id)).toHaveLength(2);
  });

  it('posts the orders’ choice for missing items; a line chosen in the basket keeps its own (ADR 055)', async () => {
    const customer = await customerWithBasket();
    await t.app.services.basket.chooseOnMissing(
      customer.user._id,
      {
        pointId: pointA.id,
        productId: productA,
        onMissing: 'similar',
        replacementId: null,
      },
      '127.0.0.1',
    );
    const form = await deliveryForm(customer);
    const refused = outcomeOf(await checkout(customer, { ...form, on_missing: 'как-нибудь' }));
    expect(refused).toMatchObject({
      kind: 'data',
      status: 400,
      data: { ok: false, fields: { on_missing: 'Выберите, что делать, если товара не окажется' } },
    });
    expect(outcomeOf(await checkout(customer, { ...form, on_missing: 'remove' }))).toMatchObject({
      kind: 'redirect',
      location: '/lk?active=orders',
    });
    const orders = await Promise.all(
      (await t.app.services.orders.listOrders(customer.user._id)).map((order) =>
        t.app.services.orders.getOrder(customer.user._id, order.number),
      ),
    );
    expect(orders.map((order) => order.on_missing)).toEqual(['remove', 'remove']);
    expect(
      Object.fromEntries(
        orders.flatMap((order) => order.items.map((item) => [item.product, item.on_missing])),
      ),
    ).toEqual({
      [productA]: 'similar',
      [productB]: 'remove',
    });
  });

  it('answers a refused checkout with the contract’s messages and the values as they were posted', async () => {
    const customer = await customerWithBasket();
    const form = await deliveryForm(customer);
    const badPhone = outcomeOf(await checkout(customer, { ...form, phone: '12', comment: 'Позвоните' }));
    expect(badPhone).toMatchObject({
      kind: 'data',
      status: 400,
      data: {
        ok: false,
        message: 'Введите существующий номер телефона',
        fields: { phone: 'Введите существующий номер телефона' },
        // Conform's lastResult: the page rendered again keeps what was typed.
        result: expect.objectContaining({
          error: { phone: ['Введите существующий номер телефона'] },
          initialValue: expect.objectContaining({
            phone: '12',
            comment: 'Позвоните',
            orders: [
              expect.objectContaining({ address: expect.objectContaining({ flat: '15' }) }),
              expect.anything(),
            ],
          }),
        }),
      },
    });
    const noAddress = outcomeOf(await checkout(customer, { ...form, 'orders[0].address.id': '' }));
    expect(noAddress).toMatchObject({
      status: 400,
      data: { fields: { 'orders[0].address.id': 'Выберите адрес доставки' } },
    });
    // Below a shop's minimum: the service refuses, naming what is missing; nothing is placed.
    await t.db.db.update(stores).set({ minOrderKopecks: 100_000_000 }).where(eq(stores.id, pointB.storeId));
    try {
      const small = outcomeOf(await checkout(customer, form));
      expect(small).toMatchObject({
        status: 400,
        data: { message: expect.stringMatching(/Добавьте товаров ещё на/) },
      });
    } finally {
      await t.db.db.update(stores).set({ minOrderKopecks: 0 }).where(eq(stores.id, pointB.storeId));
    }
    expect(await t.app.services.orders.listOrders(customer.user._id)).toEqual([]);
  });

  it('checks out the shops that reach their minimum while a short one waits in the basket (issue 21)', async () => {
    const customer = await customerWithBasket();
    const loadCheckout = () =>
      checkoutLoader(
        actionArgs(new Request(`${TEST_ORIGIN}/order`), pageContext(t, customer.user), {
          params: {},
          pattern: '/order',
        }),
      );
    await t.db.db.update(stores).set({ minOrderKopecks: 100_000_000 }).where(eq(stores.id, pointB.storeId));
    try {
      const page = await loadCheckout();
      // Shop A's group is the form; shop B's waits, saying how much it misses.
      expect(page.groups.map((group) => group.point._id)).toEqual([pointA.id]);
      expect(page.waiting).toEqual([
        expect.objectContaining({
          store: expect.objectContaining({ _id: pointB.storeId }),
          point: expect.objectContaining({ _id: pointB.id }),
          missing: expect.any(Number),
        }),
      ]);
      const goodsB = await t.app.services.basket.getBasket(customer.user._id);
      const [lineB] = goodsB[pointB.id] ?? [];
      expect(page.waiting[0]?.missing).toBe(
        100_000_000 - (lineB?.product.price ?? 0) * (lineB?.quantity ?? 0),
      );

      // The form posts shop A alone: its order is placed, and shop B's goods stay in the basket.
      const form = await deliveryForm(customer);
      const shopA = Object.fromEntries(
        Object.entries(form).filter(([name]) => !name.startsWith('orders[1]')),
      );
      const placed = outcomeOf(await checkout(customer, shopA));
      expect(placed).toMatchObject({ kind: 'redirect', location: expect.stringMatching(/^\/order\/\d+$/) });
      const basket = await t.app.services.basket.getBasket(customer.user._id);
      expect(Object.keys(basket)).toEqual([pointB.id]);
      // Nothing left that can be ordered: back to the basket, which says what shop B misses.
      const thrown = await loadCheckout().then(
        () => null,
        (error: unknown) => error,
      );
      expect(thrown instanceof Response ? thrown.headers.get('location') : thrown).toBe('/basket');
    } finally {
      await t.db.db.update(stores).set({ minOrderKopecks: 0 }).where(eq(stores.id, pointB.storeId));
    }
  });

  it('tells when a pickup order can be collected, and stops once it is cancelled (issue 21)', async () => {
    const customer = await customerWithBasket();
    const placed = outcomeOf(
      await checkout(customer, {
        key: crypto.randomUUID(),
        'orders[0].point': pointB.id,
        'orders[0].fulfilment': 'pickup',
        phone: '89031112233',
        payment: 'card',
      }),
    );
    const slug = placed.kind === 'redirect' ? ((placed.location ?? '').split('/').pop() ?? '') : '';
    const load = () =>
      orderPageLoader(
        actionArgs(new Request(`${TEST_ORIGIN}/order/${slug}`), pageContext(t, customer.user), {
          params: { slug },
          pattern: '/order/:slug',
        }),
      );
    const page = await load();
    const [point] = await t.app.services.catalog.listPoints([pointB.id]);
    const window = point ? pickupWindow(point.schedule, new Date(page.order.created_at)) : null;
    // Placed on Monday at 09:00 (the fake clock): ready an hour later, within the point's hours.
    expect(window).not.toBeNull();
    expect(page.pickup).toEqual({
      window: { start: window?.start.toISOString(), end: window?.end.toISOString() },
      hours: formatSchedule(point?.schedule ?? {}),
    });
    expect(new Date(page.pickup?.window?.start ?? 0).getTime()).toBeGreaterThanOrEqual(
      new Date(page.order.created_at).getTime() + 60 * 60_000,
    );
    await orderPage(customer, slug, { intent: 'cancel', confirm: 'yes' });
    expect((await load()).pickup).toBeNull();
  });

  it('asks before it cancels, cancels once confirmed, and repeats an order into the basket', async () => {
    const customer = await customerWithBasket();
    const one = outcomeOf(
      await checkout(customer, {
        key: crypto.randomUUID(),
        'orders[0].point': pointB.id,
        'orders[0].fulfilment': 'pickup',
        phone: '89031112233',
        payment: 'card',
      }),
    );
    expect(one).toMatchObject({ kind: 'redirect', location: expect.stringMatching(/^\/order\/\d+$/) });
    const slug = one.kind === 'redirect' ? ((one.location ?? '').split('/').pop() ?? '') : '';

    // Without the yes (a form without JavaScript): the question, and nothing changes.
    expect(outcomeOf(await orderPage(customer, slug, { intent: 'cancel' }))).toEqual({
      kind: 'data',
      status: 200,
      data: { ok: true, confirm: 'cancel' },
    });
    expect((await t.app.services.orders.getOrder(customer.user._id, Number(slug))).status).toBe('new');
    const cancelled = outcomeOf(await orderPage(customer, slug, { intent: 'cancel', confirm: 'yes' }));
    expect(cancelled).toEqual({
      kind: 'redirect',
      status: 302,
      location: `/order/${slug}`,
      cookie: expect.stringContaining('fresh_flash=order-cancelled'),
    });
    expect((await t.app.services.orders.getOrder(customer.user._id, Number(slug))).status).toBe('cancelled');

    const repeated = outcomeOf(await orderPage(customer, slug, { intent: 'repeat' }));
    expect(repeated).toMatchObject({
      kind: 'redirect',
      location: '/basket',
      cookie: expect.stringContaining('order-repeated'),
    });
    const basket = await t.app.services.basket.getBasket(customer.user._id);
    expect(basket[pointB.id]?.map((line) => line.product._id)).toEqual([productB]);

    const stranger = await signIn(t, '+7 (902) 400-99-99');
    expect(outcomeOf(await orderPage(stranger, slug, { intent: 'repeat' }))).toMatchObject({
      status: 404,
      data: { message: 'Заказ не найден' },
    });
    expect(outcomeOf(await orderPage(customer, slug, { intent: 'взорвать' }))).toMatchObject({ status: 400 });
  });

  it('checks a promo code from the loader, refuses a wrong one on its field, and spends points (issue 25)', async () => {
    // Last: the checkout's loader caches the shops' terms, which the tests above change.
    const customer = await customerWithBasket();
    await t.db.db
      .insert(bonusEntries)
      .values({ userId: customer.user._id, kind: 'earn', amountKopecks: 100_000 });
    const code = `FORM-${crypto.randomUUID().slice(0, 8)}`.toUpperCase();
    await t.app.services.payments.createPromoCode(
      PromoCodeCreateSchema.parse({ code, store: pointA.storeId, kind: 'fixed', value: 1_000 }),
    );
    const loadCheckout = (query: string) =>
      checkoutLoader(
        actionArgs(new Request(`${TEST_ORIGIN}/order${query}`), pageContext(t, customer.user), {
          params: {},
          pattern: '/order',
        }),
      );
    const plain = await loadCheckout('');
    expect(plain.promo).toBeNull();
    expect(plain.bonus).toEqual({ balance: 100_000, spendMaxPercents: plain.groups.map(() => 30) });
    expect((await loadCheckout('?promo=nope-nope')).promo).toEqual({
      ok: false,
      message: 'Такого промокода нет. Проверьте, нет ли в нём опечатки',
    });
    expect((await loadCheckout(`?promo=${code.toLowerCase()}`)).promo).toEqual({
      ok: true,
      code,
      index: plain.groups.findIndex((group) => group.point._id === pointA.id),
      discount: 1_000,
    });

    const form = {
      key: crypto.randomUUID(),
      'orders[0].point': pointA.id,
      'orders[0].fulfilment': 'pickup',
      phone: '+7 (903) 111-22-33',
      payment: 'cash',
      comment: '',
    };
    const wrong = outcomeOf(await checkout(customer, { ...form, promo: 'NOPE-NOPE' }));
    expect(wrong).toMatchObject({
      status: 400,
      data: { fields: { promo: 'Такого промокода нет. Проверьте, нет ли в нём опечатки' } },
    });
    const placed = outcomeOf(await checkout(customer, { ...form, promo: code, bonus: '1000' }));
    expect(placed).toMatchObject({ kind: 'redirect', location: expect.stringMatching(/^\/order\/\d+$/) });
    const [order] = await t.app.services.orders.listOrders(customer.user._id);
    const full = await t.app.services.orders.getOrder(customer.user._id, order?.number ?? 0);
    const goods = full.items_total - full.savings;
    const points = Math.floor(((goods - 1_000) * 30) / 100 / 100) * 100;
    expect(full.promo_code).toBe(code);
    expect(full.promo_discount).toBe(1_000);
    expect(full.bonus_spent).toBe(points);
    expect(full.total).toBe(goods - 1_000 - points + full.delivery_fee);
    expect(await t.app.services.payments.bonusBalance(customer.user._id)).toBe(100_000 - points);
  });
});
