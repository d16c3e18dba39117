/** Builds the demo data set (DESIGN.md §4) as plain rows, checks its invariants, and writes it in one transaction. */
import { findZoneForPoint } from '../../../core/rules/geo';
import type { Db } from '../client';
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
import {
  insertInChunks,
  type ProductRow,
  randomProductStats,
  randomStockRows,
  roundPriceKopecks,
  type StockRow,
} from './common';
import { ARTICLES, VACANCIES } from './data/articles';
import { CATEGORIES } from './data/categories';
import {
  CONTENT_PAGES,
  FOOTER_GROUPS,
  HEADER_GROUPS,
  type PageSeed,
  SEO_PAGES,
  SOCIALS,
} from './data/content';
import { DESCRIPTION_TAILS } from './data/generator';
import { CITIES } from './data/geo';
import { PRODUCTS } from './data/products';
import { RECIPES } from './data/recipes';
import { STORES } from './data/stores';
import { seedId } from './ids';
import { renderCover, renderLogo, renderPicture, SeedImageWriter } from './images';
import { createRandom, type Random } from './random';
import { createSlugRegistry } from './slug';
import { markWeightGoods } from './weight-goods';

const DEMO_SEED = 20_240_601;
const DAY_MS = 86_400_000;
/** Share of demo products created within the last week (the "new" badge). */
const NEW_PRODUCT_SHARE = 0.18;
/** Probability that a given point of a store carries a given product. */
const POINT_ASSORTMENT_SHARE = 0.7;

export type SeedSummary = {
  cities: number;
  zones: number;
  stores: number;
  points: number;
  pointZones: number;
  categories: number;
  products: number;
  stockRows: number;
  recipes: number;
  recipeIngredients: number;
  articles: number;
  vacancies: number;
  pages: number;
  settings: number;
  images: number;
};

export type SeedDemoOptions = {
  /** Directory served at /uploads/; pictures go to its seed/ subfolder. */
  imagesDir: string;
  log?: (msg: string) => void;
  /** The moment dates are counted back from (tests pin it); now by default. */
  now?: Date;
};

type DemoPlan = {
  cities: (typeof cities.$inferInsert)[];
  zones: (typeof deliveryZones.$inferInsert)[];
  stores: (typeof stores.$inferInsert)[];
  points: (typeof points.$inferInsert)[];
  pointZones: (typeof pointZones.$inferInsert)[];
  categories: (typeof categories.$inferInsert)[];
  products: ProductRow[];
  stock: StockRow[];
  recipes: (typeof recipes.$inferInsert)[];
  recipeIngredients: (typeof recipeIngredients.$inferInsert)[];
  recipeIngredientProducts: (typeof recipeIngredientProducts.$inferInsert)[];
  articles: (typeof articles.$inferInsert)[];
  vacancies: (typeof vacancies.$inferInsert)[];
  pages: (typeof pages.$inferInsert)[];
  settings: (typeof siteSettings.$inferInsert)[];
};

class SeedDataError extends Error {
  override name = 'SeedDataError';
}

function planGeography(plan: DemoPlan) {
  const zonesByKey = new Map<string, { id: string; cityId: string; polygon: [number, number][][] }>();
  CITIES.forEach((city, cityIndex) => {
    const cityId = seedId('city', city.slug);
    plan.cities.push({
      id: cityId,
      slug: city.slug,
      name: city.name,
      isDefault: city.isDefault,
      centerLatitude: city.center.latitude,
      centerLongitude: city.center.longitude,
      sort: cityIndex,
    });
    city.zones.forEach((zone, zoneIndex) => {
      const first = zone.ring[0];
      const last = zone.ring[zone.ring.length - 1];
      if (!first || !last || first[0] !== last[0] || first[1] !== last[1] || zone.ring.length < 4) {
        throw new SeedDataError(`zone ${zone.key}: the ring must be closed and have at least 3 corners`);
      }
      const polygon = [zone.ring];
      const id = seedId('zone', zone.key);
      zonesByKey.set(zone.key, { id, cityId, polygon });
      plan.zones.push({ id, cityId, name: zone.name, color: zone.color, polygon, sort: zoneIndex });
    });
    const centre: [number, number] = [city.center.longitude, city.center.latitude];
    const cityZones = [...zonesByKey.values()].filter((zone) => zone.cityId === cityId);
    if (!findZoneForPoint(centre, cityZones))
      throw new SeedDataError(`${city.slug}: the centre is outside every zone`);
  });
  return zonesByKey;
}

function planStores(plan: DemoPlan, images: SeedImageWriter, zonesByKey: ReturnType<typeof planGeography>) {
  const pointIdsByStore = new Map<string, string[]>();
  const pointsPerZone = new Map<string, number>([...zonesByKey.keys()].map((key) => [key, 0]));
  for (const store of STORES) {
    const storeId = seedId('store', store.slug);
    plan.stores.push({
      id: storeId,
      slug: store.slug,
      name: store.name,
      kind: store.kind,
      description: store.description,
      logo: images.add(
        `store-${store.slug}.svg`,
        renderLogo({ icon: store.logoIcon, hue: store.logoHue, variant: 0, key: store.slug }),
      ),
      rating: store.rating,
      reviewsCount: store.reviewsCount,
      minOrderKopecks: store.minOrderRub * 100,
      deliveryFeeKopecks: store.deliveryFeeRub * 100,
      freeDeliveryFromKopecks: store.freeDeliveryFromRub === null ? null : store.freeDeliveryFromRub * 100,
    });
    if (store.points.length < 2) throw new SeedDataError(`store ${store.slug} needs at least two points`);
    const ids: string[] = [];
    for (const point of store.points) {
      const home = zonesByKey.get(point.zone);
      if (!home) throw new SeedDataError(`point ${store.slug}/${point.slug}: unknown zone ${point.zone}`);
      // Addresses are hand-placed: a typo in a coordinate must fail the seed, not put a shop in the river. The
      // zone found for the point must be its own one, so a point on a shared border fails too.
      const cityZones = [...zonesByKey.values()].filter((zone) => zone.cityId === home.cityId);
      if (findZoneForPoint(point.at, cityZones)?.id !== home.id) {
        throw new SeedDataError(
          `point ${store.slug}/${point.slug} at ${point.at.join(',')} is outside ${point.zone}`,
        );
      }
      const id = seedId('point', `${store.slug}/${point.slug}`);
      ids.push(id);
      plan.points.push({
        id,
        storeId,
        cityId: home.cityId,
        slug: point.slug,
        name: point.name,
        address: point.address,
        longitude: point.at[0],
        latitude: point.at[1],
        phone: point.phone,
        isPickup: point.isPickup,
        schedule: point.schedule,
      });
      for (const zoneKey of [point.zone, ...(point.alsoServes ?? [])]) {
        const zone = zonesByKey.get(zoneKey);
        if (!zone || zone.cityId !== home.cityId) {
          throw new SeedDataError(`point ${store.slug}/${point.slug}: ${zoneKey} is not a zone of its city`);
        }
        plan.pointZones.push({ pointId: id, zoneId: zone.id });
        pointsPerZone.set(zoneKey, (pointsPerZone.get(zoneKey) ?? 0) + 1);
      }
    }
    pointIdsByStore.set(store.slug, ids);
  }
  for (const [zoneKey, count] of pointsPerZone) {
    if (count < 2)
      throw new SeedDataError(`zone ${zoneKey} is served by ${count} point(s); at least 2 are needed`);
  }
  return pointIdsByStore;
}

function planCategories(plan: DemoPlan, images: SeedImageWriter) {
  const ids = new Map<string, { id: string; hue: number }>();
  CATEGORIES.forEach((category, index) => {
    const id = seedId('category', category.slug);
    ids.set(category.slug, { id, hue: category.hue });
    plan.categories.push({
      id,
      slug: category.slug,
      name: category.name,
      parentId: 'parent' in category ? seedId('category', category.parent) : null,
      image: images.add(
        `category-${category.slug}.svg`,
        renderPicture({ icon: category.icon, hue: category.hue, variant: 0, key: category.slug }),
      ),
      sort: index,
    });
  });
  return ids;
}

function planProducts(
  plan: DemoPlan,
  images: SeedImageWriter,
  random: Random,
  now: Date,
  categoryIds: ReturnType<typeof planCategories>,
  pointIdsByStore: Map<string, string[]>,
) {
  const nextSlug = createSlugRegistry();
  const productIdsByName = new Map<string, string>();
  for (const store of STORES) {
    const pointIds = pointIdsByStore.get(store.slug) ?? [];
    for (const line of PRODUCTS[store.slug] ?? []) {
      const category = categoryIds.get(line.category);
      if (!category) throw new SeedDataError(`product ${line.name}: unknown category ${line.category}`);
      for (const [label, grams, rub] of line.packs) {
        const name = label ? `${line.name} ${label}` : line.name;
        const slug = nextSlug(name);
        const id = seedId('product', slug);
        if (!productIdsByName.has(name)) productIdsByName.set(name, id);
        const pictureCount = random.int(1, 3);
        const productImages = Array.from({ length: pictureCount }, (_, variant) =>
          images.add(
            `product-${slug}-${variant + 1}.svg`,
            renderPicture({ icon: line.icon, tint: line.tint, hue: category.hue, variant, key: slug }),
          ),
        );
        const priceKopecks = roundPriceKopecks(rub);
        plan.products.push({
          id,
          slug,
          name,
          description: `${line.description} ${random.pick(DESCRIPTION_TAILS[line.category])}`,
          storeId: seedId('store', store.slug),
          categoryId: category.id,
          priceKopecks,
          weightGrams: grams,
          images: productImages,
          ...randomProductStats(random, now, NEW_PRODUCT_SHARE),
        });
        plan.stock.push(...randomStockRows(random, id, priceKopecks, pointIds, POINT_ASSORTMENT_SHARE));
      }
    }
  }
  return productIdsByName;
}

function planContent(
  plan: DemoPlan,
  images: SeedImageWriter,
  now: Date,
  productIdsByName: Map<string, string>,
) {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  RECIPES.forEach((recipe, index) => {
    const id = seedId('recipe', recipe.slug);
    plan.recipes.push({
      id,
      slug: recipe.slug,
      title: recipe.title,
      summary: recipe.summary,
      steps: recipe.steps,
      image: images.add(`recipe-${recipe.slug}.svg`, renderCover({ ...recipe.cover, key: recipe.slug })),
      cookMinutes: recipe.cookMinutes,
      servings: recipe.servings,
      publishedAt: daysAgo(index * 11 + 2),
    });
    recipe.ingredients.forEach((ingredient, position) => {
      plan.recipeIngredients.push({
        recipeId: id,
        position,
        text: ingredient.text,
        amount: ingredient.amount,
      });
      const candidates =
        typeof ingredient.product === 'string' ? [ingredient.product] : (ingredient.product ?? []);
      candidates.forEach((name, rank) => {
        const productId = productIdsByName.get(name);
        if (!productId) throw new SeedDataError(`recipe ${recipe.slug}: no demo product named «${name}»`);
        plan.recipeIngredientProducts.push({
          recipeId: id,
          position,
          productId,
          rank,
          packs: ingredient.packs ?? 1,
        });
      });
    });
  });
  for (const article of ARTICLES) {
    plan.articles.push({
      id: seedId('article', `${article.kind}/${article.slug}`),
      kind: article.kind,
      slug: article.slug,
      title: article.title,
      summary: article.summary,
      body: article.paragraphs.join('\n\n'),
      image: images.add(
        `${article.kind}-${article.slug}.svg`,
        renderCover({ ...article.cover, key: article.slug }),
      ),
      publishedAt: daysAgo(article.daysAgo),
    });
  }
  for (const vacancy of VACANCIES) {
    plan.vacancies.push({
      id: seedId('vacancy', `${vacancy.city}/${vacancy.title}`),
      title: vacancy.title,
      city: vacancy.city,
      employment: vacancy.employment,
      salaryFromRoubles: vacancy.salaryFromRoubles,
      salaryToRoubles: vacancy.salaryToRoubles,
      description: vacancy.description,
      requirements: vacancy.requirements,
      publishedAt: daysAgo(vacancy.daysAgo),
    });
  }
  const toPageRow = (page: PageSeed) => ({
    path: page.path,
    title: page.title,
    body: page.body ?? '',
    hasContent: page.body !== undefined,
    seoTitle: page.seoTitle,
    seoDesc: page.seoDesc,
    seoKeywords: page.seoKeywords,
  });
  plan.pages.push(...SEO_PAGES.map(toPageRow), ...CONTENT_PAGES.map(toPageRow));
  plan.settings.push(
    { key: 'header', value: HEADER_GROUPS },
    { key: 'footer', value: FOOTER_GROUPS },
    { key: 'socials', value: SOCIALS },
  );
}

/** Every demo row, computed without touching the database; throws a SeedDataError on inconsistent data. */
function planDemo(now: Date, images: SeedImageWriter): DemoPlan {
  const plan: DemoPlan = {
    cities: [],
    zones: [],
    stores: [],
    points: [],
    pointZones: [],
    categories: [],
    products: [],
    stock: [],
    recipes: [],
    recipeIngredients: [],
    recipeIngredientProducts: [],
    articles: [],
    vacancies: [],
    pages: [],
    settings: [],
  };
  const random = createRandom(DEMO_SEED);
  const zonesByKey = planGeography(plan);
  const pointIdsByStore = planStores(plan, images, zonesByKey);
  const categoryIds = planCategories(plan, images);
  const productIdsByName = planProducts(plan, images, random, now, categoryIds, pointIdsByStore);
  markWeightGoods(plan.products, plan.stock);
  planContent(plan, images, now, productIdsByName);
  return plan;
}

export async function seedDemo(db: Db, opts: SeedDemoOptions): Promise<SeedSummary> {
  const log = opts.log ?? (() => {});
  const startedAt = performance.now();
  const images = new SeedImageWriter();
  const plan = planDemo(opts.now ?? new Date(), images);
  await images.flush(opts.imagesDir);
  log(`seed: ${images.size} pictures written to ${opts.imagesDir}`);

  await db.transaction(async (tx) => {
    await insertInChunks(tx, cities, plan.cities);
    await insertInChunks(tx, deliveryZones, plan.zones);
    await insertInChunks(tx, stores, plan.stores);
    await insertInChunks(tx, points, plan.points);
    await insertInChunks(tx, pointZones, plan.pointZones);
    await insertInChunks(tx, categories, plan.categories);
    await insertInChunks(tx, products, plan.products, 500);
    await insertInChunks(tx, stock, plan.stock, 2000);
    await insertInChunks(tx, recipes, plan.recipes);
    await insertInChunks(tx, recipeIngredients, plan.recipeIngredients);
    await insertInChunks(tx, recipeIngredientProducts, plan.recipeIngredientProducts);
    await insertInChunks(tx, articles, plan.articles);
    await insertInChunks(tx, vacancies, plan.vacancies);
    await insertInChunks(tx, pages, plan.pages);
    await insertInChunks(tx, siteSettings, plan.settings);
  });

  const summary: SeedSummary = {
    cities: plan.cities.length,
    zones: plan.zones.length,
    stores: plan.stores.length,
    points: plan.points.length,
    pointZones: plan.pointZones.length,
    categories: plan.categories.length,
    products: plan.products.length,
    stockRows: plan.stock.length,
    recipes: plan.recipes.length,
    recipeIngredients: plan.recipeIngredients.length,
    articles: plan.articles.length,
    vacancies: plan.vacancies.length,
    pages: plan.pages.length,
    settings: plan.settings.length,
    images: images.size,
  };
  log(
    `seed: ${summary.stores} stores, ${summary.points} points, ${summary.products} products, ` +
      `${summary.stockRows} stock rows in ${Math.round(performance.now() - startedAt)} ms`,
  );
  return summary;
}
