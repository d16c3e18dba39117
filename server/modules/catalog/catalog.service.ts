import type {
  CatalogQuery,
  Category,
  Point,
  ProductCard,
  ProductDetail,
  ProductPage,
  Store,
  StoreDetail,
} from '@core/contracts/catalog';
import { CATALOG_PAGE_SIZE } from '@core/rules/catalog';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { presentPoint, presentProductCard, presentProductDetail, presentStore } from './catalog.presenter';
import {
  type AssortmentScope,
  findCategoryIdsWithProducts,
  findCheckoutPoints,
  findPointLocations,
  findPoints,
  findProductByIdOrSlug,
  findProductCards,
  findProductCardsByIds,
  findProductSlugs,
  findProductWarehouses,
  findStoreByIdOrSlug,
  findStoreIdsServing,
  type ProductCardRow,
  type ProductFilter,
  type ProductOrder,
  UUID_PATTERN,
} from './catalog.repository';
import { createCatalogCaches } from './catalog-caches';
import {
  findNameVocabulary,
  findProductsBySimilarName,
  findProductsByText,
  findStoresByWords,
} from './catalog-search.repository';
import { listSimilar } from './list-similar';
import { type RatedSubject, writeRating } from './ratings.repository';
import { replacementTimesOf } from './replacement-times';
import {
  adjustWeighedStock,
  lockAndTakeStock,
  readStockRows,
  returnStock,
  type StockLine,
} from './stock.repository';

export type CatalogDeps = { db: Db; clock: Clock };

export const STORE_NOT_FOUND = 'Магазин не найден';
export const POINT_NOT_FOUND = 'Точка продаж не найдена';
export const PRODUCT_NOT_FOUND = 'Товар не найден';
export const CATEGORY_NOT_FOUND = 'Категория не найдена';

export type CatalogServiceOptions = { cacheTtlMs: number; onCacheError?: (error: unknown) => void };

/** A catalogue page request after its store, point and category were resolved. */
export type ResolvedCatalog = {
  store?: Store;
  point?: Point;
  category?: Category;
  query: CatalogQuery;
};

/**
 * The catalogue use cases. Categories and shops change rarely and every page shows them: they come from a
 * short in-process cache; products and stock are always read fresh.
 */
/**
 * Stock as orders change it (ADR 013), inside the orders module's transaction `tx`: read the rows of a
 * checkout's lines, lock them and take the quantities in one statement (each only while enough is left; every
 * row comes back as the lock found it, with whether it was taken), put a cancelled order's quantities back,
 * and a weighed line's grams back to sale (positive) or taken (negative), never below 0 (ADR 054).
 */
const STOCK_IN_ORDERS = {
  read: (tx: Executor, lines: readonly StockLine[]) => readStockRows(tx, lines),
  lockAndTake: (tx: Executor, lines: readonly StockLine[]) => lockAndTakeStock(tx, lines),
  putBack: (tx: Executor, lines: readonly StockLine[]) => returnStock(tx, lines),
  adjustWeighed: (tx: Executor, line: { pointId: string; productId: string; grams: number }) =>
    adjustWeighedStock(tx, line),
};

/**
 * The points of a checkout with their shops' minimum order and delivery fee (the orders module), each with the
 * point as GET /api/points/list shows it (`shown`): a checkout reads its points once (issue 26).
 */
async function listCheckoutPoints(db: Db, ids: readonly string[]) {
  return (await findCheckoutPoints(db, ids)).map((row) => ({ ...row, shown: presentPoint(row) }));
}

export function createCatalogService(deps: CatalogDeps, options: CatalogServiceOptions) {
  const caches = createCatalogCaches(deps.db, options);
  const { categories: categoryCache, stores: storeCache } = caches;

  const cards = (rows: readonly ProductCardRow[]) =>
    rows.map((row) => presentProductCard(row, new Date(deps.clock.now())));

  /** A category and all its descendants: a parent category shows its children's products too. */
  async function categoryWithDescendants(slug: string): Promise<{ category: Category; ids: string[] }> {
    const all = await categoryCache.get();
    const category = all.find((item) => item.slug === slug);
    if (!category) throw new AppError('not_found', CATEGORY_NOT_FOUND);
    const ids = [category._id];
    for (let i = 0; i < ids.length; i += 1) {
      for (const child of all) if (child.parent === ids[i]) ids.push(child._id);
    }
    return { category, ids };
  }

  async function getStore(idOrSlug: string): Promise<Store> {
    const cached = (await storeCache.get()).find(
      (store) => store._id === idOrSlug || store.slug === idOrSlug,
    );
    if (cached) return cached;
    const row = await findStoreByIdOrSlug(deps.db, idOrSlug);
    if (!row) throw new AppError('not_found', STORE_NOT_FOUND);
    return presentStore(row);
  }

  async function listStorePoints(idOrSlug: string): Promise<Point[]> {
    const store = await getStore(idOrSlug);
    return (await findPoints(deps.db, { storeId: store._id })).map(presentPoint);
  }

  return {
    /** The catalogue changed outside this process's requests (an import, ADR 049): the next reads load afresh. */
    forgetCached: (): void => caches.forget(),

    listCategories: (): Promise<Category[]> => categoryCache.get(),
    listStores: (): Promise<Store[]> => storeCache.get(),

    /** Ids of the shops with a point serving the scope (delivering to the zone, the pickup point, in the city). */
    listStoreIdsServing: async (scope: AssortmentScope): Promise<Set<string>> =>
      new Set(await findStoreIdsServing(deps.db, scope)),

    /**
     * A shop's (or one point's) categories that hold a product in stock in the scope, with their parents, in
     * the catalogue's order: a shop page lists only categories that lead somewhere (issue 21).
     */
    async listStoreCategories(
      where: { storeId: string; pointId?: string },
      scope: AssortmentScope | undefined,
    ): Promise<Category[]> {
      const [all, ids] = await Promise.all([
        categoryCache.get(),
        findCategoryIdsWithProducts(deps.db, where, scope),
      ]);
      const byId = new Map(all.map((category) => [category._id, category]));
      const shown = new Set<string>();
      for (const id of ids) {
        for (let category = byId.get(id); category && !shown.has(category._id); ) {
          shown.add(category._id);
          category = category.parent ? byId.get(category.parent) : undefined;
        }
      }
      return all.filter((category) => shown.has(category._id));
    },
    getStore,
    listStorePoints,

    async getStoreDetail(idOrSlug: string): Promise<StoreDetail> {
      const store = await getStore(idOrSlug);
      return { ...store, points: await listStorePoints(store._id) };
    },

    /** The pickup points of a city, by shop and name: the pickup list of the form without JavaScript. */
    listPickupPoints: async (cityId: string): Promise<Point[]> =>
      (await findPoints(deps.db, { cityId, isPickup: true })).map(presentPoint),

    /** GET /api/points/list: the points asked for that exist, in the order asked. */
    async listPoints(ids: readonly string[]): Promise<Point[]> {
      const rows = await findPoints(deps.db, { ids });
      const byId = new Map(rows.map((row) => [row.id, presentPoint(row)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** The points of a checkout (the orders module), each also as the API shows it: one read for both. */
    listCheckoutPoints: (ids: readonly string[]) => listCheckoutPoints(deps.db, ids),

    /** Stock as orders change it, inside their transaction (STOCK_IN_ORDERS). */
    stock: STOCK_IN_ORDERS,

    /** A shop's or product's rating as its reviews make it, in the reviews module's transaction (ADR 045). */
    writeRating: (tx: Executor, subject: RatedSubject, summary: { rating: number; count: number }) =>
      writeRating(tx, subject, summary),

    /** The text search's queries (ADR 009), for the search module. */
    textSearch: {
      /** Every word of the product names with how many names use it: the typo corrector's dictionary. */
      listNameVocabulary: () => findNameVocabulary(deps.db),
      findProductsByText: (input: Parameters<typeof findProductsByText>[1]) =>
        findProductsByText(deps.db, input),
      findProductsBySimilarName: (input: Parameters<typeof findProductsBySimilarName>[1]) =>
        findProductsBySimilarName(deps.db, input),
      findStoresByWords: (
        phrases: readonly (readonly string[])[],
        scope: AssortmentScope | undefined,
        limit: number,
      ) => findStoresByWords(deps.db, phrases, scope, limit),
    },

    /** Where every point is (the offline geocoder knows their addresses). */
    listPointLocations: () => findPointLocations(deps.db),

    /** Resolves /catalog/{store}/{point}/{slug} and the query's filters; unknown parts → not_found. */
    async resolveCatalog(
      path: { store?: string; point?: string; category?: string },
      query: CatalogQuery,
    ): Promise<ResolvedCatalog> {
      const storeKey = path.store ?? query.store;
      const store = storeKey ? await getStore(storeKey) : undefined;
      const pointKey = path.point ?? query.point;
      let point: Point | undefined;
      if (pointKey) {
        const storePoints = store ? await listStorePoints(store._id) : [];
        point = storePoints.find((item) => item._id === pointKey || item.slug === pointKey);
        if (!point && !store && UUID_PATTERN.test(pointKey)) [point] = await this.listPoints([pointKey]);
        if (!point) throw new AppError('not_found', POINT_NOT_FOUND);
      }
      const categorySlug = path.category ?? query.category;
      const category = categorySlug ? (await categoryWithDescendants(categorySlug)).category : undefined;
      return { store, point, category, query };
    },

    /** One page of the catalogue (48 products) for a resolved request, in the shopper's assortment. */
    async listProducts(resolved: ResolvedCatalog, scope?: AssortmentScope): Promise<ProductPage> {
      const { query } = resolved;
      const filter: ProductFilter = {
        storeId: resolved.store?._id ?? resolved.point?.store._id,
        pointId: resolved.point?._id,
        categoryIds: resolved.category
          ? (await categoryWithDescendants(resolved.category.slug)).ids
          : undefined,
        minKopecks: query.min !== undefined ? query.min * 100 : undefined,
        maxKopecks: query.max !== undefined ? query.max * 100 : undefined,
        isDiscounted: query.discount === '1',
      };
      const { rows, total } = await findProductCards(deps.db, filter, scope, {
        order: query.sort,
        limit: CATALOG_PAGE_SIZE,
        offset: (query.page - 1) * CATALOG_PAGE_SIZE,
      });
      return {
        products: cards(rows),
        total,
        page: query.page,
        pages: Math.max(1, Math.ceil(total / CATALOG_PAGE_SIZE)),
      };
    },

    /** A short shelf for the home page and product pages: no total, no paging. */
    async listShelf(
      shelf: {
        order: ProductOrder;
        limit: number;
        isDiscounted?: boolean;
        categoryId?: string;
        storeId?: string;
        excludeId?: string;
      },
      scope?: AssortmentScope,
    ): Promise<ProductCard[]> {
      const { rows } = await findProductCards(
        deps.db,
        {
          isDiscounted: shelf.isDiscounted,
          categoryIds: shelf.categoryId ? [shelf.categoryId] : undefined,
          storeId: shelf.storeId,
          excludeId: shelf.excludeId,
        },
        scope,
        { order: shelf.order, limit: shelf.limit, offset: 0, withTotal: false },
      );
      return cards(rows);
    },

    /** Product slugs for the sitemap, newest first. */
    listSitemapProducts: (limit: number) => findProductSlugs(deps.db, limit),

    async listProductsByIds(ids: readonly string[], scope?: AssortmentScope): Promise<ProductCard[]> {
      return cards(await findProductCardsByIds(deps.db, ids, scope));
    },

    /** Shops' times to answer a replacement at assembly, and setting one (replacement-times.ts, ADR 055). */
    replacementTimes: replacementTimesOf(deps),

    /** For products the shopper's area no longer has: similar in-area ones, per product (list-similar.ts). */
    listSimilar: (productIds: readonly string[], scope?: AssortmentScope, limit = 4) =>
      listSimilar(deps, productIds, scope, limit),

    /** The product page: by slug, or by id (search results link by id). */
    async getProduct(idOrSlug: string, scope?: AssortmentScope): Promise<ProductDetail> {
      const row = await findProductByIdOrSlug(deps.db, idOrSlug, scope);
      if (!row) throw new AppError('not_found', PRODUCT_NOT_FOUND);
      const warehouses = await findProductWarehouses(deps.db, row.id, scope);
      return presentProductDetail(row, warehouses, new Date(deps.clock.now()));
    },

    /** Other products of the same category (or, failing that, the same shop), in the shopper's assortment. */
    async listRelated(product: ProductDetail, scope?: AssortmentScope, limit = 8): Promise<ProductCard[]> {
      const sameCategory = product.category
        ? await this.listShelf(
            { order: 'popular', limit, categoryId: product.category._id, excludeId: product._id },
            scope,
          )
        : [];
      if (sameCategory.length >= limit) return sameCategory;
      const sameStore = await this.listShelf(
        { order: 'popular', limit, storeId: product.store._id, excludeId: product._id },
        scope,
      );
      const seen = new Set(sameCategory.map((item) => item._id));
      return [...sameCategory, ...sameStore.filter((item) => !seen.has(item._id))].slice(0, limit);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
export type { CheckoutPoint } from './catalog.repository';
export type { ProductHit, VocabularyRow } from './catalog-search.repository';
export type { StockLine, StockRow } from './stock.repository';
