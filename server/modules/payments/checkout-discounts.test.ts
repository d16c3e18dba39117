/**
 * Promo codes and bonus points at checkout (issue 25) through the orders' service, on PGlite and PostgreSQL:
 * each order's total is its goods less the code's discount and the points spent (kopecks, exactly); a
 * cancellation gives the points and the code's use back; 20 concurrent checkouts of one customer never
 * spend more than the balance, and concurrent checkouts of many never use a code more than its limit. The
 * balances are recomputed from the ledger's rows.
 */
import { randomUUID } from 'node:crypto';
import { PlaceOrdersSchema } from '@core/contracts/orders';
import { PromoCodeCreateSchema } from '@core/contracts/payments';
import { promoRefusalText } from '@core/rules/promo';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import {
  type CityRow,
  createCity,
  createCustomer,
  createPoint,
  createProduct,
  createStore,
  type PointRow,
  type ProductRow,
  type StoreRow,
  setStock,
} from '../../../tests/setup/service-fixtures';
import { createTestServices, type TestServices } from '../../../tests/setup/services';
import { bonusEntries, promoCodes } from '../../db/schema/index';
import { AppError } from '../../errors';

describe.each(TEST_DATABASE_KINDS)('checkout discounts on %s', (kind) => {
  let t: TestServices;
  let city: CityRow;

  beforeAll(async () => {
    t = await createTestServices(kind);
    city = await createCity(t.db.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A shop with `points` pickup points, each holding 100 of one product at `priceKopecks`. */
  const shopWith = async (points = 1, priceKopecks = 10_000) => {
    const shop = await createStore(t.db.db);
    const product = await createProduct(t.db.db, shop, { priceKopecks });
    const all: PointRow[] = [];
    for (let i = 0; i < points; i += 1) {
      const point = await createPoint(t.db.db, shop, city);
      await setStock(t.db.db, point, product, 100);
      all.push(point);
    }
    return { shop, product, points: all };
  };
  const addToBasket = (userId: string, point: PointRow, product: ProductRow, quantity: number) =>
    t.services.basket.changeItem(userId, { warehouse_id: point.id, product_id: product.id, quantity });
  const checkout = async (
    userId: string,
    pointIds: readonly string[],
    extra: { bonus?: number; promo?: string } = {},
  ) => {
    const response = await t.services.orders.placeOrders(
      userId,
      randomUUID(),
      PlaceOrdersSchema.parse({
        orders: pointIds.map((point) => ({ point, fulfilment: 'pickup' })),
        phone: '+7 (900) 000-00-01',
        payment: 'cash',
        ...extra,
      }),
    );
    return response.body.orders;
  };
  const grantPoints = (userId: string, amountKopecks: number) =>
    t.db.db.insert(bonusEntries).values({ userId, kind: 'earn', amountKopecks });
  const ledgerSum = async (userId: string) =>
    (await t.db.db.select().from(bonusEntries).where(eq(bonusEntries.userId, userId))).reduce(
      (sum, row) => sum + row.amountKopecks,
      0,
    );
  const createCode = (input: Record<string, unknown>) =>
    t.services.payments.createPromoCode(PromoCodeCreateSchema.parse(input));
  const uniqueCode = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`.toUpperCase();
  const refusalOf = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    return error instanceof AppError ? error.message : '';
  };

  it('spends points up to 30% of the goods and the balance, and gives them back on cancel', async () => {
    const { product, points } = await shopWith();
    const [point] = points as [PointRow];
    const customer = await createCustomer(t.db.db);
    await grantPoints(customer.id, 100_050);
    await addToBasket(customer.id, point, product, 3);
    // 30 000 of goods: at most 9 000 (90 points) of the 150 asked for.
    const [order] = await checkout(customer.id, [point.id], { bonus: 150 });
    expect(order?.bonus_spent).toBe(9_000);
    expect(order?.promo_discount).toBe(0);
    expect(order?.total).toBe(21_000);
    expect(await t.services.payments.bonusBalance(customer.id)).toBe(91_050);
    expect(await ledgerSum(customer.id)).toBe(91_050);
    const read = await t.services.orders.getOrder(customer.id, order?.number ?? 0);
    expect(read.bonus_spent).toBe(9_000);
    expect(read.total).toBe(21_000);

    await t.services.orders.cancelOrder(customer.id, order?.number ?? 0);
    await t.services.orders.cancelOrder(customer.id, order?.number ?? 0);
    expect(await t.services.payments.bonusBalance(customer.id)).toBe(100_050);
    expect(await ledgerSum(customer.id)).toBe(100_050);
  });

  it('spends nothing without a balance, and earns on a done order what was paid, by the shop’s percent', async () => {
    const { shop, product, points } = await shopWith();
    const [point] = points as [PointRow];
    await t.services.payments.setShopBonusPercents(shop.id, { earnPercent: 10, spendMaxPercent: 50 });
    const customer = await createCustomer(t.db.db);
    await addToBasket(customer.id, point, product, 2);
    const [free] = await checkout(customer.id, [point.id], { bonus: 100 });
    expect(free?.bonus_spent).toBe(0);
    expect(free?.total).toBe(20_000);

    await grantPoints(customer.id, 50_000);
    await addToBasket(customer.id, point, product, 2);
    // The shop's own 50%: 10 000 of 20 000.
    const [order] = await checkout(customer.id, [point.id], { bonus: 500 });
    expect(order?.bonus_spent).toBe(10_000);
    expect(order?.total).toBe(10_000);
    for (const status of ['confirmed', 'assembling', 'ready', 'done'] as const)
      await t.services.orders.moveOrder(order?.number ?? 0, status);
    // 10% of the 10 000 paid for the goods: 1 000.
    expect(await t.services.payments.bonusBalance(customer.id)).toBe(50_000 - 10_000 + 1_000);
    expect(await ledgerSum(customer.id)).toBe(41_000);
  });

  it('never spends more than the balance over 20 concurrent checkouts of one customer', async () => {
    const { product, points } = await shopWith(20);
    const customer = await createCustomer(t.db.db);
    await grantPoints(customer.id, 50_000);
    for (const point of points) await addToBasket(customer.id, point, product, 5);
    // Each order: 50 000 of goods, at most 15 000 of points; the balance covers 50 000 in all.
    const placed = await Promise.all(
      points.map((point) => checkout(customer.id, [point.id], { bonus: 150 })),
    );
    const orders = placed.flat();
    expect(orders).toHaveLength(20);
    const spent = orders.reduce((sum, order) => sum + order.bonus_spent, 0);
    expect(spent).toBe(50_000);
    for (const order of orders) expect(order.total).toBe(50_000 - order.bonus_spent);
    expect(await ledgerSum(customer.id)).toBe(0);
    expect(await t.services.payments.bonusBalance(customer.id)).toBe(0);
    const spends = await t.db.db.select().from(bonusEntries).where(eq(bonusEntries.userId, customer.id));
    expect(
      spends.filter((row) => row.kind === 'spend').reduce((sum, row) => sum - row.amountKopecks, 0),
    ).toBe(50_000);
  });

  it('takes a promo code case-insensitively, on its shop’s order only, with points after it', async () => {
    const first = await shopWith();
    const second = await shopWith();
    const code = uniqueCode('shop');
    await createCode({ code, store: second.shop.id, kind: 'percent', value: 10, min_order: 10_000 });
    const customer = await createCustomer(t.db.db);
    await grantPoints(customer.id, 1_000_000);
    await addToBasket(customer.id, first.points[0] as PointRow, first.product, 1);
    await addToBasket(customer.id, second.points[0] as PointRow, second.product, 3);
    const orders = await checkout(customer.id, [first.points[0]?.id ?? '', second.points[0]?.id ?? ''], {
      promo: ` ${code.toLowerCase()} `,
      bonus: 1_000,
    });
    const [a, b] = orders;
    expect(a?.promo_discount).toBe(0);
    expect(a?.promo_code).toBeNull();
    expect(a?.bonus_spent).toBe(3_000);
    expect(a?.total).toBe(7_000);
    // 30 000 − 10% = 27 000; 30% of that in whole roubles: 8 100.
    expect(b?.promo_discount).toBe(3_000);
    expect(b?.promo_code).toBe(code);
    expect(b?.bonus_spent).toBe(8_100);
    expect(b?.total).toBe(18_900);
    const [row] = await t.db.db.select().from(promoCodes).where(eq(promoCodes.code, code));
    expect(row?.usedCount).toBe(1);

    await t.services.orders.cancelOrder(customer.id, b?.number ?? 0);
    const [after] = await t.db.db.select().from(promoCodes).where(eq(promoCodes.code, code));
    expect(after?.usedCount).toBe(0);
    expect(await ledgerSum(customer.id)).toBe(1_000_000 - 3_000);
  });

  it('says why a code is refused, and places nothing then', async () => {
    const { shop, product, points } = await shopWith();
    const [point] = points as [PointRow];
    const other: StoreRow = await createStore(t.db.db);
    const customer = await createCustomer(t.db.db);
    await addToBasket(customer.id, point, product, 1);
    const expired = uniqueCode('old');
    await createCode({ code: expired, kind: 'fixed', value: 500, ends_at: '2000-01-01T00:00:00Z' });
    const future = uniqueCode('new');
    await createCode({ code: future, kind: 'fixed', value: 500, starts_at: '2999-01-01T00:00:00Z' });
    const elsewhere = uniqueCode('other');
    await createCode({ code: elsewhere, store: other.id, kind: 'fixed', value: 500 });
    const big = uniqueCode('big');
    await createCode({ code: big, store: shop.id, kind: 'fixed', value: 500, min_order: 50_000 });

    expect(await refusalOf(checkout(customer.id, [point.id], { promo: 'NOSUCHCODE' }))).toBe(
      promoRefusalText('unknown'),
    );
    expect(await refusalOf(checkout(customer.id, [point.id], { promo: expired }))).toBe(
      'Срок действия промокода истёк',
    );
    expect(await refusalOf(checkout(customer.id, [point.id], { promo: future }))).toBe(
      'Промокод ещё не действует',
    );
    expect(await refusalOf(checkout(customer.id, [point.id], { promo: elsewhere }))).toBe(
      'Промокод действует в другом магазине',
    );
    expect(await refusalOf(checkout(customer.id, [point.id], { promo: big }))).toBe(
      promoRefusalText('min_order', { minOrderKopecks: 50_000 }),
    );
    // Nothing was placed: the basket still holds the line, and a plain checkout goes through.
    const [order] = await checkout(customer.id, [point.id]);
    expect(order?.total).toBe(10_000);
  });

  it('keeps the per-customer limit, and the use comes back with a cancellation', async () => {
    const { product, points } = await shopWith();
    const [point] = points as [PointRow];
    const code = uniqueCode('once');
    await createCode({ code, kind: 'fixed', value: 2_550, max_uses_per_customer: 1 });
    const customer = await createCustomer(t.db.db);
    await addToBasket(customer.id, point, product, 1);
    const [order] = await checkout(customer.id, [point.id], { promo: code });
    expect(order?.promo_discount).toBe(2_550);
    expect(order?.total).toBe(7_450);
    await addToBasket(customer.id, point, product, 1);
    expect(await refusalOf(checkout(customer.id, [point.id], { promo: code }))).toBe(
      'Вы уже использовали этот промокод',
    );
    await t.services.orders.cancelOrder(customer.id, order?.number ?? 0);
    const [again] = await checkout(customer.id, [point.id], { promo: code });
    expect(again?.promo_discount).toBe(2_550);
  });

  it('never uses a code more than its total limit under concurrent checkouts', async () => {
    const { product, points } = await shopWith();
    const [point] = points as [PointRow];
    const code = uniqueCode('five');
    await createCode({ code, kind: 'percent', value: 20, max_uses: 5 });
    const customers = await Promise.all(Array.from({ length: 12 }, () => createCustomer(t.db.db)));
    for (const customer of customers) await addToBasket(customer.id, point, product, 1);
    const results = await Promise.allSettled(
      customers.map((customer) => checkout(customer.id, [point.id], { promo: code })),
    );
    const placed = results.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
    expect(placed).toHaveLength(5);
    for (const order of placed) expect(order.total).toBe(8_000);
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    expect(refused).toHaveLength(7);
    for (const reason of refused) expect((reason as Error).message).toBe(promoRefusalText('used_up'));
    const [row] = await t.db.db.select().from(promoCodes).where(eq(promoCodes.code, code));
    expect(row?.usedCount).toBe(5);
  });
});
