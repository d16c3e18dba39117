/**
 * The basket's rules at the service (SPEC §4–§5, DESIGN.md §3, ADR 011), over rows each test inserts: caps at
 * the point's stock, 0 removes, steps, the line limit, additions that never lower a line, the merge at login
 * and the guest preview. The API tests (basket.routes.test.ts) cover the HTTP contract, who may call, and
 * twenty simultaneous changes; these state the rules with exact numbers and run in a second.
 */
import { randomUUID } from 'node:crypto';
import { BASKET_FULL_MESSAGE, type Basket } from '@core/contracts/basket';
import { BASKET_MAX_LINES } from '@core/rules/basket';
import { and, eq } from 'drizzle-orm';
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
  type StoreRow,
  setStock,
} from '../../../tests/setup/service-fixtures';
import { createTestServices, failure, type TestServices } from '../../../tests/setup/services';
import { basketItems, baskets, products, stock } from '../../db/schema/index';
import { POINT_NOT_FOUND, PRODUCT_NOT_FOUND } from '../catalog/catalog.service';
import { NOT_SOLD_AT_POINT } from './basket.service';

type Offer = { pointId: string; productId: string };

/** Point id → product id → quantity: what a basket holds, without the product details. */
function quantities(basket: Basket): Record<string, Record<string, number>> {
  return Object.fromEntries(
    Object.entries(basket).map(([pointId, items]) => [
      pointId,
      Object.fromEntries(items.map((item) => [item.product._id, item.quantity])),
    ]),
  );
}

describe.each(TEST_DATABASE_KINDS)('the basket service on %s', (kind) => {
  let t: TestServices;
  let city: CityRow;
  let shop: StoreRow;
  let point: PointRow;
  let secondPoint: PointRow;

  const basket = () => t.services.basket;
  const customer = async () => (await createCustomer(t.db.db)).id;
  /** A product of the shop that `at` (default: the first point) has `count` of, at `price` kopecks. */
  const offer = async (count: number, at: PointRow = point, price = 12_300): Promise<Offer> => {
    const product = await createProduct(t.db.db, shop, { priceKopecks: price });
    await setStock(t.db.db, at, product, count);
    return { pointId: at.id, productId: product.id };
  };
  const set = (userId: string, line: Offer, quantity: number) =>
    basket().changeItem(userId, { warehouse_id: line.pointId, product_id: line.productId, quantity });
  const step = (userId: string, line: Offer, delta: number) =>
    basket().changeItem(userId, { warehouse_id: line.pointId, product_id: line.productId, delta });
  const held = async (userId: string) => quantities(await basket().getBasket(userId));
  const setCount = (line: Offer, count: number) =>
    t.db.db
      .update(stock)
      .set({ count })
      .where(and(eq(stock.pointId, line.pointId), eq(stock.productId, line.productId)));
  /** Fills a basket with `lines` lines of one piece each (written directly: the limit is what is tested). */
  const fill = async (userId: string, lines: number): Promise<Offer[]> => {
    const rows = await t.db.db
      .insert(products)
      .values(
        Array.from({ length: lines }, (_, index) => ({
          slug: `filler-${randomUUID()}`,
          name: `Товар ${index}`,
          storeId: shop.id,
          priceKopecks: 100,
          weightGrams: 100,
        })),
      )
      .returning({ id: products.id });
    await t.db.db
      .insert(stock)
      .values(rows.map((row) => ({ pointId: point.id, productId: row.id, count: 10 })));
    await t.db.db.insert(baskets).values({ userId }).onConflictDoNothing();
    await t.db.db
      .insert(basketItems)
      .values(rows.map((row) => ({ userId, pointId: point.id, productId: row.id, quantity: 1 })));
    return rows.map((row) => ({ pointId: point.id, productId: row.id }));
  };

  beforeAll(async () => {
    t = await createTestServices(kind);
    city = await createCity(t.db.db);
    shop = await createStore(t.db.db);
    point = await createPoint(t.db.db, shop, city);
    secondPoint = await createPoint(t.db.db, shop, city);
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('changing a line', () => {
    it('sets a quantity and answers the whole basket with the point’s price and stock', async () => {
      const anna = await customer();
      const line = await offer(7, point, 4_500);
      const answer = await set(anna, line, 3);
      expect(answer).toEqual({
        [line.pointId]: [
          expect.objectContaining({
            product: expect.objectContaining({ _id: line.productId, price: 4_500, count: 7 }),
            quantity: 3,
            is_over_stock: false,
          }),
        ],
      });
      expect(await basket().getBasket(anna)).toEqual(answer);
    });

    it('caps a quantity at the point’s stock', async () => {
      const anna = await customer();
      const line = await offer(4);
      expect(quantities(await set(anna, line, 9))).toEqual({ [line.pointId]: { [line.productId]: 4 } });
      expect(quantities(await set(anna, line, 2))).toEqual({ [line.pointId]: { [line.productId]: 2 } });
    });

    it('steps a line up and down, never below 0 or above the stock', async () => {
      const anna = await customer();
      const line = await offer(6);
      expect(quantities(await step(anna, line, 2))).toEqual({ [line.pointId]: { [line.productId]: 2 } });
      expect(quantities(await step(anna, line, 3))).toEqual({ [line.pointId]: { [line.productId]: 5 } });
      expect(quantities(await step(anna, line, 3))).toEqual({ [line.pointId]: { [line.productId]: 6 } });
      expect(quantities(await step(anna, line, -4))).toEqual({ [line.pointId]: { [line.productId]: 2 } });
      expect(quantities(await step(anna, line, -5))).toEqual({});
    });

    it('removes a line set to 0 and drops its point when the group is empty', async () => {
      const anna = await customer();
      const first = await offer(5);
      const second = await offer(5);
      await set(anna, first, 1);
      await set(anna, second, 2);
      expect(quantities(await set(anna, first, 0))).toEqual({ [point.id]: { [second.productId]: 2 } });
      expect(await set(anna, second, 0)).toEqual({});
    });

    it('does nothing for 0 of a line that is not in the basket, not even checking the ids', async () => {
      const anna = await customer();
      const line = await offer(5);
      expect(await set(anna, line, 0)).toEqual({});
      expect(await step(anna, line, -1)).toEqual({});
      const unknown = { pointId: randomUUID(), productId: randomUUID() };
      expect(await set(anna, unknown, 0)).toEqual({});
      expect(await step(anna, unknown, -3)).toEqual({});
    });

    it('tells an unknown point, an unknown product and a product the point does not sell apart', async () => {
      const anna = await customer();
      const line = await offer(5);
      const unsold = await createProduct(t.db.db, shop);
      expect(await failure(set(anna, { pointId: randomUUID(), productId: line.productId }, 1))).toMatchObject(
        {
          code: 'not_found',
          message: POINT_NOT_FOUND,
        },
      );
      expect(await failure(set(anna, { pointId: point.id, productId: randomUUID() }, 1))).toMatchObject({
        code: 'not_found',
        message: PRODUCT_NOT_FOUND,
      });
      expect(await failure(step(anna, { pointId: point.id, productId: unsold.id }, 1))).toMatchObject({
        code: 'bad_request',
        message: 'Этот товар не продаётся в выбранной точке',
      });
      // Another shop's product at this point is not sold here either.
      const otherShop = await createStore(t.db.db);
      const foreign = await createProduct(t.db.db, otherShop);
      await setStock(t.db.db, point, foreign, 5);
      expect(await failure(set(anna, { pointId: point.id, productId: foreign.id }, 1))).toMatchObject({
        code: 'bad_request',
        message: NOT_SOLD_AT_POINT,
      });
      expect(await basket().getBasket(anna)).toEqual({});
    });

    it('adds nothing of a product the point has sold out', async () => {
      const anna = await customer();
      const line = await offer(0);
      expect(await set(anna, line, 2)).toEqual({});
      expect(await step(anna, line, 1)).toEqual({});
    });

    it('shows a line whose stock fell below it, and caps it at its next change, a step down included', async () => {
      const anna = await customer();
      const line = await offer(8);
      await set(anna, line, 6);
      await setCount(line, 3);
      const shown = await basket().getBasket(anna);
      expect(shown[line.pointId]?.[0]).toMatchObject({ quantity: 6, is_over_stock: true });
      expect(quantities(await step(anna, line, -1))).toEqual({ [line.pointId]: { [line.productId]: 3 } });
    });

    it('takes a line out at its next change when the point stopped selling the product', async () => {
      const anna = await customer();
      const line = await offer(8);
      await set(anna, line, 2);
      await t.db.db
        .delete(stock)
        .where(and(eq(stock.pointId, line.pointId), eq(stock.productId, line.productId)));
      expect((await basket().getBasket(anna))[line.pointId]?.[0]).toMatchObject({
        quantity: 2,
        is_over_stock: true,
      });
      expect(await set(anna, line, 3)).toEqual({});
    });

    it('keeps groups and lines in the order they were added; a change keeps the line’s place', async () => {
      const anna = await customer();
      const a = await offer(9);
      const b = await offer(9, secondPoint);
      const c = await offer(9);
      await set(anna, a, 1);
      await set(anna, b, 1);
      await set(anna, c, 1);
      const answer = await set(anna, a, 4);
      expect(Object.keys(answer)).toEqual([point.id, secondPoint.id]);
      expect(answer[point.id]?.map((item) => [item.product._id, item.quantity])).toEqual([
        [a.productId, 4],
        [c.productId, 1],
      ]);
    });

    it(`refuses a new line beyond ${BASKET_MAX_LINES} and still changes the lines already there`, async () => {
      const anna = await customer();
      const [first] = await fill(anna, BASKET_MAX_LINES - 1);
      const last = await offer(5);
      const extra = await offer(5);
      expect(quantities(await set(anna, last, 1))[point.id]?.[last.productId]).toBe(1);
      expect(await failure(set(anna, extra, 1))).toMatchObject({
        code: 'bad_request',
        message: BASKET_FULL_MESSAGE,
      });
      expect(await failure(step(anna, extra, 1))).toMatchObject({ message: BASKET_FULL_MESSAGE });
      if (!first) throw new Error('no lines filled');
      expect(quantities(await set(anna, first, 3))[point.id]?.[first.productId]).toBe(3);
      expect(quantities(await set(anna, last, 0))[point.id]?.[last.productId]).toBeUndefined();
    });
  });

  describe('adding lines on top (a set put into the basket)', () => {
    it('adds nothing for no lines', async () => {
      expect(await basket().addItems(await customer(), [])).toEqual([]);
    });

    it('adds on top of what the basket holds, capped at the stock, and tells what fell short', async () => {
      const anna = await customer();
      const topped = await offer(10);
      const capped = await offer(4);
      const fresh = await offer(3);
      await set(anna, topped, 2);
      await set(anna, capped, 2);
      const results = await basket().addItems(anna, [
        { ...topped, quantity: 3 },
        { ...capped, quantity: 5 },
        { ...fresh, quantity: 3 },
      ]);
      expect(results).toEqual([
        { ...topped, quantity: 3, added: 3, shortfall: null },
        { ...capped, quantity: 5, added: 2, shortfall: 'limited' },
        { ...fresh, quantity: 3, added: 3, shortfall: null },
      ]);
      expect(await held(anna)).toEqual({
        [point.id]: { [topped.productId]: 5, [capped.productId]: 4, [fresh.productId]: 3 },
      });
    });

    it('never lowers a line above a fallen stock, and adds nothing the point does not sell', async () => {
      const anna = await customer();
      const above = await offer(9);
      await set(anna, above, 6);
      await setCount(above, 3);
      const unsold = await createProduct(t.db.db, shop);
      const results = await basket().addItems(anna, [
        { ...above, quantity: 2 },
        { pointId: point.id, productId: unsold.id, quantity: 1 },
      ]);
      expect(results).toEqual([
        { ...above, quantity: 2, added: 0, shortfall: 'limited' },
        { pointId: point.id, productId: unsold.id, quantity: 1, added: 0, shortfall: 'limited' },
      ]);
      expect(await held(anna)).toEqual({ [point.id]: { [above.productId]: 6 } });
    });

    it('adds a product named twice once, with both quantities, capped', async () => {
      const anna = await customer();
      const line = await offer(6);
      const results = await basket().addItems(anna, [
        { ...line, quantity: 2 },
        { ...line, quantity: 3 },
        { ...line, quantity: 4 },
      ]);
      expect(results.map((result) => [result.added, result.shortfall])).toEqual([
        [2, null],
        [3, null],
        [1, 'limited'],
      ]);
      expect(await held(anna)).toEqual({ [point.id]: { [line.productId]: 6 } });
    });

    it(`stops new lines at ${BASKET_MAX_LINES}, still tops up lines already there`, async () => {
      const anna = await customer();
      const [first] = await fill(anna, BASKET_MAX_LINES - 2);
      if (!first) throw new Error('no lines filled');
      const soldOut = await offer(0);
      const a = await offer(5);
      const b = await offer(5);
      const c = await offer(5);
      const results = await basket().addItems(anna, [
        // A line that adds nothing takes no room.
        { ...soldOut, quantity: 1 },
        { ...a, quantity: 1 },
        { ...a, quantity: 1 },
        { ...b, quantity: 2 },
        { ...c, quantity: 1 },
        { ...first, quantity: 2 },
      ]);
      expect(results.map((result) => [result.added, result.shortfall])).toEqual([
        [0, 'limited'],
        [1, null],
        [1, null],
        [2, null],
        [0, 'basket_full'],
        [2, null],
      ]);
      const after = (await held(anna))[point.id] ?? {};
      expect(Object.keys(after)).toHaveLength(BASKET_MAX_LINES);
      expect(after).toMatchObject({ [a.productId]: 2, [b.productId]: 2, [first.productId]: 3 });
      expect(after[c.productId]).toBeUndefined();
    });
  });

  describe('the guest basket at login', () => {
    it('merges: nothing lost, the larger quantity wins, capped at the stock', async () => {
      const anna = await customer();
      const both = await offer(9);
      const serverLarger = await offer(9);
      const serverOnly = await offer(9);
      const guestOnly = await offer(9, secondPoint);
      const capped = await offer(3);
      await set(anna, both, 2);
      await set(anna, serverLarger, 5);
      await set(anna, serverOnly, 4);
      const merged = await basket().mergeBasket(anna, {
        [point.id]: [
          { product: both.productId, quantity: 5 },
          { product: serverLarger.productId, quantity: 1 },
          { product: capped.productId, quantity: 8 },
        ],
        [secondPoint.id]: [{ product: { _id: guestOnly.productId }, quantity: 1 }],
      });
      const expected = {
        [point.id]: {
          [both.productId]: 5,
          [serverLarger.productId]: 5,
          [serverOnly.productId]: 4,
          [capped.productId]: 3,
        },
        [secondPoint.id]: { [guestOnly.productId]: 1 },
      };
      expect(quantities(merged)).toEqual(expected);
      expect(await held(anna)).toEqual(expected);
      // Lines already there keep their place; new ones follow.
      expect(merged[point.id]?.map((item) => item.product._id)).toEqual([
        both.productId,
        serverLarger.productId,
        serverOnly.productId,
        capped.productId,
      ]);
    });

    it('takes a product named twice in a group at its larger quantity', async () => {
      const anna = await customer();
      const line = await offer(9);
      const merged = await basket().mergeBasket(anna, {
        [point.id]: [
          { product: line.productId, quantity: 2 },
          { product: line.productId, quantity: 6 },
          { product: line.productId, quantity: 3 },
        ],
      });
      expect(quantities(merged)).toEqual({ [point.id]: { [line.productId]: 6 } });
    });

    it('caps a line both baskets hold at today’s stock, and takes it out when nothing is left', async () => {
      const anna = await customer();
      const fallen = await offer(9);
      const gone = await offer(9);
      const kept = await offer(9);
      await set(anna, fallen, 7);
      await set(anna, gone, 2);
      await set(anna, kept, 1);
      await setCount(fallen, 4);
      await setCount(gone, 0);
      const merged = await basket().mergeBasket(anna, {
        [point.id]: [
          { product: fallen.productId, quantity: 1 },
          { product: gone.productId, quantity: 1 },
        ],
      });
      const expected = { [point.id]: { [fallen.productId]: 4, [kept.productId]: 1 } };
      expect(quantities(merged)).toEqual(expected);
      expect(await held(anna)).toEqual(expected);
      // A point whose only line goes is dropped.
      const lone = await offer(9, secondPoint);
      await set(anna, lone, 2);
      await setCount(lone, 0);
      expect(
        quantities(
          await basket().mergeBasket(anna, { [secondPoint.id]: [{ product: lone.productId, quantity: 3 }] }),
        ),
      ).toEqual(expected);
    });

    it('skips lines the points do not sell, and changes nothing for an empty upload', async () => {
      const anna = await customer();
      const line = await offer(9);
      await set(anna, line, 2);
      const otherShop = await createStore(t.db.db);
      const foreign = await createProduct(t.db.db, otherShop);
      await setStock(t.db.db, point, foreign, 5);
      const unsold = await createProduct(t.db.db, shop);
      const expected = { [point.id]: { [line.productId]: 2 } };
      expect(
        quantities(
          await basket().mergeBasket(anna, {
            [point.id]: [
              { product: foreign.id, quantity: 1 },
              { product: unsold.id, quantity: 1 },
            ],
            [randomUUID()]: [{ product: randomUUID(), quantity: 1 }],
          }),
        ),
      ).toEqual(expected);
      expect(quantities(await basket().mergeBasket(anna, {}))).toEqual(expected);
      expect(quantities(await basket().mergeBasket(anna, { [point.id]: [] }))).toEqual(expected);
    });
  });

  describe('the basket at checkout and by point', () => {
    it('locks and answers the lines in the order they were added; a point’s lines leave together', async () => {
      const anna = await customer();
      const a = await offer(9);
      const b = await offer(9, secondPoint);
      const c = await offer(9);
      await set(anna, a, 1);
      await set(anna, b, 2);
      await set(anna, c, 3);
      const lines = await t.db.db.transaction(async (tx) => {
        const locked = await basket().lockLines(tx, anna);
        await basket().removePointLines(tx, anna, point.id);
        return locked;
      });
      // With no choice for a missing item yet (ADR 055): the checkout's default applies.
      const unchosen = { onMissing: null, replacementId: null };
      expect(lines).toEqual([
        { ...a, quantity: 1, ...unchosen },
        { ...b, quantity: 2, ...unchosen },
        { ...c, quantity: 3, ...unchosen },
      ]);
      expect(await held(anna)).toEqual({ [secondPoint.id]: { [b.productId]: 2 } });
    });

    it('removes a point’s group and leaves the others', async () => {
      const anna = await customer();
      const a = await offer(9);
      const b = await offer(9, secondPoint);
      await set(anna, a, 1);
      await set(anna, b, 3);
      expect(quantities(await basket().removePoint(anna, point.id))).toEqual({
        [secondPoint.id]: { [b.productId]: 3 },
      });
      expect(quantities(await basket().removePoint(anna, point.id))).toEqual({
        [secondPoint.id]: { [b.productId]: 3 },
      });
    });
  });

  describe('the guest basket’s preview', () => {
    it('shows today’s prices and stock with the quantities as given, and leaves out the unknown', async () => {
      const short = await offer(2, point, 5_000);
      const plenty = await offer(50, secondPoint, 7_000);
      const otherShop = await createStore(t.db.db);
      const foreign = await createProduct(t.db.db, otherShop);
      const unsold = await createProduct(t.db.db, shop);
      const preview = await basket().previewBasket({
        [point.id]: [
          { product: short.productId, quantity: 3 },
          { product: short.productId, quantity: 5 },
          { product: foreign.id, quantity: 1 },
        ],
        [secondPoint.id]: [
          { product: { _id: plenty.productId }, quantity: 4 },
          { product: randomUUID(), quantity: 1 },
        ],
        [randomUUID()]: [{ product: plenty.productId, quantity: 1 }],
      });
      expect(preview).toEqual({
        [point.id]: [
          expect.objectContaining({
            product: expect.objectContaining({ _id: short.productId, price: 5_000, count: 2 }),
            quantity: 5,
            is_over_stock: true,
          }),
        ],
        [secondPoint.id]: [
          expect.objectContaining({
            product: expect.objectContaining({ _id: plenty.productId, price: 7_000, count: 50 }),
            quantity: 4,
            is_over_stock: false,
          }),
        ],
      });
      // A product of the shop the point has no stock row for is shown with nothing left.
      expect(await basket().previewBasket({ [point.id]: [{ product: unsold.id, quantity: 1 }] })).toEqual({
        [point.id]: [
          expect.objectContaining({ product: expect.objectContaining({ count: 0 }), is_over_stock: true }),
        ],
      });
      expect(await basket().previewBasket({})).toEqual({});
    });
  });
});
