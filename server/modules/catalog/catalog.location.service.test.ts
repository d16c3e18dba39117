/**
 * Issue 21, location first: before any address the assortment is the visitor's city's (a fresh visitor was
 * offered a product from another city's point); which shops serve a shopper's area (/shops marks them, a shop
 * that does not says so instead of looking empty); and a shop's page lists only categories with products.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import {
  type CityRow,
  createCity,
  createPoint,
  createProduct,
  createStore,
  createZone,
  type PointRow,
  type ProductRow,
  type StoreRow,
  setStock,
  type ZoneRow,
} from '../../../tests/setup/service-fixtures';
import { createTestServices, type TestServices } from '../../../tests/setup/services';
import { categories, products } from '../../db/schema/index';

describe.each(TEST_DATABASE_KINDS)('the catalogue by location on %s', (kind) => {
  let s: TestServices;
  let home: CityRow;
  let other: CityRow;
  let zone: ZoneRow;
  let otherZone: ZoneRow;
  /** Delivers to `zone` in the home city. */
  let serving: StoreRow;
  /** Only a pickup point in the home city that delivers nowhere, and a big point in the other city. */
  let elsewhere: StoreRow;
  let servingPoint: PointRow;
  let homePickup: PointRow;
  let farPoint: PointRow;
  let cheese: ProductRow;
  let parent: string;
  let child: string;
  let empty: string;

  beforeAll(async () => {
    s = await createTestServices(kind);
    const db = s.db.db;
    home = await createCity(db);
    other = await createCity(db);
    zone = await createZone(db, home);
    otherZone = await createZone(db, other);
    serving = await createStore(db);
    elsewhere = await createStore(db);
    servingPoint = await createPoint(db, serving, home, { zones: [zone] });
    homePickup = await createPoint(db, elsewhere, home, { isPickup: true });
    farPoint = await createPoint(db, elsewhere, other, { zones: [otherZone] });
    const inserted = await db
      .insert(categories)
      .values([
        { slug: `dairy-${randomUUID()}`, name: 'Молочное' },
        { slug: `empty-${randomUUID()}`, name: 'Пусто' },
      ])
      .returning();
    parent = inserted[0]?.id ?? '';
    empty = inserted[1]?.id ?? '';
    const [cheeses] = await db
      .insert(categories)
      .values({ slug: `cheese-${randomUUID()}`, name: 'Сыры', parentId: parent })
      .returning();
    child = cheeses?.id ?? '';
    // The other city's point has far more: with every point counting, its offer would win.
    cheese = await createProduct(db, elsewhere, { name: 'Сыр Российский' });
    await db.update(products).set({ categoryId: child }).where(eq(products.id, cheese.id));
    await setStock(db, homePickup, cheese, 3);
    await setStock(db, farPoint, cheese, 50);
    const gone = await createProduct(db, elsewhere);
    await db.update(products).set({ categoryId: empty }).where(eq(products.id, gone.id));
    await setStock(db, homePickup, gone, 0);
    const milk = await createProduct(db, serving);
    await db.update(products).set({ categoryId: parent }).where(eq(products.id, milk.id));
    await setStock(db, servingPoint, milk, 10);
  });

  afterAll(async () => {
    await s?.close();
  });

  it('offers a product from a point of the visitor’s city before any address, however much another city has', async () => {
    const { catalog } = s.services;
    const inCity = await catalog.getProduct(cheese.slug, { cityId: home.id });
    expect(inCity.offer?.point).toBe(homePickup.id);
    expect(
      inCity.warehouse
        .map((entry) => [entry.point._id, entry.in_area])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    ).toEqual(
      [
        [homePickup.id, true],
        [farPoint.id, false],
      ].sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
    expect((await catalog.getProduct(cheese.slug, { cityId: other.id })).offer?.point).toBe(farPoint.id);
    // No scope at all (the API for clients without a cookie): every point, the most stock.
    expect((await catalog.getProduct(cheese.slug)).offer?.point).toBe(farPoint.id);
  });

  it('tells which shops serve an area: a zone, a pickup point, a city', async () => {
    const { catalog } = s.services;
    const ids = async (scope: Parameters<typeof catalog.listStoreIdsServing>[0]) =>
      [...(await catalog.listStoreIdsServing(scope))]
        .filter((id) => id === serving.id || id === elsewhere.id)
        .sort();
    expect(await ids({ zoneId: zone.id })).toEqual([serving.id]);
    expect(await ids({ zoneId: otherZone.id })).toEqual([elsewhere.id]);
    expect(await ids({ pointId: homePickup.id })).toEqual([elsewhere.id]);
    expect(await ids({ cityId: home.id })).toEqual([serving.id, elsewhere.id].sort());
  });

  it('lists a shop’s categories that hold a product in stock in the area, with their parents, and no others', async () => {
    const { catalog } = s.services;
    const names = async (
      where: { storeId: string; pointId?: string },
      scope?: { cityId?: string; zoneId?: string },
    ) => (await catalog.listStoreCategories(where, scope)).map((category) => category._id);
    // «Пусто» has a product with no stock: not listed. «Сыры» brings its parent «Молочное».
    expect(await names({ storeId: elsewhere.id }, { cityId: home.id })).toEqual(
      expect.arrayContaining([parent, child]),
    );
    expect(await names({ storeId: elsewhere.id }, { cityId: home.id })).not.toContain(empty);
    expect(await names({ storeId: elsewhere.id }, { cityId: home.id })).toHaveLength(2);
    expect(await names({ storeId: serving.id }, { zoneId: zone.id })).toEqual([parent]);
    // A shop that does not serve the zone has no category there.
    expect(await names({ storeId: elsewhere.id }, { zoneId: zone.id })).toEqual([]);
    // One point's categories.
    expect(await names({ storeId: elsewhere.id, pointId: farPoint.id })).toHaveLength(2);
    expect(await names({ storeId: serving.id, pointId: servingPoint.id }, { zoneId: otherZone.id })).toEqual(
      [],
    );
  });
});
