/**
 * Online payment at the service against the local fake YooKassa over HTTP (issue 25): the real client creates
 * the payment with its receipt and Idempotence-Key, the webhook is heard only from YooKassa's addresses and
 * only as the API tells it (a forged body, a replay or a late event changes nothing), a cancelled paid order
 * is refunded, an unpaid one is cancelled after its window with its stock back exactly once, a late payment
 * of a cancelled order goes back. Every amount in kopecks.
 */
import { randomUUID } from 'node:crypto';
import { type Order, PlaceOrdersSchema } from '@core/contracts/orders';
import { PromoCodeCreateSchema } from '@core/contracts/payments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { type FakeYooKassa, startFakeYooKassa } from '../../../tests/setup/fake-yookassa';
import {
  createCity,
  createCustomer,
  createPoint,
  createProduct,
  createStore,
  type PointRow,
  type ProductRow,
  setStock,
  stockCount,
} from '../../../tests/setup/service-fixtures';
import { createTestServices, failure, type TestServices } from '../../../tests/setup/services';
import { bonusEntries, products, savedPaymentMethods } from '../../db/schema/index';
import { onlinePaymentsOf } from './online-payments';
import {
  createPaymentsService,
  MAX_SAVED_CARDS,
  ONLINE_PAYMENT_OFF,
  type PaymentsService,
} from './payments.service';

const MINUTE_MS = 60_000;
const YOOKASSA = '127.0.0.1';
const STRANGER = '203.0.113.5';

describe.each(TEST_DATABASE_KINDS)('online payment on %s', (kind) => {
  let t: TestServices;
  let fake: FakeYooKassa;
  let payments: PaymentsService;
  let point: PointRow;
  let product: ProductRow;

  beforeAll(async () => {
    t = await createTestServices(kind);
    fake = await startFakeYooKassa();
    payments = createPaymentsService({
      db: t.db.db,
      clock: t.clock,
      online: onlinePaymentsOf({
        YOOKASSA_SHOP_ID: fake.shopId,
        YOOKASSA_SECRET_KEY: fake.secretKey,
        YOOKASSA_URL: fake.apiUrl,
        YOOKASSA_VAT_CODE: 5,
        YOOKASSA_DELIVERY_VAT_CODE: 4,
        YOOKASSA_WEBHOOK_IPS: [`${YOOKASSA}/32`],
      }),
      orders: t.services.orders,
      rates: { take: async () => {} },
    });
    const city = await createCity(t.db.db);
    const shop = await createStore(t.db.db);
    point = await createPoint(t.db.db, shop, city);
    product = await createProduct(t.db.db, shop, { priceKopecks: 12_345, name: 'Сыр «Российский»' });
    // The product's own VAT code (10%) wins over the setting's default (YOOKASSA_VAT_CODE: 5 here).
    await t.db.db.update(products).set({ vatCode: 3 }).where(eq(products.id, product.id));
  });
  afterAll(async () => {
    await fake?.close();
    await t?.close();
  });
  beforeEach(async () => {
    fake.failing = false;
    await setStock(t.db.db, point, product, 10);
  });

  /** An order of `quantity` × 123.45 ₽ paid online, placed for a new customer (stock taken). */
  const placeOnline = async (quantity = 2, discounts: { bonus?: number; promo?: string } = {}) => {
    const customer = await createCustomer(t.db.db);
    if (discounts.bonus) {
      await t.db.db
        .insert(bonusEntries)
        .values({ userId: customer.id, kind: 'earn', amountKopecks: 100_000 });
    }
    await t.services.basket.changeItem(customer.id, {
      warehouse_id: point.id,
      product_id: product.id,
      quantity,
    });
    const { body } = await t.services.orders.placeOrders(
      customer.id,
      randomUUID(),
      PlaceOrdersSchema.parse({
        orders: [{ point: point.id, fulfilment: 'pickup' }],
        phone: '+7 (900) 000-00-01',
        payment: 'online',
        ...discounts,
      }),
    );
    const [order] = body.orders;
    if (!order) throw new Error('no order placed');
    return { userId: customer.id, order };
  };
  const pay = (userId: string, order: Order, saveCard = false) =>
    payments.startPayment(userId, order, {
      method: 'online',
      returnUrl: `http://fresh.test/order/${order.slug}`,
      saveCard,
    });
  const fakePaymentOf = (order: Order) => {
    const found = [...fake.payments.values()].find((p) => p.metadata.order === String(order.number));
    if (!found) throw new Error(`no payment of order ${order.number} at the fake`);
    return found;
  };
  const statusOf = async (userId: string, order: Order) =>
    (await t.services.orders.getOrder(userId, order.number)).status;
  const stock = () => stockCount(t.db.db, point, product);
  const notification = (event: string, object: object) => ({ type: 'notification', event, object });

  it('creates the payment with its receipt under a key from the order, once however often asked', async () => {
    const { userId, order } = await placeOnline(2);
    expect(order.status).toBe('awaiting_payment');
    expect(order.total).toBe(24_690);
    expect(await stock()).toBe(8);
    const first = await pay(userId, order);
    const again = await pay(userId, order);
    const remote = fakePaymentOf(order);
    expect(first.confirmationUrl).toBe(`${fake.origin}/checkout/${remote.id}`);
    expect(again.confirmationUrl).toBe(first.confirmationUrl);
    expect(fake.calls.filter((call) => call === 'POST /v3/payments')).toHaveLength(1);
    expect(remote.request).toEqual({
      amount: { value: '246.90', currency: 'RUB' },
      capture: true,
      description: `Заказ №${order.number} в «Фреш»`,
      metadata: { order: String(order.number), order_id: order._id },
      receipt: {
        customer: { phone: '79000000001' },
        items: [
          {
            description: 'Сыр «Российский»',
            quantity: '2',
            amount: { value: '123.45', currency: 'RUB' },
            vat_code: 3,
            payment_subject: 'commodity',
            payment_mode: 'full_prepayment',
          },
        ],
      },
      confirmation: { type: 'redirect', return_url: `http://fresh.test/order/${order.slug}` },
      payment_method_data: { type: 'bank_card' },
    });
  });

  it('sends a receipt that adds up to the amount after a promo code and points, to the kopeck', async () => {
    const code = `ONLINE-${randomUUID().slice(0, 8)}`.toUpperCase();
    await t.services.payments.createPromoCode(
      PromoCodeCreateSchema.parse({ code, kind: 'fixed', value: 1_001 }),
    );
    const { userId, order } = await placeOnline(3, { promo: code, bonus: 50 });
    // 37 035 of goods − 1 001 (the code) − 5 000 (50 points) = 31 034.
    expect(order.promo_discount).toBe(1_001);
    expect(order.bonus_spent).toBe(5_000);
    expect(order.total).toBe(31_034);
    await pay(userId, order);
    const remote = fakePaymentOf(order);
    expect(remote.amount).toEqual({ value: '310.34', currency: 'RUB' });
    // 31 034 over 3 units: one at 103.44 and two at 103.45.
    expect(remote.request.receipt).toMatchObject({
      items: [
        { quantity: '1', amount: { value: '103.44', currency: 'RUB' }, vat_code: 3 },
        { quantity: '2', amount: { value: '103.45', currency: 'RUB' }, vat_code: 3 },
      ],
    });
  });

  it('hears only YooKassa, believes only its API, and applies a payment once whatever the order of events', async () => {
    const { userId, order } = await placeOnline(1);
    await pay(userId, order, true);
    const remote = fakePaymentOf(order);
    // A forged success: from another address ignored; from YooKassa's, the API still says pending.
    expect(await payments.handleWebhook(STRANGER, notification('payment.succeeded', { id: remote.id }))).toBe(
      'ignored',
    );
    expect(await payments.handleWebhook(YOOKASSA, notification('payment.succeeded', { id: remote.id }))).toBe(
      'unchanged',
    );
    expect(await statusOf(userId, order)).toBe('awaiting_payment');
    expect(await payments.handleWebhook(YOOKASSA, notification('payment.succeeded', { id: 'nobody' }))).toBe(
      'unknown',
    );
    expect(await payments.handleWebhook(YOOKASSA, { hello: 'world' })).toBe('ignored');

    await fake.settle(remote.id, 'succeeded');
    expect(await payments.handleWebhook(YOOKASSA, notification('payment.succeeded', { id: remote.id }))).toBe(
      'updated',
    );
    expect(await statusOf(userId, order)).toBe('new');
    // The replay and a late 'canceled' change nothing.
    expect(await payments.handleWebhook(YOOKASSA, notification('payment.succeeded', { id: remote.id }))).toBe(
      'unchanged',
    );
    expect(await payments.handleWebhook(YOOKASSA, notification('payment.canceled', { id: remote.id }))).toBe(
      'unchanged',
    );
    expect(await statusOf(userId, order)).toBe('new');
    expect(await payments.getOrderPayment(userId, order._id)).toEqual({
      status: 'succeeded',
      label: 'Оплачен',
      amount: 12_345,
      refunded: 0,
      refunding: 0,
      confirmationUrl: null,
    });
    expect(await payments.listSavedCards(userId)).toEqual([
      { _id: expect.any(String), brand: 'MasterCard', last4: '4444', expiry: '12/30' },
    ]);
    // Another customer sees nothing of it.
    const other = await createCustomer(t.db.db);
    expect(await payments.getOrderPayment(other.id, order._id)).toBeNull();
  });

  it('saves at most five cards per customer', async () => {
    const { userId, order } = await placeOnline(1);
    await t.db.db.insert(savedPaymentMethods).values(
      Array.from({ length: MAX_SAVED_CARDS }, (_, index) => ({
        userId,
        providerId: `pm-${index}`,
        brand: 'Mir',
        last4: `000${index}`,
        expiryMonth: 1,
        expiryYear: 2031,
      })),
    );
    await pay(userId, order, true);
    const remote = fakePaymentOf(order);
    await fake.settle(remote.id, 'succeeded');
    expect(await payments.handleWebhook(YOOKASSA, notification('payment.succeeded', { id: remote.id }))).toBe(
      'updated',
    );
    const cards = await payments.listSavedCards(userId);
    expect(cards).toHaveLength(MAX_SAVED_CARDS);
    expect(cards.map((card) => card.last4)).not.toContain('4444');
  });

  it('refunds a paid order the customer cancels, in full, once', async () => {
    const { userId, order } = await placeOnline(3);
    await pay(userId, order);
    const remote = fakePaymentOf(order);
    await fake.settle(remote.id, 'succeeded');
    await payments.handleWebhook(YOOKASSA, notification('payment.succeeded', { id: remote.id }));
    expect(await stock()).toBe(7);
    await t.services.orders.cancelOrder(userId, order.number);
    expect(await stock()).toBe(10);
    expect((await payments.getOrderPayment(userId, order._id))?.refunding).toBe(37_035);
    expect(await payments.runJobs()).toEqual({ cancelled: 0, refunds: 1 });
    expect(await payments.runJobs()).toEqual({ cancelled: 0, refunds: 0 });
    const refunds = [...fake.refunds.values()].filter((refund) => refund.payment_id === remote.id);
    expect(refunds.map((refund) => refund.amount)).toEqual([{ value: '370.35', currency: 'RUB' }]);
    expect(await payments.getOrderPayment(userId, order._id)).toMatchObject({
      status: 'succeeded',
      refunded: 37_035,
      refunding: 0,
    });
  });

  it('refunds the difference once an order paid online leaves assembly cheaper, and only the rest on a cancel', async () => {
    const shop = await createStore(t.db.db);
    const other = await createProduct(t.db.db, shop, { priceKopecks: 10_000, name: 'Хлеб' });
    const shopPoint = await createPoint(t.db.db, shop, await createCity(t.db.db));
    const cheese = await createProduct(t.db.db, shop, { priceKopecks: 12_345, name: 'Сыр' });
    await setStock(t.db.db, shopPoint, cheese, 10);
    await setStock(t.db.db, shopPoint, other, 10);
    const customer = await createCustomer(t.db.db);
    for (const [item, quantity] of [
      [cheese, 2],
      [other, 1],
    ] as const) {
      await t.services.basket.changeItem(customer.id, {
        warehouse_id: shopPoint.id,
        product_id: item.id,
        quantity,
      });
    }
    const { body } = await t.services.orders.placeOrders(
      customer.id,
      randomUUID(),
      PlaceOrdersSchema.parse({
        orders: [{ point: shopPoint.id, fulfilment: 'pickup' }],
        phone: '+7 (900) 000-00-01',
        payment: 'online',
      }),
    );
    const [order] = body.orders;
    if (!order) throw new Error('no order placed');
    expect(order.total).toBe(34_690);
    await pay(customer.id, order);
    const remote = fakePaymentOf(order);
    await fake.settle(remote.id, 'succeeded');
    await payments.handleWebhook(YOOKASSA, notification('payment.succeeded', { id: remote.id }));
    await t.services.orders.moveOrder(order.number, 'confirmed');
    // The bread is not on the shelf (ADR 055): the order comes out 100 ₽ cheaper than it was paid.
    await t.services.orders.substituteLine(order.number, { product: other.id });
    await t.services.orders.moveOrder(order.number, 'assembling');
    expect((await payments.getOrderPayment(customer.id, order._id))?.refunding).toBe(0);
    await t.services.orders.moveOrder(order.number, 'ready');
    expect((await payments.getOrderPayment(customer.id, order._id))?.refunding).toBe(10_000);
    expect(await payments.runJobs()).toEqual({ cancelled: 0, refunds: 1 });
    const sent = () => [...fake.refunds.values()].filter((refund) => refund.payment_id === remote.id);
    expect(sent().map((refund) => refund.amount)).toEqual([{ value: '100.00', currency: 'RUB' }]);
    // Cancelled after all: what is left of the payment goes back, never more than was paid.
    await t.services.orders.moveOrder(order.number, 'cancelled');
    expect(await payments.runJobs()).toEqual({ cancelled: 0, refunds: 1 });
    expect(sent().map((refund) => refund.amount.value)).toEqual(['100.00', '246.90']);
    expect(await payments.getOrderPayment(customer.id, order._id)).toMatchObject({
      refunded: 34_690,
      refunding: 0,
    });
  });

  it('cancels a refused payment’s order and returns its stock', async () => {
    const { userId, order } = await placeOnline(4);
    await pay(userId, order);
    await fake.settle(fakePaymentOf(order).id, 'canceled');
    expect(
      await payments.handleWebhook(
        YOOKASSA,
        notification('payment.canceled', { id: fakePaymentOf(order).id }),
      ),
    ).toBe('updated');
    expect(await statusOf(userId, order)).toBe('cancelled');
    expect(await stock()).toBe(10);
  });

  it('cancels an order unpaid after 15 minutes, its stock back exactly once', async () => {
    // Earlier tests' unpaid orders go first, so that the counts and the stock are this order's.
    t.clock.advance(16 * MINUTE_MS);
    await payments.runJobs();
    await setStock(t.db.db, point, product, 10);
    const { userId, order } = await placeOnline(5);
    await pay(userId, order);
    t.clock.advance(14 * MINUTE_MS);
    expect((await payments.runJobs()).cancelled).toBe(0);
    expect(await statusOf(userId, order)).toBe('awaiting_payment');
    t.clock.advance(2 * MINUTE_MS);
    const [first, second] = await Promise.all([payments.runJobs(), payments.runJobs()]);
    expect((first?.cancelled ?? 0) + (second?.cancelled ?? 0)).toBe(1);
    expect((await payments.runJobs()).cancelled).toBe(0);
    expect(await statusOf(userId, order)).toBe('cancelled');
    expect(await stock()).toBe(10);
    const events = (await t.services.orders.getOrder(userId, order.number)).events.map(
      (event) => event.status,
    );
    expect(events).toEqual(['awaiting_payment', 'cancelled']);
  });

  it('keeps an order paid just before the job looked, and refunds a payment made after its cancellation', async () => {
    const paid = await placeOnline(1);
    await pay(paid.userId, paid.order);
    await fake.settle(fakePaymentOf(paid.order).id, 'succeeded');
    const late = await placeOnline(1);
    await pay(late.userId, late.order);
    t.clock.advance(16 * MINUTE_MS);
    // The webhook of `paid` never came: the job reads the API and keeps the order.
    await payments.runJobs();
    expect(await statusOf(paid.userId, paid.order)).toBe('new');
    expect(await statusOf(late.userId, late.order)).toBe('cancelled');
    // `late` is paid on the 17th minute: the money goes back.
    const remote = fakePaymentOf(late.order);
    remote.status = 'pending';
    await fake.settle(remote.id, 'succeeded');
    expect(await payments.handleWebhook(YOOKASSA, notification('payment.succeeded', { id: remote.id }))).toBe(
      'updated',
    );
    expect(await statusOf(late.userId, late.order)).toBe('cancelled');
    expect(await payments.getOrderPayment(late.userId, late.order._id)).toMatchObject({
      status: 'succeeded',
      refunding: 12_345,
    });
    await payments.runJobs();
    expect(await payments.getOrderPayment(late.userId, late.order._id)).toMatchObject({
      refunded: 12_345,
      refunding: 0,
    });
  });

  it('answers a Russian 503 when YooKassa is down and keeps the order waiting; off without settings', async () => {
    const { userId, order } = await placeOnline(1);
    fake.failing = true;
    const refused = await failure(pay(userId, order));
    expect(refused.code).toBe('unavailable');
    expect(refused.message).toMatch(/^Не удалось перейти к оплате/);
    expect(await statusOf(userId, order)).toBe('awaiting_payment');
    fake.failing = false;
    expect((await pay(userId, order)).confirmationUrl).toMatch(/\/checkout\//);

    const off = await failure(
      t.services.payments.startPayment(userId, order, { method: 'sbp', returnUrl: 'x' }),
    );
    expect([off.code, off.message]).toEqual(['bad_request', ONLINE_PAYMENT_OFF]);
    expect(t.services.payments.isOnlineEnabled()).toBe(false);
    expect(
      await t.services.payments.handleWebhook(YOOKASSA, notification('payment.succeeded', { id: 'x' })),
    ).toBe('ignored');
  });
});
