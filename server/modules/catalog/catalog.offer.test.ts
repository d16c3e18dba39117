/**
 * Issue 11 item 3: the price a shopper sees before adding is the price the basket charges. A product is
 * cheaper (and plentiful) at a point outside the shopper's zone and dearer at the one inside it: every card,
 * the product page, shelves, search results, recipes, the price filter and sort, and the basket (signed in and
 * guest) must all show the in-zone point's price.
 */
import { BasketSchema } from '@core/contracts/basket';
import { ProductCardSchema, ProductDetailSchema, ProductPageSchema } from '@core/contracts/catalog';
import { RecipeSchema } from '@core/contracts/content';
import type { z } from '@core/contracts/z';
import { type AssortmentScope, DELIVERY_AREA_COOKIE, formatDeliveryArea } from '@core/rules/delivery-area';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { signIn } from '../../../tests/setup/identity';
import {
  points,
  pointZones,
  products,
  recipeIngredientProducts,
  recipes,
  stock,
  stores,
} from '../../db/schema/index';

const IN_ZONE_PRICE = 35_900;
const OUTSIDE_PRICE = 32_900;

describe.each(TEST_DATABASE_KINDS)('one price from card to basket on %s', (kind) => {
  let t: TestApp;
  let zoneId: string;
  let cityId: string;
  let inside: string;
  let outside: string;
  let store: { id: string; slug: string };
  let productId: string;
  let recipeSlug: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.db.db;
    // A shop with a point serving a zone and another point that does not serve it.
    const served = await db
      .select({
        zoneId: pointZones.zoneId,
        pointId: points.id,
        cityId: points.cityId,
        storeId: stores.id,
        storeSlug: stores.slug,
      })
      .from(pointZones)
      .innerJoin(points, eq(points.id, pointZones.pointId))
      .innerJoin(stores, eq(stores.id, points.storeId))
      .orderBy(stores.slug, points.slug);
    const pair = served.flatMap((row) => {
      const other = served.find(
        (candidate) =>
          candidate.storeId === row.storeId &&
          candidate.pointId !== row.pointId &&
          !served.some((x) => x.pointId === candidate.pointId && x.zoneId === row.zoneId),
      );
      return other ? [{ row, other }] : [];
    })[0];
    if (!pair) throw new Error('the demo data has no shop with a point outside one of its zones');
    ({ zoneId, cityId } = pair.row);
    inside = pair.row.pointId;
    outside = pair.other.pointId;
    store = { id: pair.row.storeId, slug: pair.row.storeSlug };

    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.storeId, store.id))
      .orderBy(products.slug)
      .limit(1);
    if (!product) throw new Error('the shop has no products');
    productId = product.id;
    await db.update(products).set({ priceKopecks: OUTSIDE_PRICE }).where(eq(products.id, productId));
    await db.delete(stock).where(eq(stock.productId, productId));
    await db.insert(stock).values([
      { pointId: outside, productId, count: 100, priceKopecks: null },
      { pointId: inside, productId, count: 5, priceKopecks: IN_ZONE_PRICE },
    ]);
    // An ingredient's only candidate becomes this product.
    const [ingredient] = await db
      .select({
        recipeId: recipeIngredientProducts.recipeId,
        position: recipeIngredientProducts.position,
        slug: recipes.slug,
      })
      .from(recipeIngredientProducts)
      .innerJoin(recipes, eq(recipes.id, recipeIngredientProducts.recipeId))
      .limit(1);
    if (!ingredient) throw new Error('no recipe links a product');
    recipeSlug = ingredient.slug;
    const ofIngredient = and(
      eq(recipeIngredientProducts.recipeId, ingredient.recipeId),
      eq(recipeIngredientProducts.position, ingredient.position),
    );
    await db.delete(recipeIngredientProducts).where(ofIngredient);
    await db.insert(recipeIngredientProducts).values({
      recipeId: ingredient.recipeId,
      position: ingredient.position,
      productId,
      rank: 0,
      packs: 1,
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  const zoneCookie = () => ({
    [DELIVERY_AREA_COOKIE]: formatDeliveryArea({ mode: 'delivery', cityId, zoneId }),
  });
  const pickupCookie = (pointId: string) => ({
    [DELIVERY_AREA_COOKIE]: formatDeliveryArea({ mode: 'pickup', cityId, pointId }),
  });

  async function get<T>(url: string, schema: z.ZodType<T>, cookies: Record<string, string>, query = {}) {
    const response = await t.app.inject({ method: 'GET', url, cookies, query });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
    return schema.parse(response.json());
  }

  async function cardIn(cookies: Record<string, string>, query: Record<string, string> = {}) {
    const page = await get('/api/catalog/products', ProductPageSchema, cookies, {
      store: store.slug,
      ...query,
    });
    return page.products.find((item) => item._id === productId);
  }

  it('shows the in-zone point’s price on the card, with the offer the basket buys', async () => {
    const card = await cardIn(zoneCookie());
    expect(card?.price).toBe(IN_ZONE_PRICE);
    expect(card?.offer).toEqual({ point: inside, count: 5, price: IN_ZONE_PRICE });
  });

  it('filters and sorts by the price it shows', async () => {
    const exactly = String(IN_ZONE_PRICE / 100);
    expect(await cardIn(zoneCookie(), { min: exactly, max: exactly })).toBeDefined();
    expect(await cardIn(zoneCookie(), { max: String(IN_ZONE_PRICE / 100 - 1) })).toBeUndefined();
    for (const sort of ['price-asc', 'price-desc'] as const) {
      const page = await get('/api/catalog/products', ProductPageSchema, zoneCookie(), { sort });
      const prices = page.products.map((item) => item.price);
      const sorted = [...prices].sort((a, b) => (sort === 'price-asc' ? a - b : b - a));
      expect(prices, sort).toEqual(sorted);
    }
  });

  it('heads the product page with the in-zone offer; the point outside is listed, out of the area', async () => {
    const detail = await get(`/api/products/${productId}`, ProductDetailSchema, zoneCookie());
    expect(detail.price).toBe(IN_ZONE_PRICE);
    expect(detail.offer?.point).toBe(inside);
    expect(detail.warehouse.find((entry) => entry.point._id === outside)).toMatchObject({
      price: OUTSIDE_PRICE,
      in_area: false,
    });
    expect(detail.warehouse.find((entry) => entry.point._id === inside)).toMatchObject({
      price: IN_ZONE_PRICE,
      in_area: true,
    });
  });

  it('prices shelves, search results, store pages and recipes the same way', async () => {
    const scope: AssortmentScope = { zoneId };
    const { catalog } = t.app.services;
    const [byId] = await catalog.listProductsByIds([productId], scope);
    expect(byId?.price).toBe(IN_ZONE_PRICE);
    const shelf = await catalog.listShelf({ order: 'popular', limit: 500, storeId: store.id }, scope);
    expect(shelf.find((item) => item._id === productId)?.price).toBe(IN_ZONE_PRICE);
    const recipe = await get(`/api/recipes/${recipeSlug}`, RecipeSchema, zoneCookie());
    const linked = recipe.ingredients.find((item) => item.product?._id === productId);
    expect(linked?.product?.price).toBe(IN_ZONE_PRICE);
  });

  it('charges in the basket exactly the price the card showed, signed in and as a guest', async () => {
    const card = ProductCardSchema.parse(await cardIn(zoneCookie()));
    const point = card.offer?.point ?? '';
    const customer = await signIn(t, '+7 (900) 511-00-02');
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/me/basket',
      headers: customer.headers,
      payload: { warehouse_id: point, product_id: productId, quantity: 1 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(BasketSchema.parse(changed.json())[point]?.[0]?.product.price).toBe(card.price);
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/basket/preview',
      payload: { data: { [point]: [{ product: productId, quantity: 1 }] } },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(BasketSchema.parse(preview.json())[point]?.[0]?.product.price).toBe(card.price);
  });

  // Without an area: the default city's points (Ярославль: `outside`), ADR 038.
  it('offers the point with the most stock when no area is chosen, and the pickup point when one is', async () => {
    const anywhere = await cardIn({});
    expect(anywhere?.offer?.point).toBe(outside);
    expect(anywhere?.price).toBe(OUTSIDE_PRICE);
    const atInside = await cardIn(pickupCookie(inside));
    expect(atInside?.offer?.point).toBe(inside);
    expect(atInside?.price).toBe(IN_ZONE_PRICE);
  });

  // Last: it changes the stock.
  it('breaks a tie in stock by the smaller point id, for cards and the product page alike', async () => {
    await t.db.db
      .update(stock)
      .set({ count: 100 })
      .where(and(eq(stock.productId, productId), eq(stock.pointId, inside)));
    const first = [inside, outside].sort()[0];
    // Every point counting (no scope): the two points are in different cities, and a visitor without an
    // address shops in one city (ADR 038), so only the services see both.
    const { catalog } = t.app.services;
    const [card] = await catalog.listProductsByIds([productId], undefined);
    const detail = await catalog.getProduct(productId, undefined);
    expect(card?.offer?.point).toBe(first);
    expect(detail.offer?.point).toBe(first);
  });
});
