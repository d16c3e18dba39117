import { BasketSchema } from '@core/contracts/basket';
import { ErrorBodySchema } from '@core/contracts/common';
import {
  FAVOURITE_ID_MESSAGE,
  FAVOURITE_TYPE_MESSAGE,
  FAVOURITES_FULL_MESSAGES,
  FavouriteCountSchema,
  type FavouriteList,
  FavouriteListSchema,
  type FavouriteSet,
  FavouriteSetSchema,
  SET_COUNT_MESSAGE,
  SET_FULL_MESSAGE,
  SET_NOT_FOUND_MESSAGE,
  SET_PRODUCT_MISSING_MESSAGE,
  SET_TITLE_LENGTH_MESSAGE,
  SETS_FULL_MESSAGE,
  SetToBasketResultSchema,
  ToggleResultSchema,
} from '@core/contracts/favourites';
import { REQUIRED_MESSAGE } from '@core/contracts/identity';
import { BASKET_MAX_LINES } from '@core/rules/basket';
import { DELIVERY_AREA_COOKIE, formatDeliveryArea } from '@core/rules/delivery-area';
import { FAVOURITES_MAX_PER_TYPE, SET_PRODUCTS_MAX, SETS_MAX } from '@core/rules/favourites';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { phoneSequence, type SignedInCustomer, signIn } from '../../../tests/setup/identity';
import {
  cookieHeader,
  createShopperStates,
  pointsOf,
  productsInScope,
  type ShopperState,
} from '../../../tests/setup/shopper-states';
import { queryRows } from '../../db/client';
import {
  articles,
  basketItems,
  baskets,
  favouriteOwners,
  favouriteSetItems,
  favourites,
  products,
  recipes,
  stock,
  stores,
} from '../../db/schema/index';
import { CSRF_MESSAGE } from '../../http/auth';
import { PRODUCT_NOT_FOUND, STORE_NOT_FOUND } from '../catalog/catalog.service';
import { EMPTY_SET_MESSAGE } from './favourites.service';

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;
type Who = SignedInCustomer | null;

function expectError(response: Response, status: number, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = ErrorBodySchema.parse(response.json());
  expect(body.message).toMatch(/[а-яё]/i);
  if (message !== undefined) expect(body.message).toBe(message);
  return body;
}

function setOf(response: Response): FavouriteSet {
  expect(response.statusCode, response.body).toBe(200);
  return FavouriteSetSchema.parse(response.json());
}

const newPhone = phoneSequence('8914');

const SETS = '/api/user/me/favorites/categories';

describe.each(TEST_DATABASE_KINDS)('the favourites API on %s', (kind) => {
  let t: TestApp;
  let productIds: string[];
  let storeIds: string[];
  let blog: string;
  let news: string;
  let recipe: string;

  const customer = () => signIn(t, newPhone());
  const headersOf = (who: Who, extra: Record<string, string> = {}) => ({ ...(who?.headers ?? {}), ...extra });

  const toggle = (who: Who, type: string, id: string, headers?: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: `/api/user/me/favorites/toggle?type=${encodeURIComponent(type)}&id=${encodeURIComponent(id)}`,
      headers: headers ?? headersOf(who),
    });
  const toggled = async (who: SignedInCustomer, type: string, id: string) => {
    const response = await toggle(who, type, id);
    expect(response.statusCode, response.body).toBe(200);
    return ToggleResultSchema.parse(response.json());
  };
  const count = async (who: SignedInCustomer) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user/me/favorites/count',
      headers: { cookie: who.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return FavouriteCountSchema.parse(response.json()).result;
  };
  const list = async (who: SignedInCustomer, type: string, cookies = ''): Promise<FavouriteList> => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/user/me/favorites?type=${type}`,
      headers: { cookie: [who.cookie, cookies].filter(Boolean).join('; ') },
    });
    expect(response.statusCode, response.body).toBe(200);
    return FavouriteListSchema.parse(response.json());
  };
  const listIds = async (who: SignedInCustomer, type: 'product' | 'store' | 'article') =>
    (await list(who, type)).favorites.map((item) => item._id);
  const listTotal = async (who: SignedInCustomer) =>
    (await listIds(who, 'product')).length +
    (await listIds(who, 'store')).length +
    (await listIds(who, 'article')).length;
  const call = (
    who: Who,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    extra = '',
  ) =>
    t.app.inject({
      method,
      url,
      headers: headersOf(who, extra ? { cookie: [who?.cookie, extra].filter(Boolean).join('; ') } : {}),
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  const createSet = async (who: SignedInCustomer, title: string) =>
    setOf(await call(who, 'POST', SETS, { title }));
  const sets = async (who: SignedInCustomer, cookies = '') => {
    const answer = await list(who, 'category', cookies);
    if (answer.type !== 'category') throw new Error('expected sets');
    return answer.favorites;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    productIds = (await t.db.db.select({ id: products.id }).from(products).orderBy(asc(products.slug))).map(
      (row) => row.id,
    );
    storeIds = (await t.db.db.select({ id: stores.id }).from(stores).orderBy(asc(stores.slug))).map(
      (row) => row.id,
    );
    const [blogRow] = await t.db.db
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.kind, 'blog'));
    const [newsRow] = await t.db.db
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.kind, 'news'));
    const [recipeRow] = await t.db.db.select({ id: recipes.id }).from(recipes);
    if (!blogRow || !newsRow || !recipeRow) throw new Error('the seed has no articles or recipes');
    [blog, news, recipe] = [blogRow.id, newsRow.id, recipeRow.id];
  });

  afterAll(async () => {
    await t?.close();
  });

  const product = (index: number) => {
    const id = productIds[index];
    if (!id) throw new Error(`the seed has fewer than ${index + 1} products`);
    return id;
  };

  describe('who may use it', () => {
    it('answers a guest 401 on every call, before looking at the input', async () => {
      expectError(await toggle(null, 'нечто', 'x'), 401, 'Необходимо авторизоваться');
      expectError(await call(null, 'GET', '/api/user/me/favorites/count'), 401, 'Необходимо авторизоваться');
      expectError(await call(null, 'GET', '/api/user/me/favorites?type=x'), 401, 'Необходимо авторизоваться');
      expectError(await call(null, 'POST', SETS, { title: '' }), 401, 'Необходимо авторизоваться');
      expectError(await call(null, 'DELETE', `${SETS}/x/clear`), 401, 'Необходимо авторизоваться');
    });

    it('needs the same-origin header for the GET toggle of a cookie session, and never lets it be cached', async () => {
      const anna = await customer();
      expectError(await toggle(anna, 'product', product(0), { cookie: anna.cookie }), 403, CSRF_MESSAGE);
      expect(await count(anna)).toBe(0);
      const byBearer = await toggle(anna, 'product', product(0), { authorization: `Bearer ${anna.token}` });
      expect(byBearer.statusCode, byBearer.body).toBe(200);
      expect(byBearer.headers['cache-control']).toBe('private, no-store');
      // A HEAD of the toggle would flip it unseen: there is none.
      const head = await t.app.inject({
        method: 'HEAD',
        url: `/api/user/me/favorites/toggle?type=product&id=${product(0)}`,
        headers: anna.headers,
      });
      expect(head.statusCode).toBe(404);
      expect(await count(anna)).toBe(1);
    });
  });

  describe('favourites per type', () => {
    it('toggles a product, a shop, a blog post, a news item and a recipe; the count is the lists’ total', async () => {
      const anna = await customer();
      expect(await toggled(anna, 'product', product(1))).toMatchObject({ active: true, result: 1 });
      expect(await toggled(anna, 'product', product(2))).toMatchObject({ active: true, result: 2 });
      expect(await toggled(anna, 'store', storeIds[0] ?? '')).toMatchObject({ active: true, result: 3 });
      await toggled(anna, 'article', blog);
      await toggled(anna, 'article', news);
      expect(await toggled(anna, 'article', recipe)).toMatchObject({
        type: 'article',
        active: true,
        result: 6,
      });

      expect(await listIds(anna, 'product')).toEqual([product(2), product(1)]);
      expect(await listIds(anna, 'store')).toEqual([storeIds[0]]);
      const articleList = await list(anna, 'article');
      if (articleList.type !== 'article') throw new Error('expected articles');
      expect(articleList.favorites.map((item) => [item._id, item.kind])).toEqual([
        [recipe, 'recipe'],
        [news, 'news'],
        [blog, 'blog'],
      ]);
      expect(await count(anna)).toBe(6);
      expect(await listTotal(anna)).toBe(6);

      expect(await toggled(anna, 'product', product(1))).toMatchObject({ active: false, result: 5 });
      expect(await toggled(anna, 'article', news)).toMatchObject({ active: false, result: 4 });
      expect(await listIds(anna, 'product')).toEqual([product(2)]);
      expect(await count(anna)).toBe(await listTotal(anna));
    });

    it('answers products with their offer in the shopper’s area, and similar in-area products for the rest', async () => {
      const states = await createShopperStates(t, newPhone());
      const zone = states.find((state) => state.name === 'guest, delivery zone') as ShopperState;
      const inArea = await productsInScope(t, zone.scope);
      const anna = await customer();
      const available = productIds.find((id) => inArea.has(id)) as string;
      // A product the area does not have, of a category the area does have something of.
      const categoryOf = new Map(
        (await t.db.db.select({ id: products.id, category: products.categoryId }).from(products)).map(
          (row) => [row.id, row.category],
        ),
      );
      const areaCategories = new Set([...inArea].map((id) => categoryOf.get(id)));
      const gone = productIds.find(
        (id) => !inArea.has(id) && areaCategories.has(categoryOf.get(id)),
      ) as string;
      expect(available && gone).toBeTruthy();
      await toggled(anna, 'product', available);
      await toggled(anna, 'product', gone);

      const inZone = await list(anna, 'product', cookieHeader(zone));
      if (inZone.type !== 'product') throw new Error('expected products');
      const [goneCard, availableCard] = inZone.favorites;
      expect(goneCard?._id).toBe(gone);
      expect(goneCard?.offer).toBeNull();
      expect(goneCard?.similar.length).toBeGreaterThan(0);
      for (const similar of goneCard?.similar ?? []) {
        expect(similar.offer).not.toBeNull();
        expect(inArea.has(similar._id)).toBe(true);
      }
      const zonePoints = new Set((await pointsOf(t, zone.scope)) ?? []);
      expect(availableCard?._id).toBe(available);
      expect(zonePoints.has(availableCard?.offer?.point ?? '')).toBe(true);
      expect(availableCard?.similar).toEqual([]);
    });

    it('validates the type and id with Russian messages, and does not find unknown items', async () => {
      const anna = await customer();
      expectError(await toggle(anna, 'category', product(0)), 400, FAVOURITE_TYPE_MESSAGE);
      expectError(await toggle(anna, 'product', 'не-id'), 400, FAVOURITE_ID_MESSAGE);
      const unknown = '00000000-0000-4000-8000-000000000000';
      expectError(await toggle(anna, 'product', unknown), 404, PRODUCT_NOT_FOUND);
      expectError(await toggle(anna, 'store', unknown), 404, STORE_NOT_FOUND);
      expectError(await toggle(anna, 'article', unknown), 404, 'Статья не найдена');
      // A shop's id is not a product.
      expectError(await toggle(anna, 'product', storeIds[0] ?? ''), 404, PRODUCT_NOT_FOUND);
      expectError(await call(anna, 'GET', '/api/user/me/favorites?type=всё'), 400);
      expect(await count(anna)).toBe(0);
    });

    it('flips an item once per toggle when twenty arrive at once, and ends consistent', async () => {
      const anna = await customer();
      await toggled(anna, 'store', storeIds[1] ?? '');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => toggle(anna, 'product', product(3))),
      );
      const results = answers.map((response) => {
        expect(response.statusCode, response.body).toBe(200);
        return ToggleResultSchema.parse(response.json());
      });
      // One after another under the customer's lock: ten turned it on, ten turned it off.
      expect(results.filter((result) => result.active)).toHaveLength(10);
      expect(await listIds(anna, 'product')).toEqual([]);
      expect(await count(anna)).toBe(1);
      expect(await listTotal(anna)).toBe(1);
      const odd = await Promise.all(Array.from({ length: 21 }, () => toggle(anna, 'product', product(3))));
      for (const response of odd) expect(response.statusCode, response.body).toBe(200);
      expect(await listIds(anna, 'product')).toEqual([product(3)]);
      expect(await count(anna)).toBe(2);
      expect(await listTotal(anna)).toBe(2);
    });

    it(`keeps at most ${FAVOURITES_MAX_PER_TYPE} favourites of a type`, async () => {
      const anna = await customer();
      // The demo data has fewer products than the limit: add plain ones for this customer's list.
      const [storeId] = storeIds;
      const extra = await t.db.db
        .insert(products)
        .values(
          Array.from({ length: FAVOURITES_MAX_PER_TYPE + 1 }, (_, index) => ({
            slug: `favourites-limit-${kind}-${index}`,
            name: `Товар для проверки ${index}`,
            storeId: storeId as string,
            priceKopecks: 10000,
            weightGrams: 100,
          })),
        )
        .returning({ id: products.id });
      await t.db.db.insert(favouriteOwners).values({ userId: anna.user._id });
      await t.db.db.insert(favourites).values(
        extra.slice(0, FAVOURITES_MAX_PER_TYPE).map((row) => ({
          userId: anna.user._id,
          type: 'product' as const,
          productId: row.id,
        })),
      );
      const last = extra[FAVOURITES_MAX_PER_TYPE]?.id as string;
      expectError(await toggle(anna, 'product', last), 400, FAVOURITES_FULL_MESSAGES.product);
      // Removing still works, and other types are not limited by the products.
      expect(await toggled(anna, 'product', extra[0]?.id as string)).toMatchObject({ active: false });
      expect(await toggled(anna, 'product', last)).toMatchObject({ active: true });
      expect(await toggled(anna, 'store', storeIds[0] ?? '')).toMatchObject({ active: true });
      expect(await count(anna)).toBe(FAVOURITES_MAX_PER_TYPE + 1);
      await t.db.db.delete(products).where(
        inArray(
          products.id,
          extra.map((row) => row.id),
        ),
      );
      // A product that is gone leaves every list (and the count) with it.
      expect(await count(anna)).toBe(1);
      expect(await listTotal(anna)).toBe(1);
    });
  });

  describe('sets', () => {
    it('creates, renames and lists sets; the title is required and at most 60 characters', async () => {
      const anna = await customer();
      const weekly = await createSet(anna, '  На неделю  ');
      expect(weekly).toMatchObject({ title: 'На неделю', products: [] });
      expectError(await call(anna, 'POST', SETS, { title: '   ' }), 400, REQUIRED_MESSAGE);
      expectError(await call(anna, 'POST', SETS, {}), 400, REQUIRED_MESSAGE);
      expectError(await call(anna, 'POST', SETS, { title: 'я'.repeat(61) }), 400, SET_TITLE_LENGTH_MESSAGE);
      expectError(await call(anna, 'POST', SETS, { title: 'два\nряда' }), 400);
      const long = await createSet(anna, 'я'.repeat(60));
      const renamed = setOf(await call(anna, 'PUT', `${SETS}/${weekly._id}`, { title: 'Завтраки' }));
      expect(renamed.title).toBe('Завтраки');
      expectError(await call(anna, 'PUT', `${SETS}/${weekly._id}`, { title: '' }), 400, REQUIRED_MESSAGE);
      expect((await sets(anna)).map((set) => [set._id, set.title])).toEqual([
        [weekly._id, 'Завтраки'],
        [long._id, 'я'.repeat(60)],
      ]);
      // Sets are not favourites: the badge does not count them.
      expect(await count(anna)).toBe(0);
    });

    it('adds, merges, counts 1–100, removes and clears products', async () => {
      const anna = await customer();
      const set = await createSet(anna, 'Ужин');
      const url = `${SETS}/${set._id}`;
      let answer = setOf(await call(anna, 'POST', url, { product: product(10) }));
      expect(answer.products.map((line) => [line.product._id, line.count])).toEqual([[product(10), 1]]);
      answer = setOf(await call(anna, 'POST', url, { product: product(11), count: 3 }));
      // Duplicates merge into their line, counts adding up to at most 100.
      answer = setOf(await call(anna, 'POST', url, { product: product(10) }));
      expect(answer.products.map((line) => [line.product._id, line.count])).toEqual([
        [product(10), 2],
        [product(11), 3],
      ]);
      answer = setOf(await call(anna, 'POST', url, { product: product(11), count: 99 }));
      expect(answer.products[1]?.count).toBe(100);

      answer = setOf(await call(anna, 'PUT', `${url}/product`, { product: product(10), count: 7 }));
      expect(answer.products[0]?.count).toBe(7);
      for (const bad of [0, 101, 2.5, '5', null]) {
        expectError(
          await call(anna, 'PUT', `${url}/product`, { product: product(10), count: bad }),
          400,
          SET_COUNT_MESSAGE,
        );
      }
      expectError(
        await call(anna, 'PUT', `${url}/product`, { product: product(12), count: 2 }),
        404,
        SET_PRODUCT_MISSING_MESSAGE,
      );
      expectError(
        await call(anna, 'POST', url, { product: '00000000-0000-4000-8000-000000000000' }),
        404,
        PRODUCT_NOT_FOUND,
      );
      expectError(
        await call(anna, 'POST', url, { product: 'молоко' }),
        400,
        'Некорректный идентификатор товара',
      );

      answer = setOf(await call(anna, 'DELETE', `${url}/product`, { product: product(10) }));
      expect(answer.products.map((line) => line.product._id)).toEqual([product(11)]);
      answer = setOf(await call(anna, 'DELETE', `${url}/clear`));
      expect(answer.products).toEqual([]);

      const deleted = await call(anna, 'DELETE', url);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toEqual({ success: true });
      expectError(await call(anna, 'DELETE', `${url}/clear`), 404, SET_NOT_FOUND_MESSAGE);
      expect(await sets(anna)).toEqual([]);
    });

    it('belongs to its owner: another customer gets 404 for every call and changes nothing', async () => {
      const [anna, boris] = [await customer(), await customer()];
      const set = await createSet(anna, 'Анины покупки');
      const url = `${SETS}/${set._id}`;
      await call(anna, 'POST', url, { product: product(20), count: 2 });
      const attempts = [
        call(boris, 'PUT', url, { title: 'Чужой' }),
        call(boris, 'POST', url, { product: product(21) }),
        call(boris, 'PUT', `${url}/product`, { product: product(20), count: 5 }),
        call(boris, 'DELETE', `${url}/product`, { product: product(20) }),
        call(boris, 'DELETE', `${url}/clear`),
        call(boris, 'POST', `${url}/basket`),
        call(boris, 'DELETE', url),
      ];
      for (const response of await Promise.all(attempts)) expectError(response, 404, SET_NOT_FOUND_MESSAGE);
      expect(await sets(boris)).toEqual([]);
      const [kept] = await sets(anna);
      expect(kept?.title).toBe('Анины покупки');
      expect(kept?.products.map((line) => [line.product._id, line.count])).toEqual([[product(20), 2]]);
      expectError(await call(anna, 'PUT', `${SETS}/not-a-set`, { title: 'x' }), 400, SET_NOT_FOUND_MESSAGE);
    });

    it(`keeps at most ${SETS_MAX} sets, even when more are created at once`, async () => {
      const anna = await customer();
      const answers = await Promise.all(
        Array.from({ length: SETS_MAX + 5 }, (_, index) =>
          call(anna, 'POST', SETS, { title: `Набор ${index}` }),
        ),
      );
      expect(answers.filter((response) => response.statusCode === 200)).toHaveLength(SETS_MAX);
      for (const response of answers.filter((answer) => answer.statusCode !== 200)) {
        expectError(response, 400, SETS_FULL_MESSAGE);
      }
      expect(await sets(anna)).toHaveLength(SETS_MAX);
    });

    it(`keeps at most ${SET_PRODUCTS_MAX} products in a set; a product already there still merges`, async () => {
      const anna = await customer();
      const set = await createSet(anna, 'Большой');
      const url = `${SETS}/${set._id}`;
      await t.db.db
        .insert(favouriteSetItems)
        .values(
          productIds
            .slice(0, SET_PRODUCTS_MAX - 1)
            .map((productId) => ({ setId: set._id, productId, count: 1 })),
        );
      // The last free place, taken by twenty customers' clicks at once: one of them gets it.
      const racing = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          call(anna, 'POST', url, { product: product(SET_PRODUCTS_MAX + index) }),
        ),
      );
      expect(racing.filter((response) => response.statusCode === 200)).toHaveLength(1);
      for (const response of racing.filter((answer) => answer.statusCode !== 200)) {
        expectError(response, 400, SET_FULL_MESSAGE);
      }
      const merged = setOf(await call(anna, 'POST', url, { product: product(0), count: 4 }));
      expect(merged.products.find((line) => line.product._id === product(0))?.count).toBe(5);
      const [stored] = await queryRows(
        t.db.db,
        z.object({ n: z.number() }),
        sql`select count(*)::int as n from favourite_set_items where set_id = ${set._id}`,
      );
      expect(stored?.n).toBe(SET_PRODUCTS_MAX);
    });

    it('puts a set into the basket at the in-area point with the most stock, capped, and tells what did not fit', async () => {
      const states = await createShopperStates(t, newPhone());
      const zone = states.find((state) => state.name === 'guest, delivery zone') as ShopperState;
      const zonePoints = (await pointsOf(t, zone.scope)) ?? [];
      const inArea = await productsInScope(t, zone.scope);
      const anna = await customer();
      const area = cookieHeader(zone);
      // Pieces: goods sold by weight go in by their minimum, not the set's count (ADR 054).
      const pieces = new Set(
        (await t.db.db.select({ id: products.id }).from(products).where(eq(products.soldBy, 'piece'))).map(
          (row) => row.id,
        ),
      );
      const [plenty, scarce] = productIds.filter((id) => inArea.has(id) && pieces.has(id)).slice(40, 42) as [
        string,
        string,
      ];
      const gone = productIds.find((id) => !inArea.has(id)) as string;
      // The scarce product: at most 2 at any point of the area.
      await t.db.db
        .update(stock)
        .set({ count: sql`least(${stock.count}, 2)` })
        .where(and(eq(stock.productId, scarce), inArray(stock.pointId, zonePoints)));
      await t.db.db
        .update(stock)
        .set({ count: sql`greatest(${stock.count}, 2)` })
        .where(and(eq(stock.productId, scarce), inArray(stock.pointId, zonePoints), sql`${stock.count} > 0`));
      await t.db.db
        .update(stock)
        .set({ count: sql`greatest(${stock.count}, 50)` })
        .where(and(eq(stock.productId, plenty), inArray(stock.pointId, zonePoints), sql`${stock.count} > 0`));
      const set = await createSet(anna, 'Неделя');
      const url = `${SETS}/${set._id}`;
      expectError(await call(anna, 'POST', `${url}/basket`, undefined, area), 400, EMPTY_SET_MESSAGE);
      for (const [id, n] of [
        [plenty, 3],
        [gone, 1],
        [scarce, 5],
      ] as const) {
        await call(anna, 'POST', url, { product: id, count: n });
      }
      const names = new Map(
        (
          await t.db.db
            .select({ id: products.id, name: products.name })
            .from(products)
            .where(inArray(products.id, [plenty, scarce, gone]))
        ).map((row) => [row.id, row.name]),
      );

      const response = await call(anna, 'POST', `${url}/basket`, undefined, area);
      expect(response.statusCode, response.body).toBe(200);
      const result = SetToBasketResultSchema.parse(response.json());
      expect(result.added).toBe(2);
      expect(result.shortfalls).toEqual([
        { product: { _id: gone, name: names.get(gone) }, reason: 'unavailable', requested: 1, added: 0 },
        { product: { _id: scarce, name: names.get(scarce) }, reason: 'limited', requested: 5, added: 2 },
      ]);
      expect(result.message).toBe(
        `Нет в наличии в вашем районе: ${names.get(gone)}. ` +
          `Добавлено меньше, чем в наборе (столько осталось): ${names.get(scarce)} — 2 из 5.`,
      );

      const basket = BasketSchema.parse(
        (
          await t.app.inject({ method: 'GET', url: '/api/user/me/basket', headers: { cookie: anna.cookie } })
        ).json(),
      );
      const lines = Object.entries(basket).flatMap(([pointId, items]) =>
        items.map((item) => ({ pointId, product: item.product._id, quantity: item.quantity })),
      );
      expect(lines.map((line) => [line.product, line.quantity]).sort()).toEqual(
        [
          [plenty, 3],
          [scarce, 2],
        ].sort(),
      );
      // Each at the area's point with the most of it (the offer rule, ADR 014).
      for (const line of lines) {
        const [best] = await queryRows(
          t.db.db,
          z.object({ point: z.string() }),
          sql`select point_id as point from stock where product_id = ${line.product}
            and point_id in (${sql.join(
              zonePoints.map((id) => sql`${id}::uuid`),
              sql`, `,
            )}) and count > 0 order by count desc, point_id limit 1`,
        );
        expect(line.pointId).toBe(best?.point);
      }

      // Again: the scarce line is at its stock already, the plenty one grows on top of what is there.
      const again = SetToBasketResultSchema.parse(
        (await call(anna, 'POST', `${url}/basket`, undefined, area)).json(),
      );
      expect(again.shortfalls.map((item) => [item.product._id, item.reason, item.added])).toEqual([
        [gone, 'unavailable', 0],
        [scarce, 'limited', 0],
      ]);
    });
  });

  it('reports the lines a full basket has no room for, and still tops up lines already there', async () => {
    const anna = await customer();
    const offers = await queryRows(
      t.db.db,
      z.object({ pointId: z.string(), productId: z.string() }),
      sql`select s.point_id as "pointId", s.product_id as "productId" from stock s
        join points pt on pt.id = s.point_id join products p on p.id = s.product_id
        where p.store_id = pt.store_id
          -- 5 pieces, or 5 packs of goods sold by weight (their stock is grams, ADR 054)
          and s.count >= 5 * (case when p.sold_by = 'weight' then p.weight_grams else 1 end)
        order by s.product_id, s.count desc, s.point_id`,
    );
    const byProduct = new Map<string, string>();
    for (const offer of offers)
      if (!byProduct.has(offer.productId)) byProduct.set(offer.productId, offer.pointId);
    const lines = [...byProduct].slice(0, BASKET_MAX_LINES + 1);
    expect(lines).toHaveLength(BASKET_MAX_LINES + 1);
    const [first, extra] = [lines[0], lines[BASKET_MAX_LINES]] as [[string, string], [string, string]];
    await t.db.db.insert(baskets).values({ userId: anna.user._id });
    await t.db.db
      .insert(basketItems)
      .values(
        lines
          .slice(0, BASKET_MAX_LINES)
          .map(([productId, pointId]) => ({ userId: anna.user._id, pointId, productId, quantity: 1 })),
      );
    const set = await createSet(anna, 'Ещё');
    await call(anna, 'POST', `${SETS}/${set._id}`, { product: first[0], count: 1 });
    await call(anna, 'POST', `${SETS}/${set._id}`, { product: extra[0], count: 1 });
    const result = SetToBasketResultSchema.parse(
      (await call(anna, 'POST', `${SETS}/${set._id}/basket`)).json(),
    );
    expect(result.added).toBe(1);
    expect(result.shortfalls.map((item) => [item.product._id, item.reason])).toEqual([
      [extra[0], 'basket_full'],
    ]);
    expect(result.message).toMatch(/^Не поместилось в корзину: /);
  });

  it('puts goods sold by weight in by portions of their least amount: 2 of cheese from 200 г is 400 г', async () => {
    const anna = await customer();
    const [offer] = await queryRows(
      t.db.db,
      z.object({ pointId: z.string(), productId: z.string(), min: z.number(), cityId: z.string() }),
      sql`select s.point_id as "pointId", s.product_id as "productId", p.min_grams as min,
          pt.city_id as "cityId" from stock s
        join points pt on pt.id = s.point_id join products p on p.id = s.product_id
        where p.store_id = pt.store_id and pt.is_pickup and p.sold_by = 'weight' and p.piece_grams is null
          and s.count >= 10 * p.min_grams
        order by s.product_id limit 1`,
    );
    if (!offer) throw new Error('the seed has no goods sold by weight at a pickup point');
    const set = await createSet(anna, 'Сыры');
    await call(anna, 'POST', `${SETS}/${set._id}`, { product: offer.productId, count: 2 });
    const area = `${DELIVERY_AREA_COOKIE}=${formatDeliveryArea({ mode: 'pickup', cityId: offer.cityId, pointId: offer.pointId })}`;
    const result = SetToBasketResultSchema.parse(
      (await call(anna, 'POST', `${SETS}/${set._id}/basket`, undefined, area)).json(),
    );
    expect(result).toMatchObject({ added: 1, shortfalls: [] });
    const [line] = await t.db.db
      .select({ quantity: basketItems.quantity })
      .from(basketItems)
      .where(and(eq(basketItems.userId, anna.user._id), eq(basketItems.productId, offer.productId)));
    expect(line?.quantity).toBe(2 * offer.min);
  });

  it('lists every call in /api/openapi.json', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const expected: [string, string][] = [
      ['/api/user/me/favorites/toggle', 'get'],
      ['/api/user/me/favorites/count', 'get'],
      ['/api/user/me/favorites', 'get'],
      ['/api/user/me/favorites/categories', 'post'],
      ['/api/user/me/favorites/categories/{id}', 'put'],
      ['/api/user/me/favorites/categories/{id}', 'delete'],
      ['/api/user/me/favorites/categories/{id}', 'post'],
      ['/api/user/me/favorites/categories/{id}/product', 'delete'],
      ['/api/user/me/favorites/categories/{id}/product', 'put'],
      ['/api/user/me/favorites/categories/{id}/clear', 'delete'],
      ['/api/user/me/favorites/categories/{id}/basket', 'post'],
    ];
    for (const [path, method] of expected)
      expect(document.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });
});
