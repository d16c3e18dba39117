/**
 * Favourites and sets at the service (SPEC §3–§5, docs/decisions/019), over rows each test inserts: toggles
 * of every kind of item, the limits per type, per customer and per set, whose a set is, how a product merges
 * into a set, and a set put into the basket with what did not fit and why. The API tests
 * (favourites.routes.test.ts) cover the HTTP contract, who may call, caching and twenty toggles at once.
 */
import { randomUUID } from 'node:crypto';
import {
  ARTICLE_NOT_FOUND_MESSAGE,
  FAVOURITES_FULL_MESSAGES,
  FavouriteArticleSchema,
  FavouriteProductSchema,
  FavouriteSetSchema,
  SET_FULL_MESSAGE,
  SET_NOT_FOUND_MESSAGE,
  SET_PRODUCT_MISSING_MESSAGE,
  SETS_FULL_MESSAGE,
} from '@core/contracts/favourites';
import { BASKET_MAX_LINES } from '@core/rules/basket';
import { FAVOURITES_MAX_PER_TYPE, SET_PRODUCTS_MAX, SETS_MAX } from '@core/rules/favourites';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import {
  type CityRow,
  createCity,
  createCustomer,
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
import { createTestServices, failure, type TestServices } from '../../../tests/setup/services';
import {
  articles,
  basketItems,
  baskets,
  favouriteOwners,
  favouriteSetItems,
  favouriteSets,
  favourites,
  products,
  recipes,
  stock,
} from '../../db/schema/index';
import { hasSqlState, SQLSTATE } from '../../lib/sql-state';
import { PRODUCT_NOT_FOUND, STORE_NOT_FOUND } from '../catalog/catalog.service';
import { createFavouritesService } from './favourites.service';

describe.each(TEST_DATABASE_KINDS)('the favourites service on %s', (kind) => {
  let t: TestServices;
  let city: CityRow;
  let zone: ZoneRow;
  let shop: StoreRow;
  /** Made before the catalogue caches the list of shops. */
  let otherShop: StoreRow;
  /** Delivers to the zone. */
  let point: PointRow;
  /** Another point of the shop delivering to the zone. */
  let secondPoint: PointRow;
  /** A pickup point that serves no zone. */
  let farPoint: PointRow;

  const service = () => t.services.favourites;
  const customer = async () => (await createCustomer(t.db.db)).id;
  const product = (name?: string) => createProduct(t.db.db, shop, { name });
  /** A product the point has `count` of. */
  const stocked = async (count: number, at: PointRow = point, name?: string) => {
    const row = await product(name);
    await setStock(t.db.db, at, row, count);
    return row;
  };
  const article = async (kind: 'blog' | 'news' = 'blog') => {
    const [row] = await t.db.db
      .insert(articles)
      .values({ kind, slug: `post-${randomUUID()}`, title: 'Как выбрать арбуз', body: 'Постучите.' })
      .returning({ id: articles.id });
    if (!row) throw new Error('no article inserted');
    return row.id;
  };
  const recipe = async () => {
    const [row] = await t.db.db
      .insert(recipes)
      .values({ slug: `recipe-${randomUUID()}`, title: 'Окрошка', cookMinutes: 20, servings: 4 })
      .returning({ id: recipes.id });
    if (!row) throw new Error('no recipe inserted');
    return row.id;
  };
  const toggle = (userId: string, type: 'product' | 'store' | 'article', id: string) =>
    service().toggleFavourite(userId, { type, id });
  /** `count` favourites of a type written directly (the limit is what is tested). */
  const fillProducts = async (userId: string, count: number) => {
    const rows = await t.db.db
      .insert(products)
      .values(
        Array.from({ length: count }, (_, index) => ({
          slug: `filler-${randomUUID()}`,
          name: `Товар ${index}`,
          storeId: shop.id,
          priceKopecks: 100,
          weightGrams: 100,
        })),
      )
      .returning({ id: products.id });
    await t.db.db.insert(favouriteOwners).values({ userId }).onConflictDoNothing();
    await t.db.db
      .insert(favourites)
      .values(rows.map((row) => ({ userId, type: 'product' as const, productId: row.id })));
    return rows;
  };
  const titles = async (userId: string) => (await service().listSetSummaries(userId)).map((set) => set.title);
  const lines = async (userId: string, setId: string) =>
    (await service().getSet(userId, setId)).products.map((line) => [line.product._id, line.count]);

  beforeAll(async () => {
    t = await createTestServices(kind);
    city = await createCity(t.db.db);
    zone = await createZone(t.db.db, city);
    shop = await createStore(t.db.db);
    otherShop = await createStore(t.db.db);
    point = await createPoint(t.db.db, shop, city, { isPickup: false, zones: [zone] });
    secondPoint = await createPoint(t.db.db, shop, city, { isPickup: false, zones: [zone] });
    farPoint = await createPoint(t.db.db, shop, city);
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('favourites per type', () => {
    it('toggles a product, a shop (by slug too), a blog post, a news item and a recipe; counts them all', async () => {
      const anna = await customer();
      const item = await product();
      const post = await article('blog');
      const news = await article('news');
      const dish = await recipe();
      expect(await toggle(anna, 'product', item.id)).toEqual({
        success: true,
        type: 'product',
        id: item.id,
        active: true,
        result: 1,
      });
      expect(await toggle(anna, 'store', shop.slug)).toMatchObject({
        id: shop.slug,
        active: true,
        result: 2,
      });
      expect(await toggle(anna, 'article', post)).toMatchObject({ active: true, result: 3 });
      expect(await toggle(anna, 'article', news)).toMatchObject({ active: true, result: 4 });
      expect(await toggle(anna, 'article', dish)).toMatchObject({ active: true, result: 5 });
      expect(await service().countFavourites(anna)).toBe(5);
      expect(await service().listFavouriteKeys(anna)).toEqual({
        product: [item.id],
        store: [shop.id],
        article: [dish, news, post],
      });
      // The shop by its id is the same favourite: the second toggle takes it off.
      expect(await toggle(anna, 'store', shop.id)).toMatchObject({ active: false, result: 4 });
      expect(await toggle(anna, 'article', dish)).toMatchObject({ active: false, result: 3 });
      expect(await toggle(anna, 'product', item.id)).toMatchObject({ active: false, result: 2 });
      expect(await service().listFavouriteKeys(anna)).toEqual({
        product: [],
        store: [],
        article: [news, post],
      });
      expect(await service().countFavourites(await customer())).toBe(0);
    });

    it('does not find unknown items', async () => {
      const anna = await customer();
      expect(await failure(toggle(anna, 'product', randomUUID()))).toMatchObject({
        code: 'not_found',
        message: PRODUCT_NOT_FOUND,
      });
      expect(await failure(toggle(anna, 'store', randomUUID()))).toMatchObject({
        code: 'not_found',
        message: STORE_NOT_FOUND,
      });
      expect(await failure(toggle(anna, 'article', randomUUID()))).toMatchObject({
        code: 'not_found',
        message: ARTICLE_NOT_FOUND_MESSAGE,
      });
      expect(await service().countFavourites(anna)).toBe(0);
    });

    it('answers not found when the item is deleted while it is being added', async () => {
      const anna = await customer();
      // The catalogue still knew the product a moment ago; by the write it is gone.
      const gone = await product();
      const card = (await t.services.catalog.listProductsByIds([gone.id]))[0];
      await t.db.db.delete(products).where(eq(products.id, gone.id));
      const late = createFavouritesService({
        db: t.db.db,
        catalog: { ...t.services.catalog, listProductsByIds: async () => (card ? [card] : []) },
        content: t.services.content,
        basket: t.services.basket,
      });
      const refused = await failure(late.toggleFavourite(anna, { type: 'product', id: gone.id }));
      expect(refused).toMatchObject({ code: 'not_found', message: PRODUCT_NOT_FOUND });
      expect(hasSqlState(refused.cause, SQLSTATE.foreignKeyViolation)).toBe(true);
      const set = await late.createSet(anna, 'Ужин');
      expect(await failure(late.addToSet(anna, set._id, { product: gone.id }))).toMatchObject({
        code: 'not_found',
        message: PRODUCT_NOT_FOUND,
      });
    });

    it(`keeps at most ${FAVOURITES_MAX_PER_TYPE} favourites of a type, and still takes one off`, async () => {
      const anna = await customer();
      const [first] = await fillProducts(anna, FAVOURITES_MAX_PER_TYPE - 1);
      const last = await product();
      expect(await toggle(anna, 'product', last.id)).toMatchObject({
        active: true,
        result: FAVOURITES_MAX_PER_TYPE,
      });
      const extra = await product();
      expect(await failure(toggle(anna, 'product', extra.id))).toMatchObject({
        code: 'bad_request',
        message: FAVOURITES_FULL_MESSAGES.product,
      });
      // An unknown product is not found, full list or not.
      expect(await failure(toggle(anna, 'product', randomUUID()))).toMatchObject({
        code: 'not_found',
        message: PRODUCT_NOT_FOUND,
      });
      // Other types have their own allowance; taking one off makes room.
      expect(await toggle(anna, 'store', shop.id)).toMatchObject({ active: true });
      if (!first) throw new Error('no favourites filled');
      expect(await toggle(anna, 'product', first.id)).toMatchObject({ active: false });
      expect(await toggle(anna, 'product', extra.id)).toMatchObject({ active: true });
    });

    it(`keeps at most ${FAVOURITES_MAX_PER_TYPE} articles, and an unknown one is not found even then`, async () => {
      const anna = await customer();
      const posts = await t.db.db
        .insert(articles)
        .values(
          Array.from({ length: FAVOURITES_MAX_PER_TYPE }, (_, index) => ({
            kind: 'blog' as const,
            slug: `filler-${randomUUID()}`,
            title: `Статья ${index}`,
            body: '…',
          })),
        )
        .returning({ id: articles.id });
      await t.db.db.insert(favouriteOwners).values({ userId: anna });
      await t.db.db
        .insert(favourites)
        .values(posts.map((post) => ({ userId: anna, type: 'article' as const, articleId: post.id })));
      expect(await failure(toggle(anna, 'article', await recipe()))).toMatchObject({
        code: 'bad_request',
        message: FAVOURITES_FULL_MESSAGES.article,
      });
      expect(await failure(toggle(anna, 'article', randomUUID()))).toMatchObject({
        code: 'not_found',
        message: ARTICLE_NOT_FOUND_MESSAGE,
      });
    });

    it('lists products newest first with their in-area offer, and similar in-area products for the rest', async () => {
      const anna = await customer();
      const older = await stocked(5, point);
      const far = await stocked(5, farPoint);
      const similar = await stocked(9, secondPoint, 'Похожий');
      await toggle(anna, 'product', older.id);
      await toggle(anna, 'product', far.id);
      const listed = await service().listFavourites(anna, 'product', { zoneId: zone.id });
      expect(listed).toMatchObject({ success: true, type: 'product' });
      const favorites = z.array(FavouriteProductSchema).parse(listed.favorites);
      expect(favorites.map((card) => card._id)).toEqual([far.id, older.id]);
      const [farCard, olderCard] = favorites;
      expect(olderCard).toMatchObject({ offer: { point: point.id, count: 5 }, similar: [] });
      expect(farCard?.offer).toBeNull();
      expect(farCard?.similar.map((card) => card._id)).toContain(similar.id);
      expect(farCard?.similar.map((card) => card._id)).not.toContain(far.id);
    });

    it('lists shops and articles newest first, a recipe among the articles', async () => {
      const anna = await customer();
      const post = await article('news');
      const dish = await recipe();
      await toggle(anna, 'store', shop.id);
      await toggle(anna, 'store', otherShop.id);
      await toggle(anna, 'article', dish);
      await toggle(anna, 'article', post);
      const stores = await service().listFavourites(anna, 'store');
      expect(stores).toMatchObject({ success: true, type: 'store' });
      expect(stores.favorites.map((store) => store._id)).toEqual([otherShop.id, shop.id]);
      // A shop the catalogue does not list (closed, or not in its list yet) is left out.
      const narrower = createFavouritesService({
        db: t.db.db,
        catalog: {
          ...t.services.catalog,
          listStores: async () =>
            (await t.services.catalog.listStores()).filter((store) => store._id !== shop.id),
        },
        content: t.services.content,
        basket: t.services.basket,
      });
      expect((await narrower.listFavourites(anna, 'store')).favorites.map((store) => store._id)).toEqual([
        otherShop.id,
      ]);
      const listed = await service().listFavourites(anna, 'article');
      expect(listed).toMatchObject({ success: true, type: 'article' });
      const listedArticles = z.array(FavouriteArticleSchema).parse(listed.favorites);
      expect(listedArticles.map((item) => [item._id, item.kind])).toEqual([
        [post, 'news'],
        [dish, 'recipe'],
      ]);
    });
  });

  describe('sets', () => {
    it('are created empty, renamed, listed in the order they were created and deleted', async () => {
      const anna = await customer();
      const dinner = await service().createSet(anna, 'Ужин');
      expect(dinner).toEqual({ _id: expect.any(String), title: 'Ужин', products: [] });
      const breakfast = await service().createSet(anna, 'Завтрак');
      expect(await service().renameSet(anna, dinner._id, 'Ужин на двоих')).toEqual({
        _id: dinner._id,
        title: 'Ужин на двоих',
        products: [],
      });
      expect(await titles(anna)).toEqual(['Ужин на двоих', 'Завтрак']);
      const wine = await product();
      const eggs = await product();
      await service().addToSet(anna, dinner._id, { product: wine.id, count: 2 });
      await service().addToSet(anna, breakfast._id, { product: eggs.id });
      const listed = await service().listFavourites(anna, 'category');
      expect(listed).toMatchObject({ success: true, type: 'category' });
      expect(
        z
          .array(FavouriteSetSchema)
          .parse(listed.favorites)
          .map((set) => [set._id, set.title, set.products.map((line) => [line.product._id, line.count])]),
      ).toEqual([
        [dinner._id, 'Ужин на двоих', [[wine.id, 2]]],
        [breakfast._id, 'Завтрак', [[eggs.id, 1]]],
      ]);
      await service().deleteSet(anna, dinner._id);
      expect(await titles(anna)).toEqual(['Завтрак']);
      expect(await failure(service().getSet(anna, dinner._id))).toMatchObject({
        code: 'not_found',
        message: SET_NOT_FOUND_MESSAGE,
      });
    });

    it('add a product once or several times, merging counts up to 100; change, remove and clear lines', async () => {
      const anna = await customer();
      const set = await service().createSet(anna, 'Ужин');
      const milk = await product();
      const bread = await product();
      expect((await service().addToSet(anna, set._id, { product: milk.id })).products).toEqual([
        { product: expect.objectContaining({ _id: milk.id }), count: 1 },
      ]);
      await service().addToSet(anna, set._id, { product: milk.id, count: 4 });
      await service().addToSet(anna, set._id, { product: bread.id, count: 3 });
      expect(await lines(anna, set._id)).toEqual([
        [milk.id, 5],
        [bread.id, 3],
      ]);
      await service().addToSet(anna, set._id, { product: milk.id, count: 99 });
      expect(await lines(anna, set._id)).toEqual([
        [milk.id, 100],
        [bread.id, 3],
      ]);
      expect(
        (await service().setCount(anna, set._id, { product: milk.id, count: 2 })).products[0]?.count,
      ).toBe(2);
      expect(
        await failure(service().setCount(anna, set._id, { product: randomUUID(), count: 2 })),
      ).toMatchObject({
        code: 'not_found',
        message: SET_PRODUCT_MISSING_MESSAGE,
      });
      expect(await failure(service().addToSet(anna, set._id, { product: randomUUID() }))).toMatchObject({
        code: 'not_found',
        message: PRODUCT_NOT_FOUND,
      });
      expect(
        (await service().removeFromSet(anna, set._id, milk.id)).products.map((line) => line.product._id),
      ).toEqual([bread.id]);
      // A product not in the set: nothing changes.
      expect((await service().removeFromSet(anna, set._id, milk.id)).products).toHaveLength(1);
      expect((await service().clearSet(anna, set._id)).products).toEqual([]);
    });

    it('summarise each set’s size and whether a product is in it, without cards', async () => {
      const anna = await customer();
      const milk = await product();
      const bread = await product();
      const dinner = await service().createSet(anna, 'Ужин');
      const breakfast = await service().createSet(anna, 'Завтрак');
      await service().addToSet(anna, dinner._id, { product: milk.id });
      await service().addToSet(anna, dinner._id, { product: bread.id });
      await service().addToSet(anna, breakfast._id, { product: bread.id });
      expect(await service().listSetSummaries(anna, milk.id)).toEqual([
        { _id: dinner._id, title: 'Ужин', size: 2, has_product: true },
        { _id: breakfast._id, title: 'Завтрак', size: 1, has_product: false },
      ]);
      expect((await service().listSetSummaries(anna)).map((set) => set.has_product)).toEqual([false, false]);
    });

    it('belong to their owner: another customer finds none of them and changes nothing', async () => {
      const anna = await customer();
      const boris = await customer();
      const milk = await product();
      const set = await service().createSet(anna, 'Ужин');
      await service().addToSet(anna, set._id, { product: milk.id, count: 2 });
      // One at a time, each awaited as it starts: started together, a refusal could come before its await.
      const calls = [
        () => service().getSet(boris, set._id),
        () => service().renameSet(boris, set._id, 'Чужой'),
        () => service().deleteSet(boris, set._id),
        () => service().addToSet(boris, set._id, { product: milk.id }),
        () => service().removeFromSet(boris, set._id, milk.id),
        () => service().setCount(boris, set._id, { product: milk.id, count: 5 }),
        () => service().clearSet(boris, set._id),
        () => service().addSetToBasket(boris, set._id),
      ];
      for (const call of calls) {
        expect(await failure(call())).toMatchObject({ code: 'not_found', message: SET_NOT_FOUND_MESSAGE });
      }
      expect(await service().getSet(anna, set._id)).toMatchObject({
        title: 'Ужин',
        products: [{ count: 2 }],
      });
      expect(await service().listSetSummaries(boris)).toEqual([]);
    });

    it(`are at most ${SETS_MAX} per customer`, async () => {
      const anna = await customer();
      await t.db.db.insert(favouriteOwners).values({ userId: anna });
      await t.db.db
        .insert(favouriteSets)
        .values(
          Array.from({ length: SETS_MAX - 1 }, (_, index) => ({ userId: anna, title: `Набор ${index}` })),
        );
      await service().createSet(anna, 'Последний');
      expect(await failure(service().createSet(anna, 'Лишний'))).toMatchObject({
        code: 'bad_request',
        message: SETS_FULL_MESSAGE,
      });
      expect(await service().createSet(await customer(), 'Свой')).toMatchObject({ title: 'Свой' });
    });

    it(`hold at most ${SET_PRODUCTS_MAX} products; a product already there still merges`, async () => {
      const anna = await customer();
      const set = await service().createSet(anna, 'Большой');
      const rows = await fillProducts(anna, SET_PRODUCTS_MAX - 1);
      await t.db.db
        .insert(favouriteSetItems)
        .values(rows.map((row) => ({ setId: set._id, productId: row.id, count: 1 })));
      const last = await product();
      const extra = await product();
      await service().addToSet(anna, set._id, { product: last.id });
      expect(await failure(service().addToSet(anna, set._id, { product: extra.id }))).toMatchObject({
        code: 'bad_request',
        message: SET_FULL_MESSAGE,
      });
      expect(await failure(service().addToSet(anna, set._id, { product: randomUUID() }))).toMatchObject({
        code: 'not_found',
        message: PRODUCT_NOT_FOUND,
      });
      const [first] = rows;
      if (!first) throw new Error('no products filled');
      await service().addToSet(anna, set._id, { product: first.id, count: 2 });
      const summary = (await service().listSetSummaries(anna, first.id))[0];
      expect(summary).toMatchObject({ size: SET_PRODUCTS_MAX, has_product: true });
      expect((await service().getSet(anna, set._id)).products[0]).toMatchObject({ count: 3 });
    });
  });

  describe('a set into the basket', () => {
    it('adds each line at the in-area point with the most stock, capped, and tells what did not fit', async () => {
      const anna = await customer();
      const set = await service().createSet(anna, 'Ужин');
      const whole = await stocked(3, point, 'Молоко');
      await setStock(t.db.db, secondPoint, whole, 10);
      const short = await stocked(2, point, 'Хлеб');
      const unavailable = await stocked(5, farPoint, 'Сыр');
      const soldOut = await stocked(0, point, 'Масло');
      for (const [item, count] of [
        [short, 5],
        [unavailable, 1],
        [whole, 4],
        [soldOut, 1],
      ] as [ProductRow, number][]) {
        await service().addToSet(anna, set._id, { product: item.id, count });
      }
      const result = await service().addSetToBasket(anna, set._id, { zoneId: zone.id });
      expect(result).toEqual({
        success: true,
        added: 2,
        shortfalls: [
          { product: { _id: short.id, name: 'Хлеб' }, reason: 'limited', requested: 5, added: 2 },
          { product: { _id: unavailable.id, name: 'Сыр' }, reason: 'unavailable', requested: 1, added: 0 },
          { product: { _id: soldOut.id, name: 'Масло' }, reason: 'unavailable', requested: 1, added: 0 },
        ],
        message:
          'Нет в наличии в вашем районе: Сыр, Масло. Добавлено меньше, чем в наборе (столько осталось): Хлеб — 2 из 5.',
      });
      const basket = await t.services.basket.getBasket(anna);
      expect(Object.keys(basket).sort()).toEqual([point.id, secondPoint.id].sort());
      expect(basket[secondPoint.id]?.map((line) => [line.product._id, line.quantity])).toEqual([
        [whole.id, 4],
      ]);
      expect(basket[point.id]?.map((line) => [line.product._id, line.quantity])).toEqual([[short.id, 2]]);
      // Again: everything is there already, nothing more fits of the short line.
      const again = await service().addSetToBasket(anna, set._id, { zoneId: zone.id });
      expect(again.added).toBe(1);
      expect(again.shortfalls.map((item) => [item.product._id, item.reason, item.added])).toEqual([
        [short.id, 'limited', 0],
        [unavailable.id, 'unavailable', 0],
        [soldOut.id, 'unavailable', 0],
      ]);
    });

    it('tells which lines a full basket has no room for, and says nothing when all went in', async () => {
      const anna = await customer();
      const set = await service().createSet(anna, 'Ужин');
      const kept = await stocked(9, point, 'Кефир');
      const fresh = await stocked(9, point, 'Творог');
      await service().addToSet(anna, set._id, { product: fresh.id, count: 1 });
      await service().addToSet(anna, set._id, { product: kept.id, count: 2 });
      const fillers = await fillProducts(anna, BASKET_MAX_LINES - 1);
      await t.db.db
        .insert(stock)
        .values(fillers.map((row) => ({ pointId: point.id, productId: row.id, count: 1 })));
      await t.db.db.insert(baskets).values({ userId: anna });
      await t.db.db
        .insert(basketItems)
        .values([
          { userId: anna, pointId: point.id, productId: kept.id, quantity: 1 },
          ...fillers.map((row) => ({ userId: anna, pointId: point.id, productId: row.id, quantity: 1 })),
        ]);
      const result = await service().addSetToBasket(anna, set._id);
      expect(result).toEqual({
        success: true,
        added: 1,
        shortfalls: [
          { product: { _id: fresh.id, name: 'Творог' }, reason: 'basket_full', requested: 1, added: 0 },
        ],
        message: 'Не поместилось в корзину: Творог.',
      });
      const roomy = await service().createSet(anna, 'Второй');
      await service().addToSet(anna, roomy._id, { product: kept.id, count: 1 });
      expect(await service().addSetToBasket(anna, roomy._id)).toEqual({
        success: true,
        added: 1,
        shortfalls: [],
        message: null,
      });
    });

    it('refuses an empty set', async () => {
      const anna = await customer();
      const set = await service().createSet(anna, 'Пустой');
      expect(await failure(service().addSetToBasket(anna, set._id))).toMatchObject({
        code: 'bad_request',
        message: 'В наборе нет товаров',
      });
    });
  });
});
