/**
 * The discount card and the bonus ledger at the service (issue 25), over rows each test inserts: a card is
 * issued once per customer (two first visits at once too), its number valid by Luhn and as an EAN-13; a done
 * order earns 5% of its goods once however often it is told; a cancellation returns spent points and takes
 * back earned ones once; the balance always equals the ledger's sum, recomputed here.
 */
import { randomUUID } from 'node:crypto';
import { PlaceOrdersSchema } from '@core/contracts/orders';
import { isDiscountCardNumber, isEan13Valid, isLuhnValid } from '@core/rules/discount-card';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import {
  createCity,
  createCustomer,
  createPoint,
  createProduct,
  createStore,
  setStock,
} from '../../../tests/setup/service-fixtures';
import { createTestServices, type TestServices } from '../../../tests/setup/services';
import { bonusEntries, discountCards } from '../../db/schema/index';

describe.each(TEST_DATABASE_KINDS)('the discount card on %s', (kind) => {
  let t: TestServices;

  beforeAll(async () => {
    t = await createTestServices(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A picked-up order of `quantity` × 123.45 ₽, placed for a new customer. */
  const placeOrder = async (quantity: number) => {
    const city = await createCity(t.db.db);
    const shop = await createStore(t.db.db);
    const point = await createPoint(t.db.db, shop, city);
    const product = await createProduct(t.db.db, shop, { priceKopecks: 12_345 });
    await setStock(t.db.db, point, product, 10);
    const customer = await createCustomer(t.db.db);
    await t.services.basket.changeItem(customer.id, {
      warehouse_id: point.id,
      product_id: product.id,
      quantity,
    });
    const response = await t.services.orders.placeOrders(
      customer.id,
      randomUUID(),
      PlaceOrdersSchema.parse({
        orders: [{ point: point.id, fulfilment: 'pickup' }],
        phone: '+7 (900) 000-00-01',
        payment: 'cash',
      }),
    );
    const [order] = response.body.orders;
    if (!order) throw new Error('no order placed');
    return { customer, order };
  };
  const walk = async (number: number, to: readonly ('confirmed' | 'assembling' | 'ready' | 'done')[]) => {
    for (const status of to) await t.services.orders.moveOrder(number, status);
  };
  const ledgerSum = async (userId: string) =>
    (await t.db.db.select().from(bonusEntries).where(eq(bonusEntries.userId, userId))).reduce(
      (sum, row) => sum + row.amountKopecks,
      0,
    );

  it('issues one card per customer on the first visit, Luhn-valid and an EAN-13', async () => {
    const customer = await createCustomer(t.db.db);
    expect(await t.services.payments.findCardNumber(customer.id)).toBeNull();
    const [first, second] = await Promise.all([
      t.services.payments.getDiscountCard(customer.id),
      t.services.payments.getDiscountCard(customer.id),
    ]);
    expect(first.number).toBe(second.number);
    expect(first.number).toMatch(/^29\d{11}$/);
    expect(isLuhnValid(first.number)).toBe(true);
    expect(isEan13Valid(first.number)).toBe(true);
    expect(isDiscountCardNumber(first.number)).toBe(true);
    expect(first).toMatchObject({ balance: 0, history: [] });
    expect(await t.services.payments.findCardNumber(customer.id)).toBe(first.number);
    const rows = await t.db.db.select().from(discountCards).where(eq(discountCards.userId, customer.id));
    expect(rows).toHaveLength(1);
    const other = await t.services.payments.getDiscountCard((await createCustomer(t.db.db)).id);
    expect(other.number).not.toBe(first.number);
  });

  it('earns 5% of the goods of a done order, once, in whole roubles', async () => {
    const { customer, order } = await placeOrder(3);
    // 3 × 123.45 ₽ = 370.35 ₽; 5% = 18.5175 ₽ → 18 points.
    await walk(order.number, ['confirmed', 'assembling', 'ready']);
    expect((await t.services.payments.getDiscountCard(customer.id)).balance).toBe(0);
    await walk(order.number, ['done']);
    const card = await t.services.payments.getDiscountCard(customer.id);
    expect(card.balance).toBe(1_800);
    expect(card.history).toEqual([
      { kind: 'earn', amount: 1_800, order: order.number, at: expect.any(String) },
    ]);
    // The ledger's one row per order and kind: the hook told again changes nothing.
    await t.db.db.transaction((tx) =>
      t.services.payments.onOrderStatus(
        tx,
        { id: order._id, number: order.number, userId: customer.id, itemsKopecks: 37_035 },
        'done',
      ),
    );
    expect((await t.services.payments.getDiscountCard(customer.id)).balance).toBe(1_800);
    expect(await ledgerSum(customer.id)).toBe(1_800);
  });

  it('returns spent points and takes back earned ones when an order is cancelled, once', async () => {
    const { customer, order } = await placeOrder(2);
    await t.db.db.insert(bonusEntries).values([
      { userId: customer.id, kind: 'earn', amountKopecks: 50_000 },
      {
        userId: customer.id,
        orderId: order._id,
        orderNumber: order.number,
        kind: 'spend',
        amountKopecks: -7_000,
      },
    ]);
    expect((await t.services.payments.getDiscountCard(customer.id)).balance).toBe(43_000);
    await t.services.orders.cancelOrder(customer.id, order.number);
    await t.services.orders.cancelOrder(customer.id, order.number);
    const card = await t.services.payments.getDiscountCard(customer.id);
    expect(card.balance).toBe(50_000);
    expect(card.history.map((entry) => [entry.kind, entry.amount])).toContainEqual(['refund', 7_000]);
    expect(await ledgerSum(customer.id)).toBe(card.balance);
  });

  it('takes back what a done order earned if it is cancelled afterwards (the hook on a cancellation)', async () => {
    const { customer, order } = await placeOrder(1);
    await walk(order.number, ['confirmed', 'assembling', 'ready', 'done']);
    // 123.45 ₽ × 5% = 6.17 ₽ → 6 points.
    expect((await t.services.payments.getDiscountCard(customer.id)).balance).toBe(600);
    const change = { id: order._id, number: order.number, userId: customer.id };
    await t.db.db.transaction((tx) => t.services.payments.onOrderStatus(tx, change, 'cancelled'));
    await t.db.db.transaction((tx) => t.services.payments.onOrderStatus(tx, change, 'cancelled'));
    const card = await t.services.payments.getDiscountCard(customer.id);
    expect(card.balance).toBe(0);
    expect(card.history.map((entry) => [entry.kind, entry.amount]).sort()).toEqual([
      ['earn', 600],
      ['revoke', -600],
    ]);
    expect(await ledgerSum(customer.id)).toBe(0);
  });
});
