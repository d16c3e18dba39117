/** The catalogue's queries: products with their shop, categories, shops and points, stock per point. */
import { and, asc, count, desc, eq, gt, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, points, pointZones, products, stock, stores } from '../../db/schema/index';

/**
 * Whose stock counts: the points serving a delivery zone, or one pickup point. Without a scope every point
 * counts (nobody has chosen an address yet).
 */
export type AssortmentScope = { zoneId?: string; pointId?: string };

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A product is in stock when a point in scope (and, when given, `atPoint`) has some. */
export function inStock(scope: AssortmentScope | undefined, atPoint?: string): SQL {
  const conditions: SQL[] = [sql`${stock.productId} = ${products.id}`, sql`${stock.count} > 0`];
  if (atPoint) conditions.push(sql`${stock.pointId} = ${atPoint}`);
  if (scope?.pointId) conditions.push(sql`${stock.pointId} = ${scope.pointId}`);
  if (scope?.zoneId) {
    conditions.push(
      sql`exists (select 1 from ${pointZones} where ${pointZones.pointId} = ${stock.pointId} and ${pointZones.zoneId} = ${scope.zoneId})`,
    );
  }
  return sql`exists (select 1 from ${stock} where ${and(...conditions)})`;
}

/**
 * Where a shopper buys the product: the point in scope (and, when given, `atPoint`) with the most stock, as
 * `{ point, count, price }` (price in kopecks: the point's own, or the product's), or null when none has any.
 */
export function bestOffer(scope: AssortmentScope | undefined, atPoint?: string): SQL<Offer | null> {
  const conditions: SQL[] = [sql`s.product_id = ${products.id}`, sql`s.count > 0`];
  if (atPoint) conditions.push(sql`s.point_id = ${atPoint}`);
  if (scope?.pointId) conditions.push(sql`s.point_id = ${scope.pointId}`);
  if (scope?.zoneId) {
    conditions.push(
      sql`exists (select 1 from point_zones pz where pz.point_id = s.point_id and pz.zone_id = ${scope.zoneId})`,
    );
  }
  return sql<Offer | null>`(select json_build_object('point', s.point_id, 'count', s.count, 'price', coalesce(s.price_kopecks, ${products.priceKopecks}))
    from stock s where ${and(...conditions)} order by s.count desc, s.point_id limit 1)`;
}

export type Offer = { point: string; count: number; price: number };

export const productCardColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  images: products.images,
  priceKopecks: products.priceKopecks,
  discountPercent: products.discountPercent,
  weightGrams: products.weightGrams,
  rating: products.rating,
  reviewsCount: products.reviewsCount,
  createdAt: products.createdAt,
  storeId: stores.id,
  storeName: stores.name,
  storeSlug: stores.slug,
};

export type ProductCardRow = {
  id: string;
  slug: string;
  name: string;
  images: string[];
  priceKopecks: number;
  discountPercent: number;
  weightGrams: number;
  rating: number;
  reviewsCount: number;
  createdAt: Date;
  storeId: string;
  storeName: string;
  storeSlug: string;
  isInStock: boolean;
  offer: Offer | null;
};

export type ProductFilter = {
  storeId?: string;
  pointId?: string;
  categoryIds?: string[];
  minKopecks?: number;
  maxKopecks?: number;
  isDiscounted?: boolean;
  excludeId?: string;
};

export type ProductOrder = 'popular' | 'price-asc' | 'price-desc' | 'discount' | 'new';

const ORDERS: Record<ProductOrder, SQL[]> = {
  popular: [sql`${products.popularity} desc`, sql`${products.id}`],
  'price-asc': [sql`${products.priceKopecks} asc`, sql`${products.id}`],
  'price-desc': [sql`${products.priceKopecks} desc`, sql`${products.id}`],
  discount: [sql`${products.discountPercent} desc`, sql`${products.popularity} desc`, sql`${products.id}`],
  new: [sql`${products.createdAt} desc`, sql`${products.id}`],
};

function filterConditions(filter: ProductFilter, scope: AssortmentScope | undefined): SQL | undefined {
  return and(
    filter.storeId ? eq(products.storeId, filter.storeId) : undefined,
    filter.categoryIds ? inArray(products.categoryId, filter.categoryIds) : undefined,
    filter.minKopecks !== undefined ? gte(products.priceKopecks, filter.minKopecks) : undefined,
    filter.maxKopecks !== undefined ? lte(products.priceKopecks, filter.maxKopecks) : undefined,
    filter.isDiscounted ? gt(products.discountPercent, 0) : undefined,
    filter.excludeId ? sql`${products.id} <> ${filter.excludeId}` : undefined,
    inStock(scope, filter.pointId),
  );
}

/**
 * One page of in-stock products matching the filter, and how many there are in all. The total rides on the
 * page's rows as a window count: one query instead of two, which halves the embedded database's work per
 * catalogue page. Only a page past the end (no rows to carry it) needs a separate count.
 */
export async function findProductCards(
  db: Db,
  filter: ProductFilter,
  scope: AssortmentScope | undefined,
  page: { order: ProductOrder; limit: number; offset: number; withTotal?: boolean },
): Promise<{ rows: ProductCardRow[]; total: number }> {
  const where = filterConditions(filter, scope);
  const withTotal = page.withTotal !== false;
  const rows = await db
    .select({
      ...productCardColumns,
      offer: bestOffer(scope, filter.pointId),
      total: withTotal ? sql<number>`(count(*) over ())::int` : sql<number>`0`,
    })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(where)
    .orderBy(...ORDERS[page.order])
    .limit(page.limit)
    .offset(page.offset);
  let total = rows[0]?.total ?? 0;
  if (!withTotal) total = rows.length;
  else if (rows.length === 0 && page.offset > 0) {
    const [counted] = await db.select({ value: count() }).from(products).where(where);
    total = counted?.value ?? 0;
  }
  return { rows: rows.map(({ total: _total, ...row }) => ({ ...row, isInStock: true })), total };
}

/** Product cards by id, in the given order, with their stock in scope (search results, recipes). */
export async function findProductCardsByIds(
  db: Db,
  ids: readonly string[],
  scope: AssortmentScope | undefined,
): Promise<ProductCardRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ...productCardColumns, offer: bestOffer(scope) })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(inArray(products.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, { ...row, isInStock: row.offer !== null }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findProductByIdOrSlug(db: Db, idOrSlug: string) {
  const [row] = await db
    .select({
      ...productCardColumns,
      description: products.description,
      categoryId: categories.id,
      categorySlug: categories.slug,
      categoryName: categories.name,
    })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(UUID_PATTERN.test(idOrSlug) ? eq(products.id, idOrSlug) : eq(products.slug, idOrSlug))
    .limit(1);
  return row;
}

export type ProductDetailRow = NonNullable<Awaited<ReturnType<typeof findProductByIdOrSlug>>>;

/** Stock rows of a product with their points and the zones each point serves. */
export async function findProductWarehouses(db: Db, productId: string) {
  return db
    .select({
      pointId: points.id,
      pointSlug: points.slug,
      pointName: points.name,
      pointAddress: points.address,
      count: stock.count,
      priceKopecks: stock.priceKopecks,
      zoneIds: sql<
        string[]
      >`coalesce((select array_agg(${pointZones.zoneId}::text order by ${pointZones.zoneId}) from ${pointZones} where ${pointZones.pointId} = ${points.id}), '{}')`,
    })
    .from(stock)
    .innerJoin(points, eq(points.id, stock.pointId))
    .where(eq(stock.productId, productId))
    .orderBy(desc(stock.count), asc(points.name));
}

export type WarehouseRow = Awaited<ReturnType<typeof findProductWarehouses>>[number];

export async function findCategories(db: Db) {
  return db.select().from(categories).orderBy(asc(categories.sort), asc(categories.name));
}

export type CategoryRow = Awaited<ReturnType<typeof findCategories>>[number];

const storeColumns = {
  id: stores.id,
  slug: stores.slug,
  name: stores.name,
  kind: stores.kind,
  description: stores.description,
  logo: stores.logo,
  rating: stores.rating,
  reviewsCount: stores.reviewsCount,
  minOrderKopecks: stores.minOrderKopecks,
  deliveryFeeKopecks: stores.deliveryFeeKopecks,
  freeDeliveryFromKopecks: stores.freeDeliveryFromKopecks,
  // Spelled out: in a one-table select Drizzle leaves column names unqualified, which a subquery would misread.
  pointsCount: sql<number>`(select count(*)::int from points p where p.store_id = stores.id)`,
};

export async function findStores(db: Db) {
  return db.select(storeColumns).from(stores).orderBy(desc(stores.rating), asc(stores.name));
}

export type StoreRow = Awaited<ReturnType<typeof findStores>>[number];

export async function findStoreByIdOrSlug(db: Db, idOrSlug: string): Promise<StoreRow | undefined> {
  const [row] = await db
    .select(storeColumns)
    .from(stores)
    .where(UUID_PATTERN.test(idOrSlug) ? eq(stores.id, idOrSlug) : eq(stores.slug, idOrSlug))
    .limit(1);
  return row;
}

const pointColumns = {
  id: points.id,
  slug: points.slug,
  name: points.name,
  address: points.address,
  phone: points.phone,
  isPickup: points.isPickup,
  schedule: points.schedule,
  latitude: points.latitude,
  longitude: points.longitude,
  cityId: points.cityId,
  storeId: stores.id,
  storeName: stores.name,
  storeSlug: stores.slug,
  zoneIds: sql<
    string[]
  >`coalesce((select array_agg(${pointZones.zoneId}::text order by ${pointZones.zoneId}) from ${pointZones} where ${pointZones.pointId} = ${points.id}), '{}')`,
};

export async function findPoints(db: Db, where: { storeId?: string; ids?: readonly string[] }) {
  return db
    .select(pointColumns)
    .from(points)
    .innerJoin(stores, eq(stores.id, points.storeId))
    .where(
      and(
        where.storeId ? eq(points.storeId, where.storeId) : undefined,
        where.ids ? inArray(points.id, [...where.ids]) : undefined,
      ),
    )
    .orderBy(asc(stores.name), asc(points.name));
}

export type PointRow = Awaited<ReturnType<typeof findPoints>>[number];

export async function findProductSlugs(db: Db, limit: number) {
  return db
    .select({ slug: products.slug, updatedAt: products.createdAt })
    .from(products)
    .orderBy(desc(products.createdAt))
    .limit(limit);
}
