/**
 * Checkout, slots, idempotency keys and cancellation at the service (ADR 013, 021, 023, 026), over rows each
 * test inserts, with the clock standing at Monday 09:00 in Moscow: prices re-read at the point, stock taken
 * exactly and never below zero, minimum orders, delivery slots from the lead time on and their capacity, a
 * key's replay and takeover, and the stock and slot going back only before assembling. The API tests
 * (orders.routes.test.ts, idempotency.test.ts) cover the HTTP contract and the races of many customers; these
 * state each rule with exact numbers. A race between two reads is staged through the catalogue's stock
 * functions, which the orders module receives as a dependency.
 */
import { randomUUID } from 'node:crypto';
import { type PlaceOrders, PlaceOrdersSchema } from '@core/contracts/orders';
import type { SocketEvent } from '@core/contracts/realtime';
import { minimumOrderText } from '@core/rules/order-totals';
import { SLOT_CAPACITY } from '@core/rules/orders';
import { formatRoubles } from '@core/rules/price';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import {
  type CityRow,
  createAddress,
  createCity,
  createCustomer,
  createPoint,
  createProduct,
  createStore,
  createZone,
  type PointRow,
  type ProductRow,
  type StoreRow,
  setStock,
  stockCount,
  type ZoneRow,
} from '../../../tests/setup/service-fixtures';
import {
  createTestServices,
  failure,
  MONDAY_MORNING,
  type TestServices,
} from '../../../tests/setup/services';
import type { Executor } from '../../db/client';
import { idempotencyKeys, notifications, orders, slotReservations, stock } from '../../db/schema/index';
import type { StockLine } from '../catalog/catalog.service';
import { requestFingerprint } from './idempotency';
import { createOrdersService, ORDER_NOT_FOUND, type OrdersService } from './orders.service';

const MINUTE_MS = 60_000;
const CHECKOUT_IN_PROGRESS = 'Заказ уже оформляется, подождите';
const DAY_MS = 24 * 60 * MINUTE_MS;
const iso = (ms: number) => new Date(ms).toISOString();
/** Slots on the Moscow clock (UTC+3). */
const TODAY_09 = '2026-01-12T06:00:00.000Z';
const TODAY_11 = '2026-01-12T08:00:00.000Z';
const TOMORROW_11 = '2026-01-13T08:00:00.000Z';
const TOMORROW_13 = '2026-01-13T10:00:00.000Z';

describe.each(TEST_DATABASE_KINDS)('the orders service on %s', (kind) => {
  let t: TestServices;
  let city: CityRow;
  let zone: ZoneRow;
  let farZone: ZoneRow;
  /** A shop with pickup points, no minimum and free delivery. */
  let pickupShop: StoreRow;
  let pickup: PointRow;
  let otherPickup: PointRow;
  /** A shop that delivers to `zone` for 199 ₽, free from 1 000 ₽. */
  let deliveryShop: StoreRow;
  let courier: PointRow;
  const events: SocketEvent[] = [];

  const service = (): OrdersService => t.services.orders;
  const customer = async () => (await createCustomer(t.db.db)).id;
  /** A product of the shop that the point has `count` of. */
  const offer = async (
    shop: StoreRow,
    at: PointRow,
    count: number,
    values: { priceKopecks?: number; discountPercent?: number; name?: string } = {},
    pointPrice: number | null = null,
  ): Promise<ProductRow> => {
    const product = await createProduct(t.db.db, shop, values);
    await setStock(t.db.db, at, product, count, pointPrice);
    return product;
  };
  const put = (userId: string, at: PointRow, product: ProductRow, quantity: number) =>
    t.services.basket.changeItem(userId, { warehouse_id: at.id, product_id: product.id, quantity });
  const pickupAt = (at: PointRow) => ({ point: at.id, fulfilment: 'pickup' as const });
  const deliveryTo = (addressId: string, slot = TOMORROW_11) => ({
    point: courier.id,
    fulfilment: 'delivery' as const,
    slot,
    address: { id: addressId },
  });
  const checkout = (groups: unknown[], extra: Record<string, unknown> = {}): PlaceOrders =>
    PlaceOrdersSchema.parse({ orders: groups, phone: '+7 (900) 000-00-01', payment: 'cash', ...extra });
  const place = (userId: string, input: PlaceOrders, key: string = randomUUID()) =>
    service().placeOrders(userId, key, input);
  const placed = async (userId: string, input: PlaceOrders, key?: string) => {
    const response = await place(userId, input, key);
    expect(response.status).toBe(200);
    return response.body.orders;
  };
  const count = (at: PointRow, product: ProductRow) => stockCount(t.db.db, at, product);
  const basketOf = async (userId: string) =>
    Object.fromEntries(
      Object.entries(await t.services.basket.getBasket(userId)).map(([pointId, lines]) => [
        pointId,
        lines.map((line) => [line.product._id, line.quantity]),
      ]),
    );
  const statusEvents = (number: number) =>
    events.flatMap((event) =>
      event.type === 'order.status' && event.order.number === number ? [event.order.status] : [],
    );
  /** What the operators' boards heard of an order: each status with the shop it went to. */
  const boardEvents = (number: number) =>
    events.flatMap((event) =>
      event.type === 'order.board' && event.order.number === number
        ? [[event.order.status, event.store]]
        : [],
    );
  /** The orders service with the catalogue's stock functions wrapped: `before` runs first, in the checkout's transaction. */
  const withStaged = (before: {
    /** Before the first, unlocked read of the lines' stock (before the orders are written). */
    firstRead?: (tx: Executor, lines: readonly StockLine[]) => Promise<void>;
    /** Before the last statement, which locks the rows and takes the quantities. */
    lockAndTake?: (tx: Executor, lines: readonly StockLine[]) => Promise<void>;
  }) =>
    createOrdersService({
      db: t.db.db,
      clock: t.clock,
      basket: t.services.basket,
      addresses: t.services.geo,
      notifications: t.services.notifications,
      // The checkout takes no rate; only a replacement's answer does, which these tests do not give.
      rates: { take: async () => {} },
      catalog: {
        ...t.services.catalog,
        stock: {
          ...t.services.catalog.stock,
          read: async (tx, lines) => {
            await before.firstRead?.(tx, lines);
            return t.services.catalog.stock.read(tx, lines);
          },
          lockAndTake: async (tx, lines) => {
            await before.lockAndTake?.(tx, lines);
            return t.services.catalog.stock.lockAndTake(tx, lines);
          },
        },
      },
    });

  beforeAll(async () => {
    t = await createTestServices(kind);
    city = await createCity(t.db.db);
    zone = await createZone(t.db.db, city);
    farZone = await createZone(t.db.db, city);
    pickupShop = await createStore(t.db.db);
    pickup = await createPoint(t.db.db, pickupShop, city);
    otherPickup = await createPoint(t.db.db, pickupShop, city);
    deliveryShop = await createStore(t.db.db, {
      deliveryFeeKopecks: 19_900,
      freeDeliveryFromKopecks: 100_000,
    });
    courier = await createPoint(t.db.db, deliveryShop, city, { isPickup: false, zones: [zone] });
    t.services.realtime.bus.subscribe((envelope) => {
      if (envelope.kind === 'event') events.push(envelope.event);
    });
  });

  beforeEach(() => {
    t.clock.set(MONDAY_MORNING);
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('placing orders', () => {
    it('places a pickup and a delivery order at once: the point’s prices, the totals, stock taken, lines out', async () => {
      const anna = await customer();
      const cheese = await offer(
        pickupShop,
        pickup,
        10,
        { priceKopecks: 10_000, discountPercent: 10 },
        9_000,
      );
      const honey = await offer(deliveryShop, courier, 5, { priceKopecks: 25_000 });
      const kept = await offer(pickupShop, otherPickup, 5);
      await put(anna, pickup, cheese, 3);
      await put(anna, courier, honey, 2);
      await put(anna, otherPickup, kept, 1);
      const address = await createAddress(t.db.db, anna, city, zone);
      const response = await place(
        anna,
        checkout(
          [
            pickupAt(pickup),
            {
              ...deliveryTo(address.id),
              address: {
                id: address.id,
                flat: '12',
                entrance: '2',
                floor: '5',
                comment: 'Домофон не работает',
              },
            },
          ],
          { payment: 'card', comment: 'Позвоните заранее' },
        ),
      );
      expect(response.status).toBe(200);
      const [first, second] = response.body.orders;
      const common = {
        status: 'new',
        phone: '+79000000001',
        payment: 'card',
        comment: 'Позвоните заранее',
        events: [{ status: 'new', at: iso(MONDAY_MORNING) }],
        created_at: iso(MONDAY_MORNING),
        can_cancel: true,
      };
      expect(first).toMatchObject({
        ...common,
        fulfilment: 'pickup',
        store: { _id: pickupShop.id },
        point: { _id: pickup.id },
        address: null,
        flat: '',
        entrance: '',
        floor: '',
        courier_comment: '',
        slot: null,
        items: [
          {
            product: cheese.id,
            slug: cheese.slug,
            name: cheese.name,
            img: cheese.images[0],
            weight: 500,
            price: 9_000,
            discount: 10,
            quantity: 3,
          },
        ],
        items_total: 30_000,
        savings: 3_000,
        delivery_fee: 0,
        total: 27_000,
      });
      expect(second).toMatchObject({
        ...common,
        fulfilment: 'delivery',
        store: { _id: deliveryShop.id },
        point: { _id: courier.id },
        address: address.address,
        flat: '12',
        entrance: '2',
        floor: '5',
        courier_comment: 'Домофон не работает',
        slot: { start: TOMORROW_11, end: TOMORROW_13 },
        items: [{ product: honey.id, price: 25_000, discount: 0, quantity: 2 }],
        items_total: 50_000,
        savings: 0,
        delivery_fee: 19_900,
        total: 69_900,
      });
      if (!first || !second) throw new Error('two orders expected');
      expect(second.number).not.toBe(first.number);
      const [row] = await t.db.db.select().from(orders).where(eq(orders.id, second._id));
      expect(row).toMatchObject({
        userId: anna,
        storeId: deliveryShop.id,
        pointId: courier.id,
        zoneId: zone.id,
        longitude: 82.92,
        latitude: 55.03,
        updatedAt: new Date(MONDAY_MORNING),
      });
      expect(await count(pickup, cheese)).toBe(7);
      expect(await count(courier, honey)).toBe(3);
      expect(await basketOf(anna)).toEqual({ [otherPickup.id]: [[kept.id, 1]] });
      expect(await count(otherPickup, kept)).toBe(5);
      expect((await service().listOrders(anna)).map((order) => order._id).sort()).toEqual(
        [first._id, second._id].sort(),
      );
      // Each order told the customer, and the notifications went out.
      const told = await t.db.db.select().from(notifications).where(eq(notifications.userId, anna));
      expect(told.map((row) => [row.title, row.link, row.deliveredAt !== null]).sort()).toEqual(
        [
          [`Заказ №${first.number}`, `/order/${first.number}`, true],
          [`Заказ №${second.number}`, `/order/${second.number}`, true],
        ].sort(),
      );
      expect(statusEvents(first.number)).toEqual(['new']);
      expect(statusEvents(second.number)).toEqual(['new']);
      // Each shop's operators heard of their order.
      expect(boardEvents(first.number)).toEqual([['new', first.store._id]]);
      expect(boardEvents(second.number)).toEqual([['new', second.store._id]]);
      expect([first.store._id, second.store._id].sort()).toEqual([pickupShop.id, deliveryShop.id].sort());
      expect(await service().countActiveOrders(anna)).toBe(2);
    });

    it('refuses a bad checkout in Russian and writes nothing', async () => {
      const anna = await customer();
      const bread = await offer(pickupShop, pickup, 10);
      const honey = await offer(deliveryShop, courier, 10);
      await put(anna, pickup, bread, 1);
      await put(anna, courier, honey, 1);
      const own = await createAddress(t.db.db, anna, city, zone);
      const someoneElses = await createAddress(t.db.db, await customer(), city, zone);
      const far = await createAddress(t.db.db, anna, city, farZone);
      const reservations = () =>
        t.db.db.select().from(slotReservations).where(eq(slotReservations.pointId, courier.id));
      const reservedBefore = await reservations();
      const key = randomUUID();
      const refused = (groups: unknown[]) => failure(place(anna, checkout(groups), key));
      expect(await refused([pickupAt(pickup), { point: randomUUID(), fulfilment: 'pickup' }])).toMatchObject({
        code: 'not_found',
        message: 'Точка продаж не найдена',
      });
      expect(await refused([{ point: courier.id, fulfilment: 'pickup' }])).toMatchObject({
        code: 'bad_request',
        message: `В «${courier.name}» нет самовывоза`,
      });
      expect(await refused([deliveryTo(someoneElses.id)])).toMatchObject({
        code: 'bad_request',
        message: 'Выберите адрес доставки',
        fields: { address: 'Выберите адрес доставки' },
      });
      expect(await refused([deliveryTo(far.id)])).toMatchObject({
        code: 'bad_request',
        message: `«${deliveryShop.name}» не доставляет по адресу ${far.shortAddress}`,
      });
      for (const slot of [TODAY_09, '2026-01-13T08:30:00.000Z', '2026-01-14T08:00:00.000Z']) {
        expect(await refused([deliveryTo(own.id, slot)])).toMatchObject({
          code: 'bad_request',
          message: 'Это время доставки уже недоступно, выберите другое',
          fields: { slot: 'Выберите время доставки' },
        });
      }
      expect(await refused([pickupAt(pickup), pickupAt(otherPickup)])).toMatchObject({
        code: 'bad_request',
        message: `Корзина «${otherPickup.name}» пуста`,
      });
      expect(await service().listOrders(anna)).toEqual([]);
      expect(await count(pickup, bread)).toBe(10);
      expect(await basketOf(anna)).toEqual({ [pickup.id]: [[bread.id, 1]], [courier.id]: [[honey.id, 1]] });
      expect(await reservations()).toEqual(reservedBefore);
      // Each failure gave the key back: it places the orders once the checkout is right.
      expect((await placed(anna, checkout([deliveryTo(own.id, TODAY_11)]), key))[0]?.slot?.start).toBe(
        TODAY_11,
      );
    });

    it('refuses a group below its shop’s minimum order, counted after discounts; the minimum itself is enough', async () => {
      const shop = await createStore(t.db.db, { minOrderKopecks: 90_000 });
      const at = await createPoint(t.db.db, shop, city);
      const wine = await offer(shop, at, 10, { priceKopecks: 30_000, discountPercent: 50 });
      const anna = await customer();
      await put(anna, at, wine, 2);
      expect(await failure(place(anna, checkout([pickupAt(at)])))).toMatchObject({
        code: 'bad_request',
        message: `«${shop.name}»: минимальная сумма заказа ${formatRoubles(90_000)}. ${minimumOrderText(30_000)}`,
      });
      expect(await count(at, wine)).toBe(10);
      await put(anna, at, wine, 3);
      expect((await placed(anna, checkout([pickupAt(at)])))[0]?.total).toBe(90_000);
      expect(await count(at, wine)).toBe(7);
    });

    it('delivers free from the shop’s threshold', async () => {
      const anna = await customer();
      const caviar = await offer(deliveryShop, courier, 5, { priceKopecks: 50_000 });
      await put(anna, courier, caviar, 2);
      const address = await createAddress(t.db.db, anna, city, zone);
      expect((await placed(anna, checkout([deliveryTo(address.id)])))[0]).toMatchObject({
        delivery_fee: 0,
        total: 100_000,
      });
    });

    it('takes exactly the ordered quantities, down to zero and never below, per point', async () => {
      const anna = await customer();
      const last = await offer(pickupShop, pickup, 4);
      await setStock(t.db.db, otherPickup, last, 6);
      await put(anna, pickup, last, 4);
      await put(anna, otherPickup, last, 2);
      await placed(anna, checkout([pickupAt(pickup), pickupAt(otherPickup)]));
      expect(await count(pickup, last)).toBe(0);
      expect(await count(otherPickup, last)).toBe(4);
      expect(await basketOf(anna)).toEqual({});
    });

    it('refuses lines the point has too few of, naming each, and takes nothing', async () => {
      const anna = await customer();
      const milk = await offer(pickupShop, pickup, 10, { name: 'Молоко' });
      const eggs = await offer(pickupShop, pickup, 10, { name: 'Яйца' });
      const plenty = await offer(pickupShop, pickup, 10);
      await put(anna, pickup, milk, 3);
      await put(anna, pickup, eggs, 2);
      await put(anna, pickup, plenty, 2);
      await setStock(t.db.db, pickup, milk, 2);
      await setStock(t.db.db, pickup, eggs, 0);
      expect(await failure(place(anna, checkout([pickupAt(pickup)])))).toMatchObject({
        code: 'conflict',
        message:
          'Не хватает товаров: «Молоко» — осталось 2 шт., «Яйца» — осталось 0 шт. Обновите корзину и попробуйте снова',
      });
      await t.db.db.delete(stock).where(and(eq(stock.pointId, pickup.id), eq(stock.productId, milk.id)));
      await setStock(t.db.db, pickup, eggs, 5);
      expect(await failure(place(anna, checkout([pickupAt(pickup)])))).toMatchObject({
        code: 'conflict',
        message: 'Не хватает товаров: товара нет в точке. Обновите корзину и попробуйте снова',
      });
      expect(await count(pickup, eggs)).toBe(5);
      expect(await count(pickup, plenty)).toBe(10);
      expect(await service().listOrders(anna)).toEqual([]);
    });

    it('refuses a price that changed while the order was being placed', async () => {
      const anna = await customer();
      const tea = await offer(pickupShop, pickup, 10, { name: 'Чай', priceKopecks: 20_000 });
      await put(anna, pickup, tea, 1);
      const staged = withStaged({
        lockAndTake: async (tx) => {
          await tx.update(stock).set({ priceKopecks: 21_000 }).where(eq(stock.productId, tea.id));
        },
      });
      expect(
        await failure(staged.placeOrders(anna, randomUUID(), checkout([pickupAt(pickup)]))),
      ).toMatchObject({
        code: 'conflict',
        message: 'Цена «Чай» изменилась. Обновите корзину и проверьте сумму',
      });
      expect(await count(pickup, tea)).toBe(10);
      expect(await service().listOrders(anna)).toEqual([]);
    });

    it('checks out baskets sharing products in opposite orders at once: all placed, stock exact, no deadlock', async () => {
      // Half the customers put the tea in first, half the sugar: the lines reach the take in opposite orders.
      // The take locks in (point, product) order whatever the lines' order (stock.repository.ts). On this
      // small table PostgreSQL's plan happens to lock in one order without it too, so this guards the outcome
      // (every checkout placed, the stock exact, PostgreSQL counting no deadlock), not the ordering alone.
      const tea = await offer(pickupShop, pickup, 1_000, { name: 'Чай' });
      const sugar = await offer(pickupShop, pickup, 1_000);
      const customers = await Promise.all(Array.from({ length: 16 }, () => customer()));
      for (const [index, anna] of customers.entries()) {
        const [first, second] = index % 2 === 0 ? [tea, sugar] : [sugar, tea];
        await put(anna, pickup, first, 1);
        await put(anna, pickup, second, 2);
      }
      const deadlocks = async () => {
        if (kind !== 'postgres') return 0;
        const result = await t.db.db.execute(
          sql`select deadlocks from pg_stat_database where datname = current_database()`,
        );
        return Number((result as unknown as { rows: { deadlocks: string }[] }).rows[0]?.deadlocks ?? 0);
      };
      const before = await deadlocks();
      const placed = await Promise.allSettled(
        customers.map((anna) => service().placeOrders(anna, randomUUID(), checkout([pickupAt(pickup)]))),
      );
      expect(placed.filter((result) => result.status === 'rejected')).toEqual([]);
      // Eight customers bought one tea and two sugar, eight one sugar and two tea.
      expect(await count(pickup, tea)).toBe(1_000 - 24);
      expect(await count(pickup, sugar)).toBe(1_000 - 24);
      // PostgreSQL's own count: a deadlock resolved by a retry would still show here (statistics are sent
      // to the collector as transactions end, so they are read after a moment's wait).
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(await deadlocks()).toBe(before);
    });

    it('refuses stock that ran short while the order was being placed, and never takes part of it', async () => {
      const anna = await customer();
      const tea = await offer(pickupShop, pickup, 10, { name: 'Чай' });
      const sugar = await offer(pickupShop, pickup, 10);
      await put(anna, pickup, tea, 3);
      await put(anna, pickup, sugar, 1);
      // The lock and the take are one statement: the sugar the statement takes goes back with the tea it
      // cannot (the checkout's transaction is undone), and nothing can change between the lock and the take.
      const underLock = withStaged({
        lockAndTake: async (tx) => {
          await tx.update(stock).set({ count: 1 }).where(eq(stock.productId, tea.id));
        },
      });
      expect(
        await failure(underLock.placeOrders(anna, randomUUID(), checkout([pickupAt(pickup)]))),
      ).toMatchObject({
        code: 'conflict',
        message: 'Не хватает товаров: «Чай» — осталось 1 шт. Обновите корзину и попробуйте снова',
      });
      expect(await count(pickup, tea)).toBe(10);
      expect(await count(pickup, sugar)).toBe(10);
      expect(await service().listOrders(anna)).toEqual([]);
      expect(await basketOf(anna)).toEqual({
        [pickup.id]: [
          [tea.id, 3],
          [sugar.id, 1],
        ],
      });
    });
  });

  describe('delivery slots', () => {
    it('lists today’s slots from an hour ahead and tomorrow’s, labelled on the Moscow clock', async () => {
      const point = await createPoint(t.db.db, deliveryShop, city, { isPickup: false, zones: [zone] });
      const slots = await service().listSlots(point.id);
      expect(slots.map((slot) => slot.label)).toEqual([
        'сегодня, 11:00–13:00',
        'сегодня, 13:00–15:00',
        'сегодня, 15:00–17:00',
        'сегодня, 17:00–19:00',
        'сегодня, 19:00–21:00',
        'завтра, 09:00–11:00',
        'завтра, 11:00–13:00',
        'завтра, 13:00–15:00',
        'завтра, 15:00–17:00',
        'завтра, 17:00–19:00',
        'завтра, 19:00–21:00',
      ]);
      expect(slots[0]).toEqual({
        start: TODAY_11,
        end: '2026-01-12T10:00:00.000Z',
        label: 'сегодня, 11:00–13:00',
        is_full: false,
      });
      expect(await failure(service().listSlots(randomUUID()))).toMatchObject({
        code: 'not_found',
        message: 'Точка продаж не найдена',
      });
    });

    it(`takes ${SLOT_CAPACITY} orders per slot, shows a full one, and frees a place when an order is cancelled`, async () => {
      const honey = await offer(deliveryShop, courier, 50);
      await t.db.db
        .delete(slotReservations)
        .where(
          and(
            eq(slotReservations.pointId, courier.id),
            eq(slotReservations.slotStart, new Date(TOMORROW_13)),
          ),
        );
      await t.db.db.insert(slotReservations).values({
        pointId: courier.id,
        slotStart: new Date(TOMORROW_13),
        reserved: SLOT_CAPACITY - 1,
        capacity: SLOT_CAPACITY,
      });
      const shopper = async () => {
        const userId = await customer();
        await put(userId, courier, honey, 1);
        const address = await createAddress(t.db.db, userId, city, zone);
        return { userId, input: checkout([deliveryTo(address.id, TOMORROW_13)]) };
      };
      const isFull = async () =>
        (await service().listSlots(courier.id))
          .map((slot) => [slot.start, slot.is_full])
          .filter(([, full]) => full);
      const anna = await shopper();
      const [order] = await placed(anna.userId, anna.input);
      expect(await isFull()).toEqual([[TOMORROW_13, true]]);
      const boris = await shopper();
      expect(await failure(place(boris.userId, boris.input))).toMatchObject({
        code: 'conflict',
        message: 'Время доставки завтра, 13:00–15:00 уже занято, выберите другое',
      });
      if (!order) throw new Error('no order placed');
      await service().cancelOrder(anna.userId, order.number);
      expect(await isFull()).toEqual([]);
      expect((await placed(boris.userId, boris.input))[0]?.slot?.start).toBe(TOMORROW_13);
    });
  });

  describe('idempotency keys', () => {
    it('answer a repeated request with the first answer, today’s state of its orders, placing nothing again', async () => {
      const anna = await customer();
      const jam = await offer(pickupShop, pickup, 10);
      await put(anna, pickup, jam, 2);
      const key = randomUUID();
      const input = checkout([pickupAt(pickup)]);
      const first = await place(anna, input, key);
      await put(anna, pickup, jam, 2);
      const again = await place(anna, input, key);
      expect(again).toEqual(first);
      expect(await count(pickup, jam)).toBe(8);
      expect(await service().listOrders(anna)).toHaveLength(1);
      const number = first.body.orders[0]?.number ?? 0;
      await service().cancelOrder(anna, number);
      // A finished key is answered for a day, however old its request is.
      t.clock.advance(3 * MINUTE_MS);
      expect((await place(anna, input, key)).body.orders.map((order) => order.status)).toEqual(['cancelled']);
      expect(
        await failure(place(anna, checkout([pickupAt(pickup)], { comment: 'другой' }), key)),
      ).toMatchObject({
        code: 'unprocessable',
        message: 'Этот ключ повтора уже использован для другого заказа',
      });
      // Keys are the customer's own: another customer's same key places their own order.
      const boris = await customer();
      await put(boris, pickup, jam, 1);
      expect((await placed(boris, input, key))[0]?._id).not.toBe(first.body.orders[0]?._id);
    });

    it('answer 409 while the first request is still placing, until it is two minutes old; then a retry takes over', async () => {
      const anna = await customer();
      const jam = await offer(pickupShop, pickup, 10);
      await put(anna, pickup, jam, 2);
      const key = randomUUID();
      const input = checkout([pickupAt(pickup)]);
      await t.db.db.insert(idempotencyKeys).values({
        userId: anna,
        key,
        requestHash: requestFingerprint(input),
        createdAt: new Date(MONDAY_MORNING - 2 * MINUTE_MS + 1),
      });
      expect(await failure(place(anna, input, key))).toMatchObject({
        code: 'conflict',
        message: CHECKOUT_IN_PROGRESS,
      });
      expect(
        await failure(place(anna, checkout([pickupAt(pickup)], { comment: 'другой' }), key)),
      ).toMatchObject({
        code: 'unprocessable',
      });
      t.clock.advance(1);
      expect(await placed(anna, input, key)).toHaveLength(1);
      expect(await count(pickup, jam)).toBe(8);
      const [row] = await t.db.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, anna), eq(idempotencyKeys.key, key)));
      expect(row).toMatchObject({ responseStatus: 200, createdAt: new Date(MONDAY_MORNING + 1) });
    });

    it('let one of two simultaneous retries take a stale key over; the orders are placed once', async () => {
      const anna = await customer();
      const jam = await offer(pickupShop, pickup, 10);
      await put(anna, pickup, jam, 2);
      const key = randomUUID();
      const input = checkout([pickupAt(pickup)]);
      await t.db.db.insert(idempotencyKeys).values({
        userId: anna,
        key,
        requestHash: requestFingerprint(input),
        createdAt: new Date(MONDAY_MORNING - 10 * MINUTE_MS),
      });
      const results = await Promise.allSettled([place(anna, input, key), place(anna, input, key)]);
      const answers = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      const refusals = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
      expect(answers.length).toBeGreaterThan(0);
      for (const answer of answers) expect(answer).toEqual(answers[0]);
      for (const refusal of refusals)
        expect(refusal).toMatchObject({ code: 'conflict', message: CHECKOUT_IN_PROGRESS });
      expect(await count(pickup, jam)).toBe(8);
      expect(await service().listOrders(anna)).toHaveLength(1);
    });

    it('replay an answer kept whole, and read orders from one kept as ids', async () => {
      const anna = await customer();
      const input = checkout([pickupAt(pickup)]);
      const keep = async (responseBody: unknown) => {
        const key = randomUUID();
        await t.db.db.insert(idempotencyKeys).values({
          userId: anna,
          key,
          requestHash: requestFingerprint(input),
          responseStatus: 200,
          responseBody,
          createdAt: new Date(MONDAY_MORNING),
        });
        return place(anna, input, key);
      };
      const jam = await offer(pickupShop, pickup, 10);
      await put(anna, pickup, jam, 1);
      const [order] = await placed(anna, input);
      if (!order) throw new Error('no order placed');
      // An answer kept whole is answered as it was kept, not as the order is now.
      await service().cancelOrder(anna, order.number);
      const whole = { success: true, orders: [order] };
      expect(await keep(whole)).toEqual({ status: 200, body: whole });
      expect((await keep({ orderIds: [order?._id, 42] })).body.orders.map((item) => item._id)).toEqual([
        order?._id,
      ]);
      expect(await keep({ something: 'else' })).toEqual({ status: 200, body: { success: true, orders: [] } });
      expect(await keep(null)).toEqual({ status: 200, body: { success: true, orders: [] } });
      expect(await keep('orderIds')).toEqual({ status: 200, body: { success: true, orders: [] } });
    });

    it('place nothing when another request took the key over during the checkout', async () => {
      const anna = await customer();
      const jam = await offer(pickupShop, pickup, 10);
      await put(anna, pickup, jam, 2);
      const key = randomUUID();
      const staged = withStaged({
        firstRead: async (tx) => {
          await tx
            .update(idempotencyKeys)
            .set({ createdAt: new Date(MONDAY_MORNING + 1) })
            .where(and(eq(idempotencyKeys.userId, anna), eq(idempotencyKeys.key, key)));
        },
      });
      expect(await failure(staged.placeOrders(anna, key, checkout([pickupAt(pickup)])))).toMatchObject({
        code: 'conflict',
        message: CHECKOUT_IN_PROGRESS,
      });
      expect(await count(pickup, jam)).toBe(10);
      expect(await service().listOrders(anna)).toEqual([]);
    });

    it('are deleted by housekeeping a day after, or two minutes after when still in progress', async () => {
      const anna = await customer();
      const now = MONDAY_MORNING + 7 * DAY_MS;
      t.clock.set(now);
      const keys = {
        oldFinished: now - DAY_MS,
        youngFinished: now - DAY_MS + 1,
        abandoned: now - 2 * MINUTE_MS,
        running: now - 2 * MINUTE_MS + 1,
      };
      for (const [key, createdAt] of Object.entries(keys)) {
        await t.db.db.insert(idempotencyKeys).values({
          userId: anna,
          key,
          requestHash: 'x',
          responseStatus: key.endsWith('Finished') ? 200 : null,
          createdAt: new Date(createdAt),
        });
      }
      await service().purgeExpiredKeys();
      const left = await t.db.db
        .select({ key: idempotencyKeys.key })
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.userId, anna));
      expect(left.map((row) => row.key).sort()).toEqual(['running', 'youngFinished']);
    });
  });

  describe('cancelling', () => {
    it('cancels a new order once: stock back exactly once, the customer told once', async () => {
      const anna = await customer();
      const jam = await offer(pickupShop, pickup, 10);
      await put(anna, pickup, jam, 3);
      const [order] = await placed(anna, checkout([pickupAt(pickup)]));
      if (!order) throw new Error('no order placed');
      expect(await count(pickup, jam)).toBe(7);
      t.clock.advance(MINUTE_MS);
      const [first, second] = await Promise.all([
        service().cancelOrder(anna, order.number),
        service().cancelOrder(anna, order.number),
      ]);
      expect(first).toMatchObject({
        status: 'cancelled',
        can_cancel: false,
        events: [
          { status: 'new', at: iso(MONDAY_MORNING) },
          { status: 'cancelled', at: iso(MONDAY_MORNING + MINUTE_MS) },
        ],
      });
      expect(second).toEqual(first);
      expect(await service().cancelOrder(anna, order.number)).toEqual(first);
      expect(await count(pickup, jam)).toBe(10);
      expect(statusEvents(order.number)).toEqual(['new', 'cancelled']);
      expect(boardEvents(order.number)).toEqual([
        ['new', pickupShop.id],
        ['cancelled', pickupShop.id],
      ]);
      const [row] = await t.db.db.select().from(orders).where(eq(orders.id, order._id));
      expect(row?.updatedAt).toEqual(new Date(MONDAY_MORNING + MINUTE_MS));
      const pending = await t.db.db.select().from(notifications).where(eq(notifications.userId, anna));
      expect(pending.every((notification) => notification.deliveredAt !== null)).toBe(true);
      expect(pending).toHaveLength(2);
      expect(await service().countActiveOrders(anna)).toBe(0);
    });

    it('cancels a confirmed order, but not one being assembled', async () => {
      const anna = await customer();
      const jam = await offer(pickupShop, pickup, 10);
      await put(anna, pickup, jam, 1);
      const [confirmed] = await placed(anna, checkout([pickupAt(pickup)]));
      await put(anna, pickup, jam, 1);
      const [assembling] = await placed(anna, checkout([pickupAt(pickup)]));
      if (!confirmed || !assembling) throw new Error('no orders placed');
      await service().moveOrder(confirmed.number, 'confirmed');
      expect((await service().cancelOrder(anna, confirmed.number)).status).toBe('cancelled');
      await service().moveOrder(assembling.number, 'confirmed');
      await service().moveOrder(assembling.number, 'assembling');
      expect(await failure(service().cancelOrder(anna, assembling.number))).toMatchObject({
        code: 'conflict',
        message: 'Заказ уже собирают — отменить его нельзя. Позвоните в магазин',
      });
      expect(await count(pickup, jam)).toBe(9);
      expect((await service().getOrder(anna, assembling.number)).status).toBe('assembling');
    });

    it('finds only the customer’s own orders', async () => {
      const anna = await customer();
      const jam = await offer(pickupShop, pickup, 10);
      await put(anna, pickup, jam, 1);
      const [order] = await placed(anna, checkout([pickupAt(pickup)]));
      if (!order) throw new Error('no order placed');
      const boris = await customer();
      // One at a time: started together, the second could be refused before anything awaits it.
      for (const attempt of [
        () => service().cancelOrder(boris, order.number),
        () => service().cancelOrder(anna, 2_000_000_000),
      ]) {
        expect(await failure(attempt())).toMatchObject({ code: 'not_found', message: ORDER_NOT_FOUND });
      }
      expect(await count(pickup, jam)).toBe(9);
      expect((await service().getOrder(anna, order.number)).status).toBe('new');
    });
  });
});

describe.each(TEST_DATABASE_KINDS)('a checkout’s choices for missing items on %s (ADR 055)', (kind) => {
  let t: TestServices;
  let shop: StoreRow;
  let point: PointRow;

  beforeAll(async () => {
    t = await createTestServices(kind);
    const city = await createCity(t.db.db);
    shop = await createStore(t.db.db);
    point = await createPoint(t.db.db, shop, city);
  });

  afterAll(async () => {
    await t?.close();
  });

  const stocked = async (name: string): Promise<ProductRow> => {
    const product = await createProduct(t.db.db, shop, { name });
    await setStock(t.db.db, point, product, 20);
    return product;
  };
  const put = (userId: string, product: ProductRow) =>
    t.services.basket.changeItem(userId, { warehouse_id: point.id, product_id: product.id, quantity: 1 });
  const placeOne = async (userId: string, extra: Record<string, unknown>) => {
    const input = PlaceOrdersSchema.parse({
      orders: [{ point: point.id, fulfilment: 'pickup' }],
      phone: '+7 (900) 000-00-01',
      payment: 'cash',
      ...extra,
    });
    const response = await t.services.orders.placeOrders(userId, randomUUID(), input);
    expect(response.status).toBe(200);
    const [order] = response.body.orders;
    if (!order) throw new Error('no order placed');
    return t.services.orders.getOrder(userId, order.number);
  };
  /** What each order line stores of its basket line's choice: its own choice and the picked replacement. */
  const storedChoices = (orderId: string) =>
    t.db.db
      .execute(
        sql`select product_id as "productId", on_missing as "onMissing",
          chosen_replacement_id as "replacementId" from order_items where order_id = ${orderId}`,
      )
      .then((result) => (result as unknown as { rows: Record<string, unknown>[] }).rows);

  it('gives each line its basket line’s choice and replacement, and the others the checkout’s choice', async () => {
    const userId = (await createCustomer(t.db.db)).id;
    const milk = await stocked('Молоко');
    const bread = await stocked('Хлеб');
    const kefir = await stocked('Кефир');
    await put(userId, milk);
    await put(userId, bread);
    const [option] = await t.services.basket.listReplacements(
      userId,
      {
        pointId: point.id,
        productId: milk.id,
      },
      '127.0.0.1',
    );
    expect(option?.product).toBe(kefir.id);
    await t.services.basket.chooseOnMissing(
      userId,
      {
        pointId: point.id,
        productId: milk.id,
        onMissing: 'similar',
        replacementId: kefir.id,
      },
      '127.0.0.1',
    );

    const order = await placeOne(userId, { on_missing: 'remove' });
    expect(order.on_missing).toBe('remove');
    expect(Object.fromEntries(order.items.map((item) => [item.product, item.on_missing]))).toEqual({
      [milk.id]: 'similar',
      [bread.id]: 'remove',
    });
    expect(await storedChoices(order._id)).toEqual(
      expect.arrayContaining([
        { productId: milk.id, onMissing: 'similar', replacementId: kefir.id },
        { productId: bread.id, onMissing: null, replacementId: null },
      ]),
    );
  });

  it('asks to be called when the checkout chooses nothing', async () => {
    const userId = (await createCustomer(t.db.db)).id;
    await put(userId, await stocked('Сыр'));
    const order = await placeOne(userId, {});
    expect(order.on_missing).toBe('call');
    expect(order.items.map((item) => item.on_missing)).toEqual(['call']);
  });
});
