/**
 * The shopper-state matrix (issue 11): every page route of the server build and every GET route of the
 * OpenAPI document, in each state a real shopper is in — guest with no area, guest with a delivery zone, guest
 * with a pickup point, signed in with a saved address — on PGlite and on PostgreSQL. Every answer is 200 or
 * the designed redirect, 401 or 404, never a 5xx; and what the catalogue, search, shelves and store pages list
 * is only what the area's points stock.
 *
 * Pages are rendered by the real production server build (`npm test` builds before Vitest; a missing or stale
 * build fails here). A route without a sample below fails too: a new route must join the matrix.
 */
import { z } from '@core/contracts/z';
import { eq, gt, inArray } from 'drizzle-orm';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, categories, points, products, recipes, stock, stores } from '../../server/db/schema/index';
import { createTestApp, type TestApp } from '../setup/app';
import { TEST_DATABASE_KINDS } from '../setup/database';
import { placePickupOrders } from '../setup/orders';
import { loadServerBuild } from '../setup/server-build';
import {
  cookieHeader,
  createShopperStates,
  productsInScope,
  type ShopperState,
  storesInScope,
} from '../setup/shopper-states';

/** What a request should answer: a status, or a redirect to a path. */
type Expected = number | { redirect: string };

type Sample = {
  /** The route pattern it stands for: a page route's path, or an OpenAPI path. */
  route: string;
  url: string;
  guest?: Expected;
  signedIn?: Expected;
};

const GUEST_ONLY_LOGIN = 401;

/** Page routes whose product lists must keep to the area: catalogue, search, shelves, store pages. */
const AREA_ROUTES = new Set([
  '',
  'catalog',
  'catalog/:store',
  'catalog/:store/:point',
  'catalog/:store/:point/:slug',
  'search',
  'store/:id',
]);

describe.each(TEST_DATABASE_KINDS)('shopper-state matrix on %s', (kind) => {
  let build: ServerBuild;
  let t: TestApp;
  let states: ShopperState[];
  let pages: Sample[];
  let apis: Sample[];

  beforeAll(async () => {
    build = await loadServerBuild();
    // No page cache: every state renders its own page.
    t = await createTestApp(kind, {
      reactRouter: { build, mode: 'production' },
      env: { PAGE_CACHE_TTL_MS: '0' },
    });
    states = await createShopperStates(t, '+7 (900) 777-00-01');
    const signedIn = states.find((state) => state.customer);
    if (!signedIn?.customer) throw new Error('no signed-in state');
    const [order] = await placePickupOrders(t, signedIn, 1);
    if (!order) throw new Error('no order placed');
    const orderSlug = order.slug;
    ({ pages, apis } = await collectSamples(t, orderSlug));
  });

  afterAll(async () => {
    await t?.close();
  });

  it('has a sample for every page route of the server build', () => {
    const routes = Object.values(build.routes)
      .filter((route) => route !== undefined && route.id !== 'root')
      .map((route) => (route?.index ? '' : (route?.path ?? '')));
    const sampled = new Set(pages.map((sample) => sample.route));
    const missing = routes.filter((route) => !sampled.has(route));
    expect(missing, 'add a sample URL for these routes to tests/integration/shopper-matrix.test.ts').toEqual(
      [],
    );
  });

  it('has a sample for every GET route of the OpenAPI document', async () => {
    const document = z
      .object({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) })
      .parse((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
    const routes = Object.entries(document.paths)
      .filter(([, operations]) => 'get' in operations)
      .map(([route]) => route);
    const sampled = new Set(apis.map((sample) => sample.route));
    const missing = routes.filter((route) => !sampled.has(route));
    expect(missing, 'add a sample URL for these routes to tests/integration/shopper-matrix.test.ts').toEqual(
      [],
    );
  });

  const get = (state: ShopperState, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: cookieHeader(state) } });
  /**
   * A GET of `url` in `state`, asked once: the area checks read the answers the status checks got (the tests
   * only read, so a second render would be the same page), instead of rendering the area's pages again.
   */
  const answers = new Map<string, ReturnType<typeof get>>();
  function answerOf(state: ShopperState, url: string): ReturnType<typeof get> {
    const key = `${state.name}\n${url}`;
    const known = answers.get(key);
    if (known) return known;
    const answer = get(state, url);
    answers.set(key, answer);
    return answer;
  }

  async function check(samples: readonly Sample[], state: ShopperState): Promise<string[]> {
    const failures: string[] = [];
    for (const sample of samples) {
      const expected = (state.customer ? sample.signedIn : sample.guest) ?? 200;
      const response = await answerOf(state, sample.url);
      const got =
        response.statusCode >= 300 && response.statusCode < 400
          ? `${response.statusCode} → ${response.headers.location}`
          : String(response.statusCode);
      const isExpected =
        typeof expected === 'number'
          ? response.statusCode === expected
          : (response.statusCode === 302 || response.statusCode === 303) &&
            response.headers.location === expected.redirect;
      if (!isExpected) {
        const wanted = typeof expected === 'number' ? expected : `redirect to ${expected.redirect}`;
        failures.push(`${sample.url}: ${got}, expected ${wanted}. ${response.body.slice(0, 160)}`);
      }
    }
    return failures;
  }

  it.each(['guest, no area', 'guest, delivery zone', 'guest, pickup point', 'signed in'] as const)(
    'renders every page for «%s» with 200 or the designed redirect or 404',
    async (name) => {
      const state = states.find((item) => item.name === name);
      if (!state) throw new Error(name);
      expect(await check(pages, state)).toEqual([]);
    },
  );

  it.each(['guest, no area', 'guest, delivery zone', 'guest, pickup point', 'signed in'] as const)(
    'answers every GET API for «%s» with 200 or the designed 401 or 404',
    async (name) => {
      const state = states.find((item) => item.name === name);
      if (!state) throw new Error(name);
      expect(await check(apis, state)).toEqual([]);
    },
  );

  it('lists on pages only products the area stocks, and only shops serving it', async () => {
    const slugs = new Map(
      (await t.db.db.select({ id: products.id, slug: products.slug }).from(products)).map((row) => [
        row.slug,
        row.id,
      ]),
    );
    const failures: string[] = [];
    let seenProducts = 0;
    for (const state of states) {
      const allowed = await productsInScope(t, state.scope);
      const shops = await storesInScope(t, state.scope);
      for (const sample of pages.filter((sample) => AREA_ROUTES.has(sample.route))) {
        const response = await answerOf(state, sample.url);
        if (response.statusCode !== 200) continue;
        for (const [, slug = ''] of response.body.matchAll(/href="\/product\/([a-z0-9-]+)"/g)) {
          seenProducts += 1;
          const id = slugs.get(slug);
          if (!id || !allowed.has(id)) failures.push(`${state.name} ${sample.url}: /product/${slug}`);
        }
        if (sample.route === 'search') {
          for (const [, id = ''] of response.body.matchAll(/href="\/catalog\/([0-9a-f-]{36})"/g)) {
            if (!shops.has(id)) failures.push(`${state.name} ${sample.url}: shop /catalog/${id}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(seenProducts, 'the pages listed no products at all').toBeGreaterThan(100);
  });

  it('answers the catalogue and search APIs with only what the area stocks', async () => {
    const Listing = z.object({ products: z.array(z.object({ _id: z.string() })) });
    const Items = z.array(z.object({ _id: z.string(), type: z.enum(['category', 'product']) }));
    const failures: string[] = [];
    for (const state of states) {
      const allowed = await productsInScope(t, state.scope);
      const shops = await storesInScope(t, state.scope);
      for (const sample of apis) {
        const isListing =
          sample.route === '/api/catalog/products' || sample.route === '/api/products/{id}/related';
        if (!isListing && sample.route !== '/api/search') continue;
        const response = await answerOf(state, sample.url);
        const ids =
          sample.route === '/api/search'
            ? Items.parse(response.json()).map((item) => ({ id: item._id, isShop: item.type === 'category' }))
            : (sample.route === '/api/catalog/products'
                ? Listing.parse(response.json()).products
                : z.array(z.object({ _id: z.string() })).parse(response.json())
              ).map((item) => ({ id: item._id, isShop: false }));
        for (const { id, isShop } of ids) {
          if (!(isShop ? shops : allowed).has(id)) failures.push(`${state.name} ${sample.url}: ${id}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

/** Page and API samples over the seeded demo data: real slugs and ids. */
async function collectSamples(t: TestApp, orderSlug: string): Promise<{ pages: Sample[]; apis: Sample[] }> {
  const db = t.db.db;
  const [store] = await db.select().from(stores).orderBy(stores.slug).limit(1);
  if (!store) throw new Error('no store');
  const [point] = await db
    .select()
    .from(points)
    .where(eq(points.storeId, store.id))
    .orderBy(points.slug)
    .limit(1);
  const [category] = await db.select().from(categories).orderBy(categories.slug).limit(1);
  const [product] = await db
    .select()
    .from(products)
    .where(inArray(products.id, db.select({ id: stock.productId }).from(stock).where(gt(stock.count, 0))))
    .orderBy(products.slug)
    .limit(1);
  const [recipe] = await db.select().from(recipes).orderBy(recipes.slug).limit(1);
  const [blog] = await db.select().from(articles).where(eq(articles.kind, 'blog')).limit(1);
  const [news] = await db.select().from(articles).where(eq(articles.kind, 'news')).limit(1);
  if (!point || !category || !product || !recipe || !blog || !news) throw new Error('the demo data is short');
  const contentPaths = z
    .array(z.string())
    .parse((await t.app.inject({ method: 'GET', url: '/api/pages' })).json());
  const basketRedirect = { redirect: '/basket' };
  const homeRedirect = { redirect: '/' };
  const cabinetTabs = ['orders', 'payment', 'notification', 'chat', 'delivery', 'discount'];

  const pages: Sample[] = [
    { route: '', url: '/' },
    { route: 'catalog', url: '/catalog' },
    { route: 'catalog', url: '/catalog?sort=price-asc&page=2' },
    { route: 'catalog', url: `/catalog?category=${category.slug}&discount=1` },
    { route: 'catalog/:store', url: `/catalog/${store.slug}` },
    { route: 'catalog/:store', url: `/catalog/${store.id}` },
    { route: 'catalog/:store', url: '/catalog/net-takogo-magazina', guest: 404, signedIn: 404 },
    { route: 'catalog/:store/:point', url: `/catalog/${store.slug}/${point.slug}` },
    { route: 'catalog/:store/:point/:slug', url: `/catalog/${store.slug}/${point.slug}/${category.slug}` },
    { route: 'product/:slug', url: `/product/${product.slug}` },
    { route: 'product/:slug', url: `/product/${product.id}` },
    { route: 'product/:slug', url: '/product/net-takogo-tovara', guest: 404, signedIn: 404 },
    { route: 'shops', url: '/shops' },
    { route: 'store/:id', url: `/store/${store.slug}` },
    { route: 'search', url: '/search' },
    { route: 'search', url: `/search?q=${encodeURIComponent('сыр')}` },
    { route: 'search', url: `/search?q=${encodeURIComponent('молоко')}` },
    { route: 'search', url: `/search?q=${encodeURIComponent(store.name)}` },
    { route: 'order', url: '/order', guest: basketRedirect },
    { route: 'order/:slug', url: `/order/${orderSlug}`, guest: basketRedirect },
    { route: 'order/:slug', url: '/order/999999999', guest: basketRedirect, signedIn: 404 },
    { route: 'sitemap.xml', url: '/sitemap.xml' },
    { route: 'robots.txt', url: '/robots.txt' },
    { route: 'recipes', url: '/recipes' },
    { route: 'recipes/:slug', url: `/recipes/${recipe.slug}` },
    { route: 'blog', url: '/blog' },
    { route: 'blog/:slug', url: `/blog/${blog.slug}` },
    { route: 'news', url: '/news' },
    { route: 'news/:slug', url: `/news/${news.slug}` },
    { route: 'vacancy', url: '/vacancy' },
    { route: 'basket', url: '/basket' },
    { route: 'lk', url: '/lk', guest: homeRedirect },
    // Login by SMS code: a page for guests; a signed-in customer is sent on (home, or where they were going).
    { route: 'login', url: '/login', signedIn: homeRedirect },
    { route: 'login', url: '/login?redirectTo=%2Fbasket', signedIn: { redirect: '/basket' } },
    { route: 'login', url: '/login?redirectTo=https%3A%2F%2Fevil.example', signedIn: homeRedirect },
    // 'Выйти' is a post: a link to /logout goes home and signs nobody out (the samples after it still pass).
    { route: 'logout', url: '/logout', guest: homeRedirect, signedIn: homeRedirect },
    // Resource routes for widgets' fetchers (the address popup, profile settings): posts only.
    { route: 'resources/addresses', url: '/resources/addresses', guest: 404, signedIn: 404 },
    { route: 'resources/profile', url: '/resources/profile', guest: 404, signedIn: 404 },
    // Location first (ADR 038): the popups as plain forms; the popup's address suggestions; the basket's
    // offers from a point in the area (none before an address), a query the contract refuses is data with 400.
    { route: 'location', url: '/location' },
    { route: 'location', url: '/location?mode=pickup&city=nonsense&back=https%3A%2F%2Fevil.example' },
    { route: 'resources/places', url: `/resources/places?q=${encodeURIComponent('свободы 46')}` },
    { route: 'resources/places', url: '/resources/places?q=a%00b', guest: 400, signedIn: 400 },
    { route: 'resources/basket-swap', url: `/resources/basket-swap?products=${product.id}` },
    {
      route: 'resources/basket-swap',
      url: '/resources/basket-swap?products=nonsense',
      guest: 400,
      signedIn: 400,
    },
    ...cabinetTabs.map((tab) => ({ route: 'lk', url: `/lk?active=${tab}`, guest: homeRedirect })),
    // Favourites: a guest gets the page with the invitation to log in and no data (ADR 029).
    { route: 'favourites', url: '/favourites' },
    ...['products', 'stores', 'articles', 'sets', 'nonsense'].map((tab) => ({
      route: 'favourites',
      url: `/favourites?tab=${tab}`,
    })),
    // The hearts' and sets' fetchers post here; the 'Добавить в набор' popup reads the sets.
    { route: 'resources/favourites', url: '/resources/favourites', guest: 404, signedIn: 404 },
    {
      route: 'resources/favourites/sets',
      url: `/resources/favourites/sets?product=${product.id}`,
      guest: GUEST_ONLY_LOGIN,
    },
    // The operator console (ADR 034): a guest logs in first, a customer gets the 403 page.
    ...[
      ['operator', '/operator'],
      ['operator', '/operator?status=closed'],
      ['chats/:id', '/operator/chats/00000000-0000-4000-8000-000000000000'],
      ['board', '/operator/board'],
      // An order's assembly (ADR 055).
      ['board/:number', '/operator/board/100001'],
      ['reviews', '/operator/reviews'],
      ['reviews', '/operator/reviews?status=hidden'],
      ['requests', '/operator/requests'],
      ['requests', '/operator/requests?kind=applications&status=all'],
      ['promo', '/operator/promo'],
    ].map(([route = '', url = '']) => ({
      route,
      url,
      guest: { redirect: `/login?redirectTo=${encodeURIComponent(url)}` },
      signedIn: 403,
    })),
    // The header search's suggestions (ADR 032): data for the ComboBox, in the shopper's area; a query the
    // contract refuses is data with 400, never an error page.
    { route: 'resources/search', url: `/resources/search?q=${encodeURIComponent('молоко')}` },
    { route: 'resources/search', url: `/resources/search?q=${encodeURIComponent(store.name)}` },
    { route: 'resources/search', url: '/resources/search?q=a%00b', guest: 400, signedIn: 400 },
    // The basket widgets' fetchers post here (ADR 030); nothing to show.
    { route: 'resources/basket', url: '/resources/basket', guest: 404, signedIn: 404 },
    // The cabinet's notification list posts here (open, read all, push subscription); the chat reads older
    // pages of its history here (ADR 033).
    { route: 'resources/notifications', url: '/resources/notifications', guest: 404, signedIn: 404 },
    { route: 'resources/chat', url: '/resources/chat', guest: GUEST_ONLY_LOGIN },
    { route: 'resources/chat', url: '/resources/chat?before=5', guest: GUEST_ONLY_LOGIN },
    // The header dropdown's discount card number (issue 25): a guest's is none.
    { route: 'resources/discount-card', url: '/resources/discount-card' },
    // The review popup and 'Оцените магазин', the feedback popup post here (ADR 045); nothing to show.
    { route: 'resources/reviews', url: '/resources/reviews', guest: 404, signedIn: 404 },
    { route: 'resources/feedback', url: '/resources/feedback', guest: 404, signedIn: 404 },
    // A shop's reviews in pages; a page the contract refuses is the first.
    { route: 'store/:id', url: `/store/${store.slug}?reviews=2` },
    { route: 'store/:id', url: `/store/${store.slug}?reviews=nonsense` },
    ...contentPaths.map((path) => ({ route: ':slug', url: path })),
    { route: ':slug', url: '/net-takoy-stranicy', guest: 404, signedIn: 404 },
    { route: '*', url: '/net/takoy/stranicy', guest: 404, signedIn: 404 },
    // SPEC §6 by path where no page is: a guest is sent where the order and cabinet pages send one.
    { route: ':slug', url: '/orders', guest: basketRedirect, signedIn: 404 },
    { route: '*', url: '/order/1/items', guest: basketRedirect, signedIn: 404 },
    { route: '*', url: '/lk/settings', guest: homeRedirect, signedIn: 404 },
  ];

  const signedInOnly = { guest: GUEST_ONLY_LOGIN };
  const apis: Sample[] = [
    { route: '/api/settings', url: '/api/settings' },
    { route: '/api/pages', url: '/api/pages' },
    { route: '/api/pages/{*}', url: '/api/pages/home' },
    ...contentPaths.map((path) => ({ route: '/api/pages/{*}', url: `/api/pages${path}` })),
    { route: '/api/recipes', url: '/api/recipes' },
    { route: '/api/recipes/{slug}', url: `/api/recipes/${recipe.slug}` },
    { route: '/api/articles', url: '/api/articles?kind=blog' },
    { route: '/api/articles', url: '/api/articles?kind=news' },
    { route: '/api/articles/{kind}/{slug}', url: `/api/articles/blog/${blog.slug}` },
    { route: '/api/articles/{kind}/{slug}', url: `/api/articles/news/${news.slug}` },
    { route: '/api/vacancies', url: '/api/vacancies' },
    { route: '/api/catalog/products', url: '/api/catalog/products' },
    { route: '/api/catalog/products', url: '/api/catalog/products?sort=price-desc&min=50&max=500' },
    { route: '/api/catalog/products', url: `/api/catalog/products?store=${store.slug}` },
    { route: '/api/catalog/products', url: `/api/catalog/products?store=${store.slug}&point=${point.slug}` },
    { route: '/api/catalog/products', url: `/api/catalog/products?category=${category.slug}` },
    { route: '/api/categories', url: '/api/categories' },
    { route: '/api/stores', url: '/api/stores' },
    { route: '/api/stores/{id}', url: `/api/stores/${store.slug}` },
    { route: '/api/stores/{id}', url: `/api/stores/${store.id}` },
    { route: '/api/store/{id}/points', url: `/api/store/${store.id}/points` },
    { route: '/api/points/list', url: `/api/points/list?points=${point.id}` },
    { route: '/api/products/{id}', url: `/api/products/${product.id}` },
    { route: '/api/products/{id}', url: `/api/products/${product.slug}` },
    { route: '/api/products/{id}/related', url: `/api/products/${product.id}/related` },
    { route: '/api/search', url: `/api/search?q=${encodeURIComponent('молоко')}` },
    { route: '/api/search', url: `/api/search?q=${encodeURIComponent('сыр')}` },
    { route: '/api/search', url: `/api/search?q=${encodeURIComponent(store.name)}` },
    { route: '/api/user/me', url: '/api/user/me', ...signedInOnly },
    // The customer has uploaded no picture: 404 (files.routes).
    { route: '/api/file/user', url: '/api/file/user', guest: GUEST_ONLY_LOGIN, signedIn: 404 },
    { route: '/api/user/me/basket', url: '/api/user/me/basket', ...signedInOnly },
    // A basket line's similar products (ADR 055): of a line the basket has, else 409.
    {
      route: '/api/user/me/basket/replacements',
      url: `/api/user/me/basket/replacements?point=${point.id}&product=00000000-0000-4000-8000-000000000000`,
      guest: GUEST_ONLY_LOGIN,
      signedIn: 409,
    },
    { route: '/api/geo/reverse', url: `/api/geo/reverse?lng=${point.longitude}&lat=${point.latitude}` },
    { route: '/api/geo/search', url: `/api/geo/search?q=${encodeURIComponent('свободы 46')}` },
    { route: '/api/user/me/addresses', url: '/api/user/me/addresses', ...signedInOnly },
    { route: '/api/orders', url: '/api/orders', ...signedInOnly },
    { route: '/api/orders/{slug}', url: `/api/orders/${orderSlug}`, ...signedInOnly },
    { route: '/api/points/{id}/slots', url: `/api/points/${point.id}/slots` },
    { route: '/api/notification', url: '/api/notification', ...signedInOnly },
    { route: '/api/notification/vapid', url: '/api/notification/vapid' },
    { route: '/api/chat', url: '/api/chat', ...signedInOnly },
    // A shop's reviews (ADR 045): anyone reads them; whether one may review, the customer alone.
    { route: '/api/store/{id}/reviews', url: `/api/store/${store.id}/reviews` },
    { route: '/api/store/{id}/reviews', url: `/api/store/${store.slug}/reviews?page=2` },
    { route: '/api/store/{id}/rating/mine', url: `/api/store/${store.id}/rating/mine`, ...signedInOnly },
    // The operator console's API: a customer is refused (issue 15).
    ...[
      '/api/operator/conversations',
      '/api/operator/orders',
      '/api/operator/reviews',
      '/api/operator/questions',
      '/api/operator/applications',
    ].map((url) => ({
      route: url,
      url,
      guest: GUEST_ONLY_LOGIN,
      signedIn: 403,
    })),
    {
      route: '/api/operator/applications/{id}/cv',
      url: '/api/operator/applications/00000000-0000-4000-8000-000000000000/cv',
      guest: GUEST_ONLY_LOGIN,
      signedIn: 403,
    },
    {
      route: '/api/operator/conversations/{id}',
      url: '/api/operator/conversations/00000000-0000-4000-8000-000000000000',
      guest: GUEST_ONLY_LOGIN,
      signedIn: 403,
    },
    // An order's lines for the picker (ADR 055): the operators' only.
    {
      route: '/api/operator/orders/{number}/assembly',
      url: `/api/operator/orders/${orderSlug}/assembly`,
      guest: GUEST_ONLY_LOGIN,
      signedIn: 403,
    },
    ...['product', 'store', 'article', 'category'].map((type) => ({
      route: '/api/user/me/favorites',
      url: `/api/user/me/favorites?type=${type}`,
      ...signedInOnly,
    })),
    { route: '/api/user/me/favorites/count', url: '/api/user/me/favorites/count', ...signedInOnly },
    // The toggle changes state: a cookie session without the same-origin header is refused (ADR 019).
    {
      route: '/api/user/me/favorites/toggle',
      url: `/api/user/me/favorites/toggle?type=product&id=${product.id}`,
      guest: GUEST_ONLY_LOGIN,
      signedIn: 403,
    },
  ];
  return { pages, apis };
}
