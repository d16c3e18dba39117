/**
 * Similar products for those a shopper's area no longer has (a favourites list's gone items, ADR 019): a
 * shelf per category (per shop when a product has none), its most popular in-area products, all the shelves
 * in one statement (issue 26).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import {
  createCity,
  createPoint,
  createProduct,
  createStore,
  type PointRow,
  type ProductRow,
  type StoreRow,
  setStock,
} from '../../../tests/setup/service-fixtures';
import { createTestServices, type TestServices } from '../../../tests/setup/services';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema/index';
import { categories, products } from '../../db/schema/index';
import { createCatalogService } from './catalog.service';

/**
 * The same database through a Drizzle instance that counts the statements it sends (its logger sees each
 * execution, a union of shelves included), and a catalogue service on it.
 */
async function countingCatalogue(t: TestServices) {
  let statements = 0;
  const logger = {
    logQuery: () => {
      statements += 1;
    },
  };
  const client = (t.db.db as unknown as { $client: unknown }).$client;
  const db = (t.db.kind === 'pglite'
    ? (await import('drizzle-orm/pglite')).drizzle(client as never, { schema, logger })
    : (await import('drizzle-orm/node-postgres')).drizzle(client as never, {
        schema,
        logger,
      })) as unknown as Db;
  return {
    catalog: createCatalogService({ db, clock: t.clock }, { cacheTtlMs: 0 }),
    statements: () => statements,
  };
}

describe.each(TEST_DATABASE_KINDS)('similar products on %s', (kind) => {
  let t: TestServices;
  let counted: Awaited<ReturnType<typeof countingCatalogue>>;
  let shop: StoreRow;
  let otherShop: StoreRow;
  let near: PointRow;
  let far: PointRow;
  let scope: { cityId: string };

  const category = async () => {
    const [row] = await t.db.db
      .insert(categories)
      .values({ slug: `category-${randomUUID()}`, name: 'Категория' })
      .returning();
    if (!row) throw new Error('no category inserted');
    return row.id;
  };
  /** A product of `store` in `categoryId` (or none), with `popularity`, stocked at `at`. */
  const product = async (
    store: StoreRow,
    categoryId: string | null,
    popularity: number,
    at: PointRow,
  ): Promise<ProductRow> => {
    const row = await createProduct(t.db.db, store);
    await t.db.db.update(products).set({ categoryId, popularity }).where(eq(products.id, row.id));
    await setStock(t.db.db, at, row, 5);
    return row;
  };

  beforeAll(async () => {
    t = await createTestServices(kind);
    counted = await countingCatalogue(t);
    const city = await createCity(t.db.db);
    const otherCity = await createCity(t.db.db);
    shop = await createStore(t.db.db);
    otherShop = await createStore(t.db.db);
    near = await createPoint(t.db.db, shop, city);
    far = await createPoint(t.db.db, shop, otherCity);
    await createPoint(t.db.db, otherShop, city);
    scope = { cityId: city.id };
  });

  afterAll(async () => {
    await t?.close();
  });

  it('gives each gone product its own shelf’s most popular in-area products, every shelf in one statement', async () => {
    const [dairy, bread] = [await category(), await category()];
    // Gone from the city: stocked only at the far point.
    const goneMilk = await product(shop, dairy, 1, far);
    const goneKefir = await product(shop, dairy, 1, far);
    const goneLoaf = await product(shop, bread, 1, far);
    const goneUncategorised = await product(shop, null, 1, far);
    // In the city, most popular first within each shelf.
    const cream = await product(shop, dairy, 30, near);
    const butter = await product(shop, dairy, 20, near);
    const yoghurt = await product(shop, dairy, 10, near);
    const bun = await product(shop, bread, 50, near);
    const farOnly = await product(shop, bread, 90, far);

    const before = counted.statements();
    const similar = await counted.catalog.listSimilar(
      [goneMilk.id, goneKefir.id, goneLoaf.id, goneUncategorised.id],
      scope,
      2,
    );
    // The gone products' categories, then all three shelves at once.
    expect(counted.statements() - before).toBe(2);

    const ids = (id: string) => similar.get(id)?.map((card) => card._id);
    expect(ids(goneMilk.id)).toEqual([cream.id, butter.id]);
    expect(ids(goneKefir.id)).toEqual([cream.id, butter.id]);
    expect(ids(goneLoaf.id)).toEqual([bun.id]);
    expect(ids(goneLoaf.id)).not.toContain(farOnly.id);
    // No category: the shop's shelf, across its categories, in the area only.
    expect(ids(goneUncategorised.id)).toEqual([bun.id, cream.id]);
    expect(similar.get(goneMilk.id)?.[0]?.offer).toMatchObject({ point: near.id, count: 5 });
    expect(ids(goneMilk.id)).not.toContain(yoghurt.id);

    // One statement text for any number of shelves (it is named): one shelf after three, on the same pool.
    const again = await counted.catalog.listSimilar([goneLoaf.id], scope, 2);
    expect(again.get(goneLoaf.id)?.map((card) => card._id)).toEqual([bun.id]);
  });

  it('reads nothing more for no gone products', async () => {
    const before = counted.statements();
    expect(await counted.catalog.listSimilar([], scope)).toEqual(new Map());
    expect(counted.statements() - before).toBeLessThanOrEqual(1);
  });
});
