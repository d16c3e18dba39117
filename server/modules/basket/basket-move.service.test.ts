/**
 * Issue 21: a basket line whose point cannot serve the shopper's address is moved, in one action, to a point
 * that can and sells the same product: the quantity goes over (capped at that point's stock, on top of any
 * line there), the old line leaves, all under the basket's lock; refusals change nothing.
 */
import type { Basket } from '@core/contracts/basket';
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
import { POINT_NOT_FOUND } from '../catalog/catalog.service';
import { NOT_IN_BASKET, NOT_SOLD_AT_POINT, SOLD_OUT_AT_POINT } from './basket.service';

function quantities(basket: Basket): Record<string, Record<string, number>> {
  return Object.fromEntries(
    Object.entries(basket).map(([pointId, items]) => [
      pointId,
      Object.fromEntries(items.map((item) => [item.product._id, item.quantity])),
    ]),
  );
}

describe.each(TEST_DATABASE_KINDS)('moving a basket line to another point on %s', (kind) => {
  let t: TestServices;
  let city: CityRow;
  let shop: StoreRow;
  let far: PointRow;
  let near: PointRow;

  beforeAll(async () => {
    t = await createTestServices(kind);
    city = await createCity(t.db.db);
    shop = await createStore(t.db.db);
    far = await createPoint(t.db.db, shop, city);
    near = await createPoint(t.db.db, shop, city);
  });

  afterAll(async () => {
    await t?.close();
  });

  const basket = () => t.services.basket;

  it('moves the whole quantity in one call, and the old point’s group is gone', async () => {
    const userId = (await createCustomer(t.db.db)).id;
    const product = await createProduct(t.db.db, shop);
    await setStock(t.db.db, far, product, 20);
    await setStock(t.db.db, near, product, 10);
    await basket().changeItem(userId, { warehouse_id: far.id, product_id: product.id, quantity: 3 });
    const answer = await basket().moveLine(userId, { productId: product.id, from: far.id, to: near.id });
    expect(quantities(answer)).toEqual({ [near.id]: { [product.id]: 3 } });
    expect(quantities(await basket().getBasket(userId))).toEqual({ [near.id]: { [product.id]: 3 } });
  });

  it('adds to a line already at the other point, capped at its stock', async () => {
    const userId = (await createCustomer(t.db.db)).id;
    const product = await createProduct(t.db.db, shop);
    await setStock(t.db.db, far, product, 20);
    await setStock(t.db.db, near, product, 6);
    await basket().changeItem(userId, { warehouse_id: far.id, product_id: product.id, quantity: 5 });
    await basket().changeItem(userId, { warehouse_id: near.id, product_id: product.id, quantity: 2 });
    const answer = await basket().moveLine(userId, { productId: product.id, from: far.id, to: near.id });
    expect(quantities(answer)).toEqual({ [near.id]: { [product.id]: 6 } });
  });

  it('carries the line’s choice for a missing item, and its pick only where the other point sells it', async () => {
    const userId = (await createCustomer(t.db.db)).id;
    const product = await createProduct(t.db.db, shop, { name: 'Молоко 2,5 %' });
    const kefir = await createProduct(t.db.db, shop, { name: 'Кефир 2,5 %' });
    const third = await createPoint(t.db.db, shop, city);
    for (const point of [far, near, third]) await setStock(t.db.db, point, product, 10);
    await setStock(t.db.db, far, kefir, 5);
    await setStock(t.db.db, near, kefir, 5);
    await setStock(t.db.db, third, kefir, 0);
    const lineAt = (answer: Basket, pointId: string) =>
      answer[pointId]?.find((item) => item.product._id === product.id);
    await basket().changeItem(userId, { warehouse_id: far.id, product_id: product.id, quantity: 2 });
    await basket().chooseOnMissing(
      userId,
      {
        pointId: far.id,
        productId: product.id,
        onMissing: 'similar',
        replacementId: kefir.id,
      },
      '127.0.0.1',
    );

    const moved = await basket().moveLine(userId, { productId: product.id, from: far.id, to: near.id });
    expect(lineAt(moved, near.id)).toMatchObject({
      on_missing: 'similar',
      replacement: { product: kefir.id },
    });
    // The third point has no kefir: the choice goes, the pick stays behind.
    const again = await basket().moveLine(userId, { productId: product.id, from: near.id, to: third.id });
    expect(lineAt(again, third.id)).toMatchObject({ on_missing: 'similar', replacement: null });

    // A line already at the other point keeps its own choice.
    await basket().changeItem(userId, { warehouse_id: near.id, product_id: product.id, quantity: 1 });
    await basket().chooseOnMissing(
      userId,
      {
        pointId: near.id,
        productId: product.id,
        onMissing: 'remove',
        replacementId: null,
      },
      '127.0.0.1',
    );
    const merged = await basket().moveLine(userId, { productId: product.id, from: third.id, to: near.id });
    expect(lineAt(merged, near.id)).toMatchObject({ quantity: 3, on_missing: 'remove', replacement: null });
  });

  it('refuses a point that does not sell the product, or has none left, or is unknown, and keeps the line', async () => {
    const userId = (await createCustomer(t.db.db)).id;
    const product = await createProduct(t.db.db, shop);
    await setStock(t.db.db, far, product, 20);
    await basket().changeItem(userId, { warehouse_id: far.id, product_id: product.id, quantity: 2 });
    const before = quantities(await basket().getBasket(userId));

    const notSold = await failure(
      basket().moveLine(userId, { productId: product.id, from: far.id, to: near.id }),
    );
    expect([notSold.status, notSold.message]).toEqual([400, NOT_SOLD_AT_POINT]);

    await setStock(t.db.db, near, product, 0);
    const soldOut = await failure(
      basket().moveLine(userId, { productId: product.id, from: far.id, to: near.id }),
    );
    expect([soldOut.status, soldOut.message]).toEqual([409, SOLD_OUT_AT_POINT]);

    const unknown = await failure(
      basket().moveLine(userId, {
        productId: product.id,
        from: far.id,
        to: '00000000-0000-4000-8000-000000000000',
      }),
    );
    expect([unknown.status, unknown.message]).toEqual([404, POINT_NOT_FOUND]);
    expect(quantities(await basket().getBasket(userId))).toEqual(before);
  });

  it('refuses a line that is not in the basket (moved already, in another tab)', async () => {
    const userId = (await createCustomer(t.db.db)).id;
    const product = await createProduct(t.db.db, shop);
    await setStock(t.db.db, near, product, 5);
    const error = await failure(
      basket().moveLine(userId, { productId: product.id, from: far.id, to: near.id }),
    );
    expect([error.status, error.message]).toEqual([409, NOT_IN_BASKET]);
    expect(await basket().getBasket(userId)).toEqual({});
  });
});
