import {
  CatalogQuerySchema,
  CategorySchema,
  PointSchema,
  ProductCardSchema,
  ProductDetailSchema,
  ProductPageSchema,
  StoreDetailSchema,
  StoreSchema,
} from '@core/contracts/catalog';
import { ErrorBodySchema } from '@core/contracts/common';
import { z } from '@core/contracts/z';
import { CATALOG_PAGE_SIZE } from '@core/rules/catalog';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { runsOn, TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { cities, deliveryZones, points, pointZones, products, stock } from '../../db/schema/index';

describe.each(TEST_DATABASE_KINDS)('catalogue API on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });

  afterAll(async () => {
    await t?.close();
  });

  async function get<T>(url: string, schema: z.ZodType<T>, query?: Record<string, string>): Promise<T> {
    const response = await t.app.inject({ method: 'GET', url, query });
    expect(response.statusCode, `${url} ${JSON.stringify(query)}: ${response.body.slice(0, 200)}`).toBe(200);
    return schema.parse(response.json());
  }

  async function expectError(url: string, status: number, query?: Record<string, string>) {
    const response = await t.app.inject({ method: 'GET', url, query });
    expect(response.statusCode, url).toBe(status);
    expect(ErrorBodySchema.parse(response.json()).message).toMatch(/[а-яё]/i);
  }

  describe('GET /api/catalog/products', () => {
    it('answers the first 48 in-stock products by popularity, with the total', async () => {
      const page = await get('/api/catalog/products', ProductPageSchema);
      expect(page.products).toHaveLength(CATALOG_PAGE_SIZE);
      expect(page.total).toBeGreaterThan(250);
      expect(page.pages).toBe(Math.ceil(page.total / CATALOG_PAGE_SIZE));
      expect(page.products.every((product) => product.in_stock)).toBe(true);
      // Before any address: the default city's points (ADR 038).
      const [inStock] = await t.db.db
        .select({ value: sql<number>`count(distinct ${stock.productId})::int` })
        .from(stock)
        .innerJoin(points, eq(points.id, stock.pointId))
        .innerJoin(cities, eq(cities.id, points.cityId))
        .where(and(sql`${stock.count} > 0`, eq(cities.isDefault, true)));
      expect(page.total).toBe(inStock?.value);
    });

    it('pages through everything without repeats', async () => {
      const first = await get('/api/catalog/products', ProductPageSchema);
      const seen = new Set<string>();
      for (let page = 1; page <= first.pages; page += 1) {
        const { products: items } = await get('/api/catalog/products', ProductPageSchema, {
          page: String(page),
        });
        for (const item of items) {
          expect(seen.has(item._id)).toBe(false);
          seen.add(item._id);
        }
      }
      expect(seen.size).toBe(first.total);
    });

    it('keeps the total on a page past the end, which has no rows to carry it', async () => {
      const first = await get('/api/catalog/products', ProductPageSchema);
      const beyond = await get('/api/catalog/products', ProductPageSchema, { page: String(first.pages + 5) });
      expect(beyond.products).toEqual([]);
      expect(beyond.total).toBe(first.total);
      expect(beyond.pages).toBe(first.pages);
    });

    it.each([
      [
        'price-asc',
        (a: z.infer<typeof ProductCardSchema>, b: z.infer<typeof ProductCardSchema>) => a.price <= b.price,
      ],
      [
        'price-desc',
        (a: z.infer<typeof ProductCardSchema>, b: z.infer<typeof ProductCardSchema>) => a.price >= b.price,
      ],
      [
        'discount',
        (a: z.infer<typeof ProductCardSchema>, b: z.infer<typeof ProductCardSchema>) =>
          a.discount >= b.discount,
      ],
    ] as const)('sorts by %s', async (sort, isOrdered) => {
      const { products: items } = await get('/api/catalog/products', ProductPageSchema, { sort });
      for (let i = 1; i < items.length; i += 1) {
        const [a, b] = [items[i - 1], items[i]];
        if (a && b) expect(isOrdered(a, b), `${a.name} / ${b.name}`).toBe(true);
      }
    });

    it('puts new products first with sort=new', async () => {
      const { products: items } = await get('/api/catalog/products', ProductPageSchema, { sort: 'new' });
      expect(items[0]?.is_new).toBe(true);
    });

    it('filters by a parent category including its children, by shop, price range and discount', async () => {
      const categories = await get('/api/categories', z.array(CategorySchema));
      const parent = categories.find((category) => category.slug === 'ovoshchi-i-frukty');
      const children = new Set(
        categories.filter((category) => category.parent === parent?._id).map((c) => c._id),
      );
      expect(children.size).toBeGreaterThan(0);
      const byCategory = await get('/api/catalog/products', ProductPageSchema, {
        category: 'ovoshchi-i-frukty',
      });
      expect(byCategory.total).toBeGreaterThan(0);
      for (const item of byCategory.products) {
        const detail = await get(`/api/products/${item.slug}`, ProductDetailSchema);
        expect(detail.category?._id === parent?._id || children.has(detail.category?._id ?? '')).toBe(true);
      }

      const stores = await get('/api/stores', z.array(StoreSchema));
      const dairy = stores.find((store) => store.slug === 'molochnaya-reka');
      for (const key of [dairy?.slug ?? '', dairy?._id ?? '']) {
        const byStore = await get('/api/catalog/products', ProductPageSchema, { store: key });
        expect(byStore.total).toBeGreaterThan(0);
        expect(byStore.products.every((item) => item.store._id === dairy?._id)).toBe(true);
      }

      const ranged = await get('/api/catalog/products', ProductPageSchema, { min: '100', max: '200' });
      expect(ranged.total).toBeGreaterThan(0);
      expect(ranged.products.every((item) => item.price >= 10_000 && item.price <= 20_000)).toBe(true);

      const discounted = await get('/api/catalog/products', ProductPageSchema, { discount: '1' });
      expect(discounted.total).toBeGreaterThan(0);
      expect(discounted.products.every((item) => item.discount > 0)).toBe(true);
    });

    it('rejects bad filters with 400 and unknown ones with 404', async () => {
      await expectError('/api/catalog/products', 400, { sort: 'cheapest' });
      await expectError('/api/catalog/products', 400, { page: '0' });
      await expectError('/api/catalog/products', 400, { min: 'дёшево' });
      await expectError('/api/catalog/products', 404, { category: 'no-such-category' });
      await expectError('/api/catalog/products', 404, { store: 'no-such-shop' });
    });

    it('narrows to the assortment of a delivery zone or a pickup point', async () => {
      const [zone] = await t.db.db.select().from(deliveryZones).limit(1);
      const zoneId = zone?.id ?? '';
      const resolved = await t.app.services.catalog.resolveCatalog({}, CatalogQuerySchema.parse({}));
      const inZone = await t.app.services.catalog.listProducts(resolved, { zoneId });
      const everywhere = await t.app.services.catalog.listProducts(resolved);
      expect(inZone.total).toBeGreaterThan(0);
      expect(inZone.total).toBeLessThan(everywhere.total);
      for (const item of inZone.products) {
        const [row] = await t.db.db
          .select({ value: sql<number>`count(*)::int` })
          .from(stock)
          .innerJoin(pointZones, eq(pointZones.pointId, stock.pointId))
          .where(and(eq(stock.productId, item._id), eq(pointZones.zoneId, zoneId), sql`${stock.count} > 0`));
        expect(row?.value, item.name).toBeGreaterThan(0);
      }
    });
  });

  describe('shops and points', () => {
    it('lists shops and answers one by id or slug with its points', async () => {
      const stores = await get('/api/stores', z.array(StoreSchema));
      expect(stores.length).toBeGreaterThanOrEqual(6);
      const store = stores[0];
      const bySlug = await get(`/api/stores/${store?.slug}`, StoreDetailSchema);
      const byId = await get(`/api/stores/${store?._id}`, StoreDetailSchema);
      expect(byId).toEqual(bySlug);
      expect(bySlug.points.length).toBe(store?.points_count);
      await expectError('/api/stores/no-such-shop', 404);
    });

    it('answers GET /api/store/{id}/points', async () => {
      const stores = await get('/api/stores', z.array(StoreSchema));
      const points = await get(`/api/store/${stores[1]?._id}/points`, z.array(PointSchema));
      expect(points.length).toBeGreaterThanOrEqual(2);
      for (const point of points) {
        expect(point.store._id).toBe(stores[1]?._id);
        expect(point.zones.length).toBeGreaterThan(0);
        expect(Object.keys(point.schedule).length).toBeGreaterThanOrEqual(6);
      }
      await expectError('/api/store/00000000-0000-4000-8000-000000000000/points', 404);
    });

    it('answers GET /api/points/list in the order asked, comma-separated or repeated', async () => {
      const stores = await get('/api/stores', z.array(StoreSchema));
      const [a, b] = await get(`/api/store/${stores[0]?._id}/points`, z.array(PointSchema));
      const ids = [b?._id ?? '', a?._id ?? ''];
      const joined = await get('/api/points/list', z.array(PointSchema), { points: ids.join(',') });
      expect(joined.map((point) => point._id)).toEqual(ids);
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/points/list?points=${ids[0]}&points=${ids[1]}`,
      });
      expect(
        z
          .array(PointSchema)
          .parse(response.json())
          .map((point) => point._id),
      ).toEqual(ids);
      const unknown = await get('/api/points/list', z.array(PointSchema), {
        points: '00000000-0000-4000-8000-000000000000',
      });
      expect(unknown).toEqual([]);
      await expectError('/api/points/list', 400, { points: 'not-an-id' });
    });
  });

  describe('products', () => {
    it('answers a product by slug and by id, with stock per point and the zones each point serves', async () => {
      const { products: items } = await get('/api/catalog/products', ProductPageSchema);
      const card = items[0];
      const bySlug = await get(`/api/products/${card?.slug}`, ProductDetailSchema);
      const byId = await get(`/api/products/${card?._id}`, ProductDetailSchema);
      expect(byId).toEqual(bySlug);
      expect(bySlug.imgs.length).toBeGreaterThan(0);
      expect(bySlug.warehouse.length).toBeGreaterThan(0);
      const rows = await t.db.db.select().from(stock).where(eq(stock.productId, bySlug._id));
      expect(bySlug.warehouse.map((entry) => entry.count).sort()).toEqual(
        rows.map((row) => row.count).sort(),
      );
      for (const entry of bySlug.warehouse) expect(entry.zone.length).toBeGreaterThan(0);
      await expectError('/api/products/no-such-product', 404);
      await expectError('/api/products/00000000-0000-4000-8000-000000000000', 404);
    });

    it('answers related products from the same category, never the product itself', async () => {
      const [row] = await t.db.db.select().from(products).limit(1);
      const related = await get(`/api/products/${row?.slug}/related`, z.array(ProductCardSchema));
      expect(related.length).toBeGreaterThan(0);
      expect(related.some((item) => item._id === row?.id)).toBe(false);
    });
  });
});

describe.runIf(runsOn('pglite'))('GET /api/openapi.json', () => {
  it('describes the API from the Zod contracts', async () => {
    const t = await createTestApp('pglite', { seed: false });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(response.statusCode).toBe(200);
      const document = response.json() as {
        openapi: string;
        paths: Record<string, Record<string, { parameters?: { name: string }[]; responses: object }>>;
      };
      expect(document.openapi).toMatch(/^3\./);
      for (const path of [
        '/api/search',
        '/api/settings',
        '/api/pages',
        '/api/store/{id}/points',
        '/api/points/list',
      ]) {
        expect(document.paths[path], path).toBeDefined();
      }
      expect(document.paths['/api/search']?.get?.parameters?.map((p) => p.name)).toContain('q');
      expect(document.paths['/api/catalog/products']?.get?.responses).toHaveProperty('200');
    } finally {
      await t.close();
    }
  });
});
