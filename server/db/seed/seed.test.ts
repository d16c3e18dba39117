import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { asc, count, eq, ilike, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkGroupSchema, SocialsSchema } from '../../../core/contracts/content';
import { z } from '../../../core/contracts/z';
import { isPointInPolygon, type LngLat } from '../../../core/rules/geo';
import { openTestDatabase } from '../../../tests/setup/database';
import type { DbHandle } from '../client';
import {
  articles,
  categories,
  cities,
  deliveryZones,
  pages,
  points,
  pointZones,
  products,
  recipeIngredientProducts,
  recipeIngredients,
  recipes,
  siteSettings,
  stock,
  stores,
  vacancies,
} from '../schema/index';
import { isDatabaseEmpty, type SeedSummary, seedDemo, seedLargeCatalog } from './index';

const NOW = new Date('2025-06-01T09:00:00Z');
const DAY_MS = 86_400_000;

/** An empty migrated PGlite database: a copy of the run's template (tests/setup/templates.ts), no initdb. */
async function openMigrated(): Promise<DbHandle> {
  return openTestDatabase('pglite');
}

describe('seedDemo', () => {
  let handle: DbHandle;
  let imagesDir: string;
  let wasEmpty: boolean;
  let summary: SeedSummary;

  beforeAll(async () => {
    imagesDir = await mkdtemp(path.join(tmpdir(), 'fresh-seed-'));
    handle = await openMigrated();
    wasEmpty = await isDatabaseEmpty(handle.db);
    summary = await seedDemo(handle.db, { imagesDir, now: NOW });
  });

  afterAll(async () => {
    await handle?.close();
    if (imagesDir) await rm(imagesDir, { recursive: true, force: true });
  });

  it('flips isDatabaseEmpty', async () => {
    expect(wasEmpty).toBe(true);
    expect(await isDatabaseEmpty(handle.db)).toBe(false);
  });

  it('creates Yaroslavl (default) and Kostroma with coloured zones', async () => {
    const cityRows = await handle.db.select().from(cities).orderBy(asc(cities.sort));
    expect(cityRows.map((city) => city.slug)).toEqual(['yaroslavl', 'kostroma']);
    expect(cityRows.filter((city) => city.isDefault).map((city) => city.slug)).toEqual(['yaroslavl']);
    expect(cityRows[0]).toMatchObject({ name: 'Ярославль', centerLatitude: 57.63, centerLongitude: 39.89 });

    const zoneRows = await handle.db.select().from(deliveryZones);
    for (const city of cityRows) {
      const zones = zoneRows.filter((zone) => zone.cityId === city.id);
      expect(zones.length).toBeGreaterThanOrEqual(city.slug === 'yaroslavl' ? 4 : 2);
      expect(new Set(zones.map((zone) => zone.color)).size).toBe(zones.length);
      expect(
        zones.some((zone) => isPointInPolygon([city.centerLongitude, city.centerLatitude], zone.polygon)),
      ).toBe(true);
    }
    for (const zone of zoneRows) {
      expect(zone.color).toMatch(/^#[0-9a-f]{6}$/i);
      const ring = zone.polygon[0] ?? [];
      expect(ring.length).toBeGreaterThanOrEqual(4);
      expect(ring[0]).toEqual(ring[ring.length - 1]);
      // GeoJSON order: longitude first (these cities lie near 40 E, 57.7 N).
      for (const [lng, lat] of ring) {
        expect(lng).toBeGreaterThan(39);
        expect(lng).toBeLessThan(42);
        expect(lat).toBeGreaterThan(57);
        expect(lat).toBeLessThan(58);
      }
    }
  });

  it('draws zones of a city that do not overlap', async () => {
    const zoneRows = await handle.db.select().from(deliveryZones);
    // Neighbouring zones share their borders; a sample strictly inside two zones would be an overlap.
    for (let lng = 39.7001; lng < 41.05; lng += 0.0037) {
      for (let lat = 57.5403; lat < 57.83; lat += 0.0021) {
        const containing = zoneRows.filter((zone) =>
          booleanPointInPolygon(
            [lng, lat],
            { type: 'Polygon', coordinates: zone.polygon },
            { ignoreBoundary: true },
          ),
        );
        expect(containing.length, `${lng},${lat}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it('creates 6+ stores with 2+ points each, every point inside a zone it serves', async () => {
    const storeRows = await handle.db.select().from(stores);
    const pointRows = await handle.db.select().from(points);
    const zoneRows = await handle.db.select().from(deliveryZones);
    const servedRows = await handle.db.select().from(pointZones);
    expect(storeRows.length).toBeGreaterThanOrEqual(6);
    expect(new Set(storeRows.map((store) => store.kind)).size).toBeGreaterThanOrEqual(5);
    for (const store of storeRows) {
      expect(store.rating).toBeGreaterThanOrEqual(4);
      expect(store.rating).toBeLessThanOrEqual(5);
      expect(store.logo).toMatch(/^\/uploads\/seed\/.+\.svg$/);
      expect(pointRows.filter((point) => point.storeId === store.id).length).toBeGreaterThanOrEqual(2);
    }
    for (const point of pointRows) {
      const served = servedRows
        .filter((row) => row.pointId === point.id)
        .map((row) => zoneRows.find((zone) => zone.id === row.zoneId));
      expect(served.length).toBeGreaterThanOrEqual(1);
      for (const zone of served) expect(zone?.cityId).toBe(point.cityId);
      const at: LngLat = [point.longitude, point.latitude];
      expect(
        served.some((zone) => zone && isPointInPolygon(at, zone.polygon)),
        point.address,
      ).toBe(true);
      expect(Object.keys(point.schedule).length).toBeGreaterThanOrEqual(6);
      expect(point.phone).toMatch(/^\+7\d{10}$/);
    }
    // Every zone is served by at least two points, and not all zones by the same number of shops.
    const pointsPerZone = zoneRows.map((zone) => servedRows.filter((row) => row.zoneId === zone.id).length);
    expect(Math.min(...pointsPerZone)).toBeGreaterThanOrEqual(2);
    expect(new Set(pointsPerZone).size).toBeGreaterThan(1);
  });

  it('creates categories, a few of them nested', async () => {
    const rows = await handle.db.select().from(categories);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const ids = new Set(rows.map((row) => row.id));
    const children = rows.filter((row) => row.parentId !== null);
    expect(children.length).toBeGreaterThanOrEqual(2);
    for (const child of children) expect(ids.has(child.parentId ?? '')).toBe(true);
    for (const row of rows) expect(row.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('creates 300+ products with sensible prices, discounts, ratings and ages', async () => {
    const rows = await handle.db.select().from(products);
    expect(rows.length).toBeGreaterThanOrEqual(300);
    expect(summary.products).toBe(rows.length);
    const discounted = rows.filter((row) => row.discountPercent > 0);
    expect(discounted.length / rows.length).toBeGreaterThan(0.2);
    expect(discounted.length / rows.length).toBeLessThan(0.4);
    for (const row of discounted) {
      expect(row.discountPercent).toBeGreaterThanOrEqual(5);
      expect(row.discountPercent).toBeLessThanOrEqual(40);
    }
    for (const row of rows) {
      expect(row.priceKopecks).toBeGreaterThanOrEqual(1000);
      expect(row.priceKopecks).toBeLessThan(500_000);
      expect(row.rating).toBeGreaterThanOrEqual(3.5);
      expect(row.rating).toBeLessThanOrEqual(5);
      expect(row.images.length).toBeGreaterThanOrEqual(1);
      expect(row.images.length).toBeLessThanOrEqual(3);
      expect(row.description.length).toBeGreaterThan(20);
      expect(row.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    expect(rows.some((row) => row.weightGrams >= 1000)).toBe(true);
    const newOnes = rows.filter((row) => NOW.getTime() - row.createdAt.getTime() < 7 * DAY_MS);
    expect(newOnes.length).toBeGreaterThan(10);
    expect(newOnes.length).toBeLessThan(rows.length / 2);
  });

  it('sells meat, cheese, fish, fruit and vegetables by weight, priced per kg (ADR 054)', async () => {
    const weighed = await handle.db
      .select({
        name: products.name,
        price: products.priceKopecks,
        step: products.stepGrams,
        min: products.minGrams,
        piece: products.pieceGrams,
      })
      .from(products)
      .where(eq(products.soldBy, 'weight'));
    expect(weighed.length).toBeGreaterThanOrEqual(40);
    const names = weighed.map((row) => row.name);
    expect(names).toContain('Сыр костромской 45% 1 кг');
    expect(names).toContain('Говядина, вырезка 1 кг');
    expect(names).toContain('Сёмга охлаждённая, филе 1 кг');
    expect(names).toContain('Яблоки Антоновка 1 кг');
    expect(names).toContain('Картофель Гала 1 кг');
    for (const row of weighed) {
      expect(row.step).toBeGreaterThan(0);
      expect((row.min ?? 0) % (row.step ?? 1)).toBe(0);
    }
    expect(weighed.find((row) => row.name === 'Арбуз астраханский 8 кг')).toMatchObject({
      // 599 ₽ for 8 kg, rounded to the seed's 599 ₽ price first: 74,88 ₽ a kg.
      price: 7_488,
      step: 8_000,
      piece: 8_000,
    });
  });

  it('has products that searches in the spec would look for', async () => {
    const words = [
      'молоко',
      'молоко козье',
      'творог',
      'творожок',
      'кефир',
      'сметана',
      'хлеб бородинский',
      'батон',
      'яблоки',
      'кабачок',
      'цукини',
      'картофель',
      'морковь',
      'говядина',
      'курица',
      'сёмга',
      'мёд липовый',
      'свёкла',
    ];
    for (const word of words) {
      const [row] = await handle.db
        .select({ value: count() })
        .from(products)
        .where(ilike(products.name, `%${word}%`));
      expect(row?.value, word).toBeGreaterThan(0);
    }
  });

  it('stocks every product at 1+ points of its own store, with different assortments per point', async () => {
    const [orphans] = await handle.db
      .select({ value: count() })
      .from(products)
      .where(
        sql`not exists (select 1 from ${stock} join ${points} on ${points.id} = ${stock.pointId}
          where ${stock.productId} = ${products.id} and ${points.storeId} = ${products.storeId} and ${stock.count} > 0)`,
      );
    expect(orphans?.value).toBe(0);
    const [foreign] = await handle.db
      .select({ value: count() })
      .from(stock)
      .innerJoin(points, eq(points.id, stock.pointId))
      .innerJoin(products, eq(products.id, stock.productId))
      .where(sql`${points.storeId} <> ${products.storeId}`);
    expect(foreign?.value).toBe(0);

    const stockRows = await handle.db
      .select({
        pointId: stock.pointId,
        productId: stock.productId,
        count: stock.count,
        soldBy: products.soldBy,
        weightGrams: products.weightGrams,
      })
      .from(stock)
      .innerJoin(products, eq(products.id, stock.productId));
    expect(stockRows.some((row) => row.count === 0)).toBe(true);
    for (const row of stockRows) {
      expect(row.count).toBeGreaterThanOrEqual(0);
      // Goods sold by weight keep grams: so many packs of their weight (ADR 054).
      expect(row.count).toBeLessThanOrEqual(row.soldBy === 'weight' ? 120 * row.weightGrams : 120);
      if (row.soldBy === 'weight') expect(row.count % row.weightGrams).toBe(0);
    }
    const assortments = new Map<string, string>();
    const pointRows = await handle.db.select().from(points);
    for (const point of pointRows) {
      const ids = stockRows
        .filter((row) => row.pointId === point.id)
        .map((row) => row.productId)
        .sort();
      expect(ids.length, point.name).toBeGreaterThan(0);
      assortments.set(point.id, ids.join(','));
    }
    expect(new Set(assortments.values()).size).toBe(pointRows.length);
  });

  it('stores header, footer and socials that parse with the content contracts', async () => {
    const rows = await handle.db.select().from(siteSettings);
    const byKey = new Map(rows.map((row) => [row.key, row.value]));
    const header = z.array(LinkGroupSchema).parse(byKey.get('header'));
    const footer = z.array(LinkGroupSchema).parse(byKey.get('footer'));
    const socials = SocialsSchema.parse(byKey.get('socials'));
    expect(header[0]?.pages.map((page) => page.slug)).toEqual([
      '/catalog',
      '/shops',
      '/recipes',
      '/blog',
      '/news',
      '/delivery',
    ]);
    expect(
      footer.find((group) => group.key === 'sellers')?.pages.some((page) => page.slug.startsWith('https://')),
    ).toBe(true);
    const footerSlugs = footer.flatMap((group) => group.pages.map((page) => page.slug));
    expect(footerSlugs).toEqual(
      expect.arrayContaining([
        '/lk?active=chat',
        '/lk?active=orders',
        '/lk?active=delivery',
        '/about',
        '/vacancy',
      ]),
    );
    expect(socials.tg).toMatch(/^https:\/\/t\.me\//);
    expect(socials.vk).toMatch(/^https:\/\/vk\.com\//);
  });

  it('creates SEO rows and content pages that every footer link points to', async () => {
    const rows = await handle.db.select().from(pages);
    const byPath = new Map(rows.map((row) => [row.path, row]));
    for (const path of [
      '/home',
      '/catalog',
      '/shops',
      '/recipes',
      '/blog',
      '/news',
      '/vacancy',
      '/basket',
      '/lk',
    ]) {
      expect(byPath.get(path)?.seoTitle, path).toBeTruthy();
    }
    const contentPaths = ['/about', '/delivery', '/privacy-policy', '/oferta', '/pravila-dlya-prodavtsov'];
    for (const path of contentPaths) {
      const page = byPath.get(path);
      expect(page?.hasContent, path).toBe(true);
      expect(page?.body.split('\n\n').length, path).toBeGreaterThanOrEqual(2);
      expect(page?.seoDesc, path).toBeTruthy();
    }
    const [footer] = await handle.db.select().from(siteSettings).where(eq(siteSettings.key, 'footer'));
    const groups = z.array(LinkGroupSchema).parse(footer?.value);
    const internal = groups
      .flatMap((group) => group.pages.map((page) => page.slug))
      .filter((slug) => !slug.includes('http') && !slug.includes('/lk'));
    const appRoutes = new Set(['/recipes', '/vacancy', '/news', '/blog']);
    for (const slug of internal) {
      expect(appRoutes.has(slug) || byPath.get(slug)?.hasContent === true, slug).toBe(true);
    }
  });

  it('creates recipes linked to products, blog posts, news and vacancies', async () => {
    const recipeRows = await handle.db.select().from(recipes);
    const ingredientRows = await handle.db.select().from(recipeIngredients);
    const candidateRows = await handle.db.select().from(recipeIngredientProducts);
    expect(recipeRows.length).toBeGreaterThanOrEqual(8);
    for (const recipe of recipeRows) {
      const own = ingredientRows.filter((row) => row.recipeId === recipe.id);
      expect(recipe.steps.length).toBeGreaterThanOrEqual(3);
      expect(own.length).toBeGreaterThanOrEqual(3);
      const linked = own.filter((row) =>
        candidateRows.some(
          (candidate) => candidate.recipeId === row.recipeId && candidate.position === row.position,
        ),
      );
      expect(linked.length).toBeGreaterThan(own.length / 2);
    }
    const articleRows = await handle.db.select().from(articles);
    for (const kind of ['blog', 'news'] as const) {
      const ofKind = articleRows.filter((row) => row.kind === kind);
      expect(ofKind.length).toBeGreaterThanOrEqual(8);
      for (const article of ofKind) expect(article.body.split('\n\n').length).toBeGreaterThanOrEqual(2);
      const dates = ofKind.map((row) => row.publishedAt.getTime());
      expect(Math.max(...dates) - Math.min(...dates)).toBeGreaterThan(60 * DAY_MS);
    }
    const vacancyRows = await handle.db.select().from(vacancies);
    expect(vacancyRows.length).toBeGreaterThanOrEqual(5);
    for (const vacancy of vacancyRows) expect(vacancy.requirements.length).toBeGreaterThan(0);
  });

  it('writes every referenced picture to disk', async () => {
    const urls = [
      ...(await handle.db.select({ url: stores.logo }).from(stores)).map((row) => row.url),
      ...(await handle.db.select({ url: categories.image }).from(categories)).map((row) => row.url),
      ...(await handle.db.select({ url: recipes.image }).from(recipes)).map((row) => row.url),
      ...(await handle.db.select({ url: articles.image }).from(articles)).map((row) => row.url),
      ...(await handle.db.select({ images: products.images }).from(products)).flatMap((row) => row.images),
    ];
    expect(urls.length).toBeGreaterThan(400);
    for (const url of new Set(urls)) {
      expect(url).toMatch(/^\/uploads\/seed\/[a-z0-9-]+\.svg$/);
      await access(path.join(imagesDir, (url ?? '').replace(/^\/uploads\//, '')));
    }
  });

  it('produces the same slugs, prices and stock on every run', async () => {
    const otherDir = await mkdtemp(path.join(tmpdir(), 'fresh-seed-'));
    const other = await openMigrated();
    try {
      await seedDemo(other.db, { imagesDir: otherDir, now: NOW });
      const snapshot = async (db: DbHandle['db']) => ({
        products: await db
          .select({ slug: products.slug, price: products.priceKopecks, discount: products.discountPercent })
          .from(products)
          .orderBy(asc(products.slug)),
        stock: await db
          .select({ slug: products.slug, pointId: stock.pointId, count: stock.count })
          .from(stock)
          .innerJoin(products, eq(products.id, stock.productId))
          .orderBy(asc(products.slug), asc(stock.pointId)),
        categories: await db.select({ slug: categories.slug }).from(categories).orderBy(asc(categories.slug)),
      });
      expect(await snapshot(other.db)).toEqual(await snapshot(handle.db));
    } finally {
      await other.close();
      await rm(otherDir, { recursive: true, force: true });
    }
  });

  it('adds exactly the requested number of generated products with unique slugs', async () => {
    const [before] = await handle.db.select({ value: count() }).from(products);
    const progress: number[] = [];
    await seedLargeCatalog(handle.db, {
      products: 2000,
      imagesDir,
      now: NOW,
      onProgress: (done, total) => {
        expect(total).toBe(2000);
        progress.push(done);
      },
    });
    const [after] = await handle.db.select({ value: count() }).from(products);
    expect((after?.value ?? 0) - (before?.value ?? 0)).toBe(2000);
    expect(progress.at(-1)).toBe(2000);
    const [distinct] = await handle.db
      .select({ value: sql<number>`count(distinct ${products.slug})::int` })
      .from(products);
    expect(distinct?.value).toBe(after?.value);
    const [unstocked] = await handle.db
      .select({ value: count() })
      .from(products)
      .where(sql`not exists (select 1 from ${stock} where ${stock.productId} = ${products.id})`);
    expect(unstocked?.value).toBe(0);
    // A second run continues the numbering instead of colliding.
    await seedLargeCatalog(handle.db, { products: 10, imagesDir, now: NOW });
    const [last] = await handle.db.select({ value: count() }).from(products);
    expect(last?.value).toBe((after?.value ?? 0) + 10);
  });
});

describe('seedLargeCatalog on an empty database', () => {
  it('seeds the demo data first', async () => {
    const imagesDir = await mkdtemp(path.join(tmpdir(), 'fresh-seed-'));
    const handle = await openMigrated();
    try {
      await seedLargeCatalog(handle.db, { products: 50, imagesDir, now: NOW });
      const [storeCount] = await handle.db.select({ value: count() }).from(stores);
      const [productCount] = await handle.db.select({ value: count() }).from(products);
      expect(storeCount?.value).toBeGreaterThanOrEqual(6);
      expect(productCount?.value).toBeGreaterThanOrEqual(350);
    } finally {
      await handle.close();
      await rm(imagesDir, { recursive: true, force: true });
    }
  });
});
