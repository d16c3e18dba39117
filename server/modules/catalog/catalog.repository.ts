/** The catalogue's queries: products with their shop, categories, shops and points, stock per point. */

import type { AssortmentScope } from '@core/rules/delivery-area';
import type { WeightTerms } from '@core/rules/sold-by-weight';
import { and, asc, count, desc, eq, gt, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client';
import { categories, points, pointZones, products, stock, stores } from '../../db/schema/index';
import { listSize, rowPlaceholders, rowValues, statement } from '../../db/statements';

export type { AssortmentScope };

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/*
 * The assortment's correlated subqueries are SQL on purpose (lateral, exists, limit 1: the planner's shape is
 * the point). Their tables are aliased Drizzle tables (`from ${table} ${alias}` in the text), so a renamed
 * column fails the type check, not a page.
 */
const zoneOfPoint = alias(pointZones, 'sz');
const cityPoint = alias(points, 'cp');
const stockInScope = alias(stock, 'st');
const storePoint = alias(points, 'sp');
const offerStock = alias(stock, 's');

/**
 * Whether the point `pointId` (an SQL expression) serves the scope: the pickup point, serves the zone, or —
 * before any address — stands in the visitor's city (ADR 038).
 */
function servesScope(scope: AssortmentScope | undefined, pointId: SQLWrapper): SQL {
  const conditions: SQL[] = [];
  if (scope?.pointId) conditions.push(sql`${pointId} = ${scope.pointId}`);
  if (scope?.cityId) {
    conditions.push(
      sql`exists (select 1 from ${points} ${cityPoint} where ${cityPoint.id} = ${pointId} and ${cityPoint.cityId} = ${scope.cityId})`,
    );
  }
  if (scope?.zoneId) {
    conditions.push(
      sql`exists (select 1 from ${pointZones} ${zoneOfPoint} where ${zoneOfPoint.pointId} = ${pointId} and ${zoneOfPoint.zoneId} = ${scope.zoneId})`,
    );
  }
  return conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
}

/** A product is in stock when a point in scope (and, when given, `atPoint`) has some. */
export function inStock(scope: AssortmentScope | undefined, atPoint?: string): SQL {
  const st = stockInScope;
  return sql`exists (select 1 from ${stock} ${st} where ${st.productId} = ${products.id} and ${st.count} > 0
    and ${servesScope(scope, st.pointId)} ${atPoint ? sql`and ${st.pointId} = ${atPoint}` : sql``})`;
}

/** A shop serves the scope when one of its points is in it (the pickup point, or one serving the zone). */
export function storeServes(scope: AssortmentScope): SQL {
  const sp = storePoint;
  return sql`exists (select 1 from ${points} ${sp} where ${sp.storeId} = ${stores.id} and ${servesScope(scope, sp.id)})`;
}

/**
 * THE offer-selection rule (issue 11, ADR 014): where a shopper buys the product, and so the price every card,
 * shelf, search result, store page and product page shows. Among the points in the shopper's scope (and
 * `atPoint`, on one point's catalogue) that have the product, the one with the most stock — likeliest to still
 * have it at checkout — and on equal stock the smaller point id, so every page picks the same point. Its
 * price is the point's own or the product's: exactly what the basket charges at that point.
 *
 * A lateral subquery `offer (point, count, price)` for one product (its page); lists and cards by id work the
 * same rule out for all their products at once (`offersOfList`), a list joined inner as the in-stock filter,
 * and its price filters and sorts read `offer.price`, so a list sorted by price is sorted by the price it
 * shows.
 */
function offerOf(scope: AssortmentScope | undefined): SQL {
  const s = offerStock;
  return sql`(select ${s.pointId} as point, ${s.count} as count, coalesce(${s.priceKopecks}, ${products.priceKopecks}) as price
    from ${stock} ${s}
    where ${s.productId} = ${products.id} and ${s.count} > 0 and ${servesScope(scope, s.pointId)}
    order by ${s.count} desc, ${s.pointId}
    limit 1) offer`;
}

const OFFER_PRICE = sql`offer.price`;

/** The offer's columns; null when no point in scope has the product (only with the left join). */
const offerColumn = sql<Offer | null>`case when offer.point is null then null
  else json_build_object('point', offer.point, 'count', offer.count, 'price', offer.price) end`;

export type Offer = { point: string; count: number; price: number };

/** A product's weight terms (ADR 054) as the API shows them; null for goods sold by the piece. */
export const weightTermsColumn = sql<WeightTerms | null>`case when ${products.soldBy} = 'weight'
  then json_build_object('step', ${products.stepGrams}, 'min', ${products.minGrams}, 'piece', ${products.pieceGrams}) end`;

export const productCardColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  images: products.images,
  priceKopecks: products.priceKopecks,
  discountPercent: products.discountPercent,
  weightGrams: products.weightGrams,
  weightTerms: weightTermsColumn,
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
  weightTerms: WeightTerms | null;
  rating: number;
  reviewsCount: number;
  createdAt: Date;
  storeId: string;
  storeName: string;
  storeSlug: string;
  /** Null: no point in the shopper's area has it. */
  offer: Offer | null;
};

export type ProductFilter = {
  /** These products only (cards by id: favourites, sets, reviews' names). */
  ids?: readonly string[];
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
  // The shown price: the offer's (the point's own price where it has one).
  'price-asc': [sql`${OFFER_PRICE} asc`, sql`${products.id}`],
  'price-desc': [sql`${OFFER_PRICE} desc`, sql`${products.id}`],
  discount: [sql`${products.discountPercent} desc`, sql`${products.popularity} desc`, sql`${products.id}`],
  new: [sql`${products.createdAt} desc`, sql`${products.id}`],
};

/** The filter's conditions on a product and its offer's `price`; the in-stock one is the join with the offer. */
function filterConditions(filter: ProductFilter, price: SQL): SQL | undefined {
  return and(
    filter.ids ? idIn(products.id, filter.ids) : undefined,
    filter.storeId ? eq(products.storeId, filter.storeId) : undefined,
    filter.categoryIds ? inArray(products.categoryId, filter.categoryIds) : undefined,
    filter.minKopecks !== undefined ? sql`${price} >= ${filter.minKopecks}` : undefined,
    filter.maxKopecks !== undefined ? sql`${price} <= ${filter.maxKopecks}` : undefined,
    filter.isDiscounted ? gt(products.discountPercent, 0) : undefined,
    filter.excludeId ? sql`${products.id} <> ${filter.excludeId}` : undefined,
  );
}

/**
 * The offers of the products matching `filter` that a point in scope has (`offer (product, point, count,
 * price)`): THE offer-selection rule of `offerOf`, worked out for a whole list at once. One pass over the
 * stock in scope, each product's row picked by `distinct on` in the rule's order, instead of a correlated
 * subquery per product: a list needs every matching product's offer for its total and its price sort, and
 * that was 3.5× the time on the embedded database (31 → 9 ms for the demo's /catalog, 5.3 → 2.8 ms on
 * PostgreSQL; ADR 044). Not lateral: the filter's conditions are applied inside, to the products the stock
 * rows are of, so a shop's or a category's page reads only its own stock.
 */
function offersOfList(filter: ProductFilter, scope: AssortmentScope | undefined): SQL {
  const s = offerStock;
  const price = sql`coalesce(${s.priceKopecks}, ${products.priceKopecks})`;
  const conditions = filterConditions(filter, price);
  return sql`(select distinct on (${s.productId}) ${s.productId} as product, ${s.pointId} as point,
      ${s.count} as count, ${price} as price
    from ${stock} ${s} inner join ${products} on ${products.id} = ${s.productId}
    where ${s.count} > 0 and ${servesScope(scope, s.pointId)}
      ${filter.pointId ? sql`and ${s.pointId} = ${filter.pointId}` : sql``}
      ${conditions ? sql`and ${conditions}` : sql``}
    order by ${s.productId}, ${s.count} desc, ${s.pointId}) offer`;
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
  const offers = offersOfList(filter, scope);
  const isOffered = sql`offer.product = ${products.id}`;
  const withTotal = page.withTotal !== false;
  const rows = await db
    .select({
      ...productCardColumns,
      offer: offerColumn,
      total: withTotal ? sql<number>`(count(*) over ())::int` : sql<number>`0`,
    })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .innerJoin(offers, isOffered)
    .orderBy(...ORDERS[page.order])
    .limit(page.limit)
    .offset(page.offset);
  let total = rows[0]?.total ?? 0;
  if (!withTotal) total = rows.length;
  else if (rows.length === 0 && page.offset > 0) {
    const [counted] = await db.select({ value: count() }).from(offers);
    total = counted?.value ?? 0;
  }
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}

/** A shelf of similar products: a category's, or, for a product without one, its shop's. */
export type Shelf = { categoryId: string | null; storeId: string | null };

/**
 * The `limit` most popular in-stock products of each shelf, in one statement of one text whatever the number
 * of shelves (issue 26): the shelves go as two arrays, unnested with their place, and each one's offers are
 * worked out by the offer rule of `offersOfList` in a lateral subquery of its own (its stock in scope, one
 * row a product by `distinct on`, then the most popular first). A text that does not grow with the shelves can
 * be named, so PostgreSQL parses and plans it once per connection and Drizzle builds a small one; the union of
 * one query a shelf it replaces was 11.5 KB of SQL for eight. Answers each shelf's cards in the shelves' order.
 */
export async function findProductShelves(
  db: Db,
  shelves: readonly Shelf[],
  scope: AssortmentScope | undefined,
  limit: number,
): Promise<ProductCardRow[][]> {
  if (shelves.length === 0) return [];
  const s = offerStock;
  const shelf = sql`unnest(${sql.param(shelves.map((item) => item.categoryId))}::uuid[],
      ${sql.param(shelves.map((item) => item.storeId))}::uuid[]) with ordinality as shelf(category_id, store_id, place)`;
  const offers = sql`(select offer.product, offer.point, offer.count, offer.price from (
      select distinct on (${s.productId}) ${s.productId} as product, ${s.pointId} as point, ${s.count} as count,
        coalesce(${s.priceKopecks}, ${products.priceKopecks}) as price, ${products.popularity} as popularity
      from ${stock} ${s} inner join ${products} on ${products.id} = ${s.productId}
      where ${s.count} > 0 and ${servesScope(scope, s.pointId)}
        and (shelf.category_id is null or ${products.categoryId} = shelf.category_id)
        and (shelf.store_id is null or ${products.storeId} = shelf.store_id)
      order by ${s.productId}, ${s.count} desc, ${s.pointId}) offer
    order by offer.popularity desc, offer.product limit ${limit}) offer`;
  // The scope's kind changes the text (servesScope), so it is part of the name.
  const kind = `${scope?.pointId ? 'p' : ''}${scope?.cityId ? 'c' : ''}${scope?.zoneId ? 'z' : ''}`;
  const rows = await db
    .select({ ...productCardColumns, offer: offerColumn, shelf: sql<number>`(shelf.place - 1)::int` })
    .from(shelf)
    .crossJoinLateral(offers)
    .innerJoin(products, sql`${products.id} = offer.product`)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .orderBy(sql`shelf.place`, ...ORDERS.popular)
    .prepare(`catalog_shelves_${kind || 'all'}`)
    .execute();
  const cards = shelves.map((): ProductCardRow[] => []);
  for (const { shelf: place, ...row } of rows) cards[place]?.push(row);
  return cards;
}

/**
 * `column = any($1::uuid[])`: a list of ids as one array parameter. `inArray` sends one parameter per id,
 * each built and encoded by Drizzle (a favourites list of 200 ids spent more there than in its query) and
 * a statement PostgreSQL has to parse and plan anew for each length (issue 26).
 */
function idIn(column: SQLWrapper, ids: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::uuid[])`;
}

/** Product cards by id, in the given order, with their offer in scope or none (search results, recipes). */
export async function findProductCardsByIds(
  db: Db,
  ids: readonly string[],
  scope: AssortmentScope | undefined,
): Promise<ProductCardRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ...productCardColumns, offer: offerColumn })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    // The offers of all of them in one pass (a list of 200 favourites: 200 subqueries before).
    .leftJoin(offersOfList({ ids }, scope), sql`offer.product = ${products.id}`)
    .where(idIn(products.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The category (and shop) of each product asked for: what "similar" means for a product gone from an area. */
export async function findProductCategories(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: products.id, categoryId: products.categoryId, storeId: products.storeId })
    .from(products)
    .where(idIn(products.id, ids));
}

/** A product with its offer in scope (or none). */
export async function findProductByIdOrSlug(db: Db, idOrSlug: string, scope: AssortmentScope | undefined) {
  const [row] = await db
    .select({
      ...productCardColumns,
      offer: offerColumn,
      description: products.description,
      categoryId: categories.id,
      categorySlug: categories.slug,
      categoryName: categories.name,
    })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoinLateral(offerOf(scope), sql`true`)
    .where(UUID_PATTERN.test(idOrSlug) ? eq(products.id, idOrSlug) : eq(products.slug, idOrSlug))
    .limit(1);
  return row;
}

export type ProductDetailRow = NonNullable<Awaited<ReturnType<typeof findProductByIdOrSlug>>>;

/** Stock rows of a product with their points, the zones each point serves and whether it serves the scope. */
export async function findProductWarehouses(db: Db, productId: string, scope: AssortmentScope | undefined) {
  return db
    .select({
      isInArea: sql<boolean>`${servesScope(scope, sql`${points.id}`)}`,
      pointId: points.id,
      pointSlug: points.slug,
      pointName: points.name,
      pointAddress: points.address,
      count: stock.count,
      priceKopecks: stock.priceKopecks,
      zoneIds: pointZoneIds,
    })
    .from(stock)
    .innerJoin(points, eq(points.id, stock.pointId))
    .where(eq(stock.productId, productId))
    .orderBy(desc(stock.count), asc(points.name));
}

export type WarehouseRow = Awaited<ReturnType<typeof findProductWarehouses>>[number];

/**
 * The shops with a point serving the scope (the pickup point, one delivering to the zone, one in the city):
 * which shops /shops marks as delivering to the shopper's address, and which shop pages have an assortment.
 */
export async function findStoreIdsServing(db: Db, scope: AssortmentScope): Promise<string[]> {
  const rows = await db.select({ id: stores.id }).from(stores).where(storeServes(scope));
  return rows.map((row) => row.id);
}

/**
 * The categories that hold an in-stock product of a shop (or one point) in the scope: what a shop's page
 * lists (issue 21: no category that leads to nothing). Only the products' own categories; parents are the
 * caller's to add.
 */
export async function findCategoryIdsWithProducts(
  db: Db,
  where: { storeId: string; pointId?: string },
  scope: AssortmentScope | undefined,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: products.categoryId })
    .from(products)
    .where(and(eq(products.storeId, where.storeId), inStock(scope, where.pointId)));
  return rows.flatMap((row) => (row.id ? [row.id] : []));
}

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
  pointsCount: sql<number>`(select count(*)::int from ${points} ${storePoint} where ${storePoint.storeId} = stores.id)`,
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

/** Shops' times to answer a replacement (ADR 055), by name: these shops, or every shop (null). */
export async function findReplacementTimes(db: Db, storeIds: readonly string[] | null) {
  if (storeIds?.length === 0) return [];
  return db
    .select({ id: stores.id, name: stores.name, minutes: stores.replacementMinutes })
    .from(stores)
    .where(storeIds ? inArray(stores.id, [...storeIds]) : undefined)
    .orderBy(asc(stores.name), asc(stores.id));
}

/** Sets a shop's time to answer a replacement; whether the shop exists. */
export async function updateReplacementMinutes(db: Db, storeId: string, minutes: number): Promise<boolean> {
  const updated = await db
    .update(stores)
    .set({ replacementMinutes: minutes })
    .where(eq(stores.id, storeId))
    .returning({ id: stores.id });
  return updated.length > 0;
}

/** The zones a point delivers to, as ids. */
const pointZoneIds = sql<
  string[]
>`coalesce((select array_agg(${pointZones.zoneId}::text order by ${pointZones.zoneId}) from ${pointZones} where ${pointZones.pointId} = ${points.id}), '{}')`;

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
  zoneIds: pointZoneIds,
};

export async function findPoints(
  db: Db,
  where: { storeId?: string; ids?: readonly string[]; cityId?: string; isPickup?: boolean },
) {
  return db
    .select(pointColumns)
    .from(points)
    .innerJoin(stores, eq(stores.id, points.storeId))
    .where(
      and(
        where.storeId ? eq(points.storeId, where.storeId) : undefined,
        where.ids ? inArray(points.id, [...where.ids]) : undefined,
        where.cityId ? eq(points.cityId, where.cityId) : undefined,
        where.isPickup !== undefined ? eq(points.isPickup, where.isPickup) : undefined,
      ),
    )
    .orderBy(asc(stores.name), asc(points.name));
}

export type PointRow = Awaited<ReturnType<typeof findPoints>>[number];

/** The checkout points' ids as placeholder rows (rowPlaceholders). */
const POINT_ID_COLUMNS = { id: 'uuid' } as const;

/**
 * Points as checkout needs them: hours, zones, and their shop's minimum order and delivery fee; with the
 * columns a point is shown with (`presentPoint`), so a checkout reads its points once (issue 26). Named and
 * built once, one text per `listSize` of the ids: PostgreSQL parses each once per connection and keeps a
 * generic plan.
 */
export async function findCheckoutPoints(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const size = listSize(ids.length);
  return statement(db, `checkout_points_${size}`, (tx) =>
    tx
      .select({
        ...pointColumns,
        minOrderKopecks: stores.minOrderKopecks,
        deliveryFeeKopecks: stores.deliveryFeeKopecks,
        freeDeliveryFromKopecks: stores.freeDeliveryFromKopecks,
        replacementMinutes: stores.replacementMinutes,
      })
      .from(points)
      .innerJoin(stores, eq(stores.id, points.storeId))
      .where(sql`(${points.id}) in (${rowPlaceholders(size, POINT_ID_COLUMNS)})`),
  ).execute(
    rowValues(
      size,
      POINT_ID_COLUMNS,
      ids.map((id) => ({ id })),
    ),
  );
}

export type CheckoutPoint = Awaited<ReturnType<typeof findCheckoutPoints>>[number];

/** Where every point is: its address and place on the map. */
export async function findPointLocations(db: Db) {
  return db
    .select({
      longitude: points.longitude,
      latitude: points.latitude,
      address: points.address,
      cityId: points.cityId,
    })
    .from(points);
}

export async function findProductSlugs(db: Db, limit: number) {
  return db
    .select({ slug: products.slug, updatedAt: products.createdAt })
    .from(products)
    .orderBy(desc(products.createdAt))
    .limit(limit);
}
