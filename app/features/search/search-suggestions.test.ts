import { SearchItemSchema } from '@core/contracts/catalog';
import { z } from '@core/contracts/z';
import { DELIVERY_AREA_COOKIE, parseDeliveryArea } from '@core/rules/delivery-area';
import { SEARCH_MAX_LENGTH } from '@core/rules/search-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loader } from '~/routes/resources/search';
import { pageContext, recordingLog, TEST_ORIGIN } from '../../../tests/setup/actions';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import {
  cookieHeader,
  createShopperStates,
  productsInScope,
  type ShopperState,
  storesInScope,
} from '../../../tests/setup/shopper-states';

type LoaderArgs = Parameters<typeof loader>[0];
type LoadContext = LoaderArgs['context'];

/** What `data(value, init)` carries: React Router sends `value` with `init.status` (200 when none). */
function outcomeOf(result: Awaited<ReturnType<typeof loader>>) {
  return { status: result.init?.status ?? 200, body: result.data };
}

/**
 * The header search's resource route (docs/decisions/032): GET /resources/search?q=… through the load
 * context's search service, in the delivery area of the request's cookie, answering what GET /api/search
 * answers for the same cookie.
 */
describe.each(TEST_DATABASE_KINDS)('the search suggestions loader on %s', (kind) => {
  let t: TestApp;
  let states: ShopperState[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    states = await createShopperStates(t, '+7 (900) 532-00-01');
  });

  afterAll(async () => {
    await t?.close();
  });

  /** The load context of a request in `state`: its user and the area its cookie names (as server/app.ts reads it). */
  function contextOf(state: ShopperState | undefined, log = recordingLog()): LoadContext {
    const area = parseDeliveryArea(state?.cookies[DELIVERY_AREA_COOKIE]);
    return { ...pageContext(t, state?.customer?.user ?? null, { log }), area };
  }

  const suggest = (q: string, context: LoadContext) =>
    loader({
      request: new Request(`${TEST_ORIGIN}/resources/search?q=${encodeURIComponent(q)}`),
      params: {},
      context,
    } as LoaderArgs).then(outcomeOf);

  async function fromApi(q: string, state: ShopperState) {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/search',
      query: { q },
      headers: { cookie: cookieHeader(state) },
    });
    expect(response.statusCode).toBe(200);
    return z.array(SearchItemSchema).parse(response.json());
  }

  it('answers shop catalogues and products for 3 characters and more, as GET /api/search does', async () => {
    const guest = states.find((state) => state.name === 'guest, no area');
    const answer = await suggest('мол', contextOf(guest));
    expect(answer.status).toBe(200);
    expect(answer.body.q).toBe('мол');
    expect(answer.body.problem).toBeUndefined();
    expect(answer.body.items.some((item) => item.type === 'category')).toBe(true);
    expect(answer.body.items.some((item) => item.type === 'product')).toBe(true);
    if (guest) expect(answer.body.items).toEqual(await fromApi('мол', guest));
  });

  it.each(['', 'м', 'мо', '  мо  ', 'ab'])('answers no suggestions under 3 characters («%s»)', async (q) => {
    const answer = await suggest(q, contextOf(undefined));
    expect(answer).toEqual({ status: 200, body: { q, items: [] } });
  });

  it.each(['молоко', 'сыр', 'vjkjrj'])(
    'answers «%s» in every shopper state with only what the area stocks, exactly as the API',
    async (q) => {
      for (const state of states) {
        const answer = await suggest(q, contextOf(state));
        expect(answer.status, state.name).toBe(200);
        const products = await productsInScope(t, state.scope);
        const shops = await storesInScope(t, state.scope);
        for (const item of answer.body.items) {
          const allowed = item.type === 'product' ? products : shops;
          expect(allowed.has(item._id), `${state.name}: «${q}» → ${item.name}`).toBe(true);
        }
        expect(answer.body.items, state.name).toEqual(await fromApi(q, state));
      }
    },
  );

  it('at a pickup point suggests no shop catalogue but that point’s own shop', async () => {
    const pickup = states.find((state) => state.name === 'guest, pickup point');
    const anywhere = contextOf(undefined);
    const here = contextOf(pickup);
    const ownShops = await storesInScope(t, pickup?.scope);
    expect(ownShops.size).toBe(1);
    const everyShop = await t.app.services.catalog.listStores();
    let elsewhere = 0;
    for (const store of everyShop) {
      const inArea = (await suggest(store.name, here)).body.items.filter((item) => item.type === 'category');
      expect(
        inArea.map((item) => item._id),
        store.name,
      ).toEqual(ownShops.has(store._id) ? [store._id] : []);
      if (!ownShops.has(store._id)) {
        // Without an area the same name does find the shop: the area is what left it out.
        const found = (await suggest(store.name, anywhere)).body.items;
        expect(
          found.map((item) => item._id),
          store.name,
        ).toContain(store._id);
        elsewhere += 1;
      }
    }
    expect(elsewhere).toBeGreaterThan(0);
  });

  it('answers an over-long query with 400 and the contract’s Russian message, not an error page', async () => {
    const answer = await suggest('м'.repeat(SEARCH_MAX_LENGTH + 1), contextOf(undefined));
    expect(answer.status).toBe(400);
    expect(answer.body.items).toEqual([]);
    expect(answer.body.problem).toBe(`Запрос не длиннее ${SEARCH_MAX_LENGTH} символов`);
  });

  it('answers a failing search with 503 and a Russian message, and logs the failure', async () => {
    const log = recordingLog();
    const context = contextOf(undefined, log);
    const failure = new Error('connection terminated');
    const broken = {
      ...context,
      services: {
        ...context.services,
        search: {
          ...context.services.search,
          suggest: () => Promise.reject(failure),
        },
      },
    } as LoadContext;
    const answer = await suggest('молоко', broken);
    expect(answer).toEqual({
      status: 503,
      body: { q: 'молоко', items: [], problem: 'Поиск временно недоступен' },
    });
    expect(log.lines).toEqual([
      { level: 'error', details: { err: failure, q: 'молоко' }, message: 'search suggestions failed' },
    ]);
  });
});
