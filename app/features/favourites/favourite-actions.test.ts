import {
  SET_COUNT_MESSAGE,
  SET_NOT_FOUND_MESSAGE,
  SET_TITLE_LENGTH_MESSAGE,
  SETS_FULL_MESSAGE,
} from '@core/contracts/favourites';
import { REQUIRED_MESSAGE } from '@core/contracts/identity';
import type { DeliveryArea } from '@core/rules/delivery-area';
import { SETS_MAX } from '@core/rules/favourites';
import { cities, deliveryZones, products } from '@server/db/schema/index';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loader as rootLoader } from '~/root';
import { loader as favouritesPageLoader } from '~/routes/favourites';
import { action as favouritesAction } from '~/routes/resources/favourites';
import { loader as setsLoader } from '~/routes/resources/favourites-sets';
import {
  actionArgs,
  formPost,
  outcomeOf,
  pageContext,
  recordingLog,
  TEST_ORIGIN,
} from '../../../tests/setup/actions';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { phoneSequence, signIn } from '../../../tests/setup/identity';
import { productsInScope } from '../../../tests/setup/shopper-states';
import { FAVOURITE_SETS_LOADER, FAVOURITES_ACTION } from './favourite-routes';

const newPhone = phoneSequence('8915');

/**
 * The hearts' and sets' resource routes (docs/decisions/019, 020): a guest is refused before the form is read,
 * the form is read with the API's contracts (Russian field messages for the forms), and the favourites
 * service does the work, as for /api/user/me/favorites….
 */
describe.each(TEST_DATABASE_KINDS)('favourite actions on %s', (kind) => {
  let t: TestApp;
  let productIds: string[];
  let area: Extract<DeliveryArea, { mode: 'delivery' }>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    productIds = (await t.db.db.select({ id: products.id }).from(products).orderBy(asc(products.slug))).map(
      (row) => row.id,
    );
    const [city] = await t.db.db.select().from(cities).where(eq(cities.slug, 'yaroslavl'));
    const [zone] = await t.db.db
      .select()
      .from(deliveryZones)
      .where(eq(deliveryZones.cityId, city?.id ?? ''));
    if (!city || !zone) throw new Error('the seed has no Yaroslavl zone');
    area = { mode: 'delivery', cityId: city.id, zoneId: zone.id };
  });

  afterAll(async () => {
    await t?.close();
  });

  const post = (context: ReturnType<typeof pageContext>, form: Record<string, string>) =>
    favouritesAction(
      actionArgs(formPost(FAVOURITES_ACTION, form), context, { params: {}, pattern: FAVOURITES_ACTION }),
    ).then(outcomeOf);
  const signedIn = async (withArea?: DeliveryArea) => {
    const customer = await signIn(t, newPhone());
    return { customer, context: { ...pageContext(t, customer.user), area: withArea } };
  };
  const summaries = async (context: ReturnType<typeof pageContext>, product?: string) => {
    const url = `${TEST_ORIGIN}${FAVOURITE_SETS_LOADER}${product ? `?product=${product}` : ''}`;
    const request = new Request(url);
    const answer = await setsLoader({ request, url: new URL(url), params: {}, pattern: '', context });
    return outcomeOf(answer);
  };

  it('refuses a guest with 401 before it reads the form, and gives a guest no sets', async () => {
    const guest = pageContext(t, null);
    expect(await post(guest, { intent: 'nonsense' })).toMatchObject({
      kind: 'data',
      status: 401,
      data: { ok: false, message: 'Необходимо авторизоваться' },
    });
    await expect(summaries(guest)).rejects.toMatchObject({ init: { status: 401 } });
  });

  it('answers the popup `sets: null` when the sets cannot be read, instead of failing the page', async () => {
    const { customer } = await signedIn();
    const failing = {
      ...t.app.services.favourites,
      listSetSummaries: () => Promise.reject(new Error('connection lost')),
    };
    const log = recordingLog();
    const context = {
      ...pageContext(t, customer.user, { log }),
      services: { ...t.app.services, favourites: failing },
    };
    expect(await summaries(context)).toMatchObject({ kind: 'data', status: 503, data: { sets: null } });
    expect(log.lines).toMatchObject([{ level: 'warn' }]);
  });

  it('toggles a favourite; the root loader then has it for the hearts and the badge', async () => {
    const { customer, context } = await signedIn();
    const id = productIds[0] as string;
    expect(await post(context, { intent: 'toggle', type: 'product', id, active: 'true' })).toMatchObject({
      status: 200,
      data: { ok: true, intent: 'toggle', active: true, count: 1 },
    });
    const root = await rootLoader({
      request: new Request(`${TEST_ORIGIN}/`),
      url: new URL(`${TEST_ORIGIN}/`),
      params: {},
      pattern: '/',
      context: pageContext(t, customer.user),
    });
    expect(root.favourites).toEqual({ product: [id], store: [], article: [] });
    // The widget's 'active' is only for its own display: the server toggles, as SPEC §7's call does.
    expect(await post(context, { intent: 'toggle', type: 'product', id, active: 'true' })).toMatchObject({
      data: { ok: true, active: false, count: 0 },
    });
    expect(await post(context, { intent: 'toggle', type: 'shop', id })).toMatchObject({
      status: 400,
      data: { ok: false, fields: { type: expect.stringMatching(/[а-яё]/i) } },
    });
  });

  it('toggles a heart posted without JavaScript and goes back to its page; a guest’s goes to log in', async () => {
    const { customer, context } = await signedIn();
    const id = productIds[1] as string;
    const documentPost = (of: ReturnType<typeof pageContext>, form: Record<string, string>) => {
      const request = formPost(FAVOURITES_ACTION, form);
      request.headers.set('accept', 'text/html,application/xhtml+xml,*/*;q=0.8');
      return favouritesAction(actionArgs(request, of, { params: {}, pattern: FAVOURITES_ACTION })).then(
        outcomeOf,
      );
    };
    // The page's one favourites form, posted by a heart: the button's own field names the item.
    const heart = { product: id, redirectTo: '/catalog?page=2' };
    expect(await documentPost(context, heart)).toMatchObject({
      kind: 'redirect',
      location: '/catalog?page=2',
    });
    expect((await t.app.services.favourites.listFavouriteKeys(customer.user._id)).product).toEqual([id]);
    // Again: it toggles, whatever the heart showed.
    await documentPost(context, heart);
    expect((await t.app.services.favourites.listFavouriteKeys(customer.user._id)).product).toEqual([]);
    // A fetcher's whole form, posted by the browser itself, as before.
    await documentPost(context, { intent: 'toggle', type: 'product', id, active: 'true' });
    expect((await t.app.services.favourites.listFavouriteKeys(customer.user._id)).product).toEqual([id]);
    expect(await documentPost(pageContext(t, null), heart)).toMatchObject({
      kind: 'redirect',
      location: '/login?redirectTo=%2Fcatalog%3Fpage%3D2',
    });
    // A refusal stays the action's failure, which the edge shows as the error page in Russian.
    expect(await documentPost(context, { intent: 'toggle', type: 'shop', id })).toMatchObject({
      status: 400,
      data: { ok: false, message: expect.stringMatching(/[а-яё]/i) },
    });
  });

  it('creates a set with a product in it, and answers the form’s fields in Russian', async () => {
    const { context } = await signedIn();
    expect(await post(context, { intent: 'create-set', title: '   ' })).toMatchObject({
      status: 400,
      data: { ok: false, fields: { title: REQUIRED_MESSAGE } },
    });
    expect(await post(context, { intent: 'create-set', title: 'я'.repeat(61) })).toMatchObject({
      status: 400,
      data: { ok: false, fields: { title: SET_TITLE_LENGTH_MESSAGE } },
    });
    const product = productIds[1] as string;
    const created = await post(context, { intent: 'create-set', title: ' На неделю ', product });
    expect(created).toMatchObject({
      status: 200,
      data: { ok: true, intent: 'create-set', set: { title: 'На неделю' }, hasProduct: true },
    });
    const setId = (created.kind === 'data' && (created.data as { set: { _id: string } }).set._id) || '';
    expect(await summaries(context, product)).toMatchObject({
      data: { sets: [{ _id: setId, title: 'На неделю', size: 1, has_product: true }] },
    });
    expect(await summaries(context, productIds[2])).toMatchObject({
      data: { sets: [{ _id: setId, size: 1, has_product: false }] },
    });
    // The popup shows the title as the server saved it (ADR 042: the answer, not the typed text).
    expect(await post(context, { intent: 'rename-set', set: setId, title: ' Выходные ' })).toMatchObject({
      status: 200,
      data: { ok: true, intent: 'rename-set', set: { _id: setId, title: 'Выходные' } },
    });
    expect(await summaries(context)).toMatchObject({ data: { sets: [{ title: 'Выходные' }] } });
  });

  it('adds, counts 1–100, removes and clears; another customer’s set is not found', async () => {
    const { customer, context } = await signedIn();
    const created = await post(context, { intent: 'create-set', title: 'Завтраки' });
    const setId = (created.kind === 'data' && (created.data as { set: { _id: string } }).set._id) || '';
    const [a, b] = productIds.slice(3, 5) as [string, string];
    for (const product of [a, b, a]) {
      expect(await post(context, { intent: 'add-to-set', set: setId, product })).toMatchObject({
        status: 200,
        data: { ok: true, set: { _id: setId, title: 'Завтраки' } },
      });
    }
    for (const count of ['0', '101', '2.5', 'много', '']) {
      expect(await post(context, { intent: 'set-count', set: setId, product: a, count })).toMatchObject({
        status: 400,
        data: { ok: false, fields: { count: SET_COUNT_MESSAGE } },
      });
    }
    expect(await post(context, { intent: 'set-count', set: setId, product: b, count: '7' })).toMatchObject({
      status: 200,
    });
    let set = await t.app.services.favourites.getSet(customer.user._id, setId);
    expect(set.products.map((line) => [line.product._id, line.count])).toEqual([
      [a, 2],
      [b, 7],
    ]);

    const other = await signedIn();
    const forms: Record<string, string>[] = [
      { intent: 'add-to-set', set: setId, product: a },
      { intent: 'rename-set', set: setId, title: 'Моё' },
      { intent: 'clear-set', set: setId },
      { intent: 'delete-set', set: setId },
      { intent: 'set-to-basket', set: setId },
    ];
    for (const form of forms) {
      expect(await post(other.context, form)).toMatchObject({
        status: 404,
        data: { ok: false, message: SET_NOT_FOUND_MESSAGE },
      });
    }

    await post(context, { intent: 'remove-from-set', set: setId, product: a });
    set = await t.app.services.favourites.getSet(customer.user._id, setId);
    expect(set.products.map((line) => line.product._id)).toEqual([b]);
    await post(context, { intent: 'clear-set', set: setId });
    set = await t.app.services.favourites.getSet(customer.user._id, setId);
    expect(set.products).toEqual([]);
    expect(await post(context, { intent: 'delete-set', set: setId })).toMatchObject({ status: 200 });
    expect(await summaries(context)).toMatchObject({ data: { sets: [] } });
  });

  it(`keeps at most ${SETS_MAX} sets and says so under the form`, async () => {
    const { customer } = await signedIn();
    const context = pageContext(t, customer.user);
    for (let index = 0; index < SETS_MAX; index += 1) {
      await t.app.services.favourites.createSet(customer.user._id, `Набор ${index + 1}`);
    }
    expect(await post(context, { intent: 'create-set', title: 'Ещё один' })).toMatchObject({
      status: 400,
      data: { ok: false, message: SETS_FULL_MESSAGE, fields: {} },
    });
  });

  it('puts a set into the basket in the shopper’s area and names what the area does not have', async () => {
    const { customer, context } = await signedIn(area);
    const inArea = await productsInScope(t, { zoneId: area.zoneId });
    const sold = productIds.filter((id) => inArea.has(id)).slice(0, 2);
    const gone = productIds.find((id) => !inArea.has(id)) as string;
    const created = await post(context, { intent: 'create-set', title: 'Неделя' });
    const setId = (created.kind === 'data' && (created.data as { set: { _id: string } }).set._id) || '';
    for (const product of [...sold, gone]) await post(context, { intent: 'add-to-set', set: setId, product });
    const [goneRow] = await t.db.db
      .select({ name: products.name })
      .from(products)
      .where(inArray(products.id, [gone]));

    const answer = await post(context, { intent: 'set-to-basket', set: setId });
    expect(answer).toMatchObject({
      status: 200,
      data: {
        ok: true,
        intent: 'set-to-basket',
        result: { added: 2, message: `Нет в наличии в вашем районе: ${goneRow?.name}.` },
      },
    });
    const basket = await t.app.services.basket.getBasket(customer.user._id);
    const inBasket = Object.values(basket).flatMap((items) => items.map((item) => item.product._id));
    expect(inBasket.sort()).toEqual([...sold].sort());
  });

  it('shows /favourites data to its customer only, the products in the shopper’s area', async () => {
    const guestUrl = `${TEST_ORIGIN}/favourites?tab=sets`;
    const guest = await favouritesPageLoader({
      request: new Request(guestUrl),
      url: new URL(guestUrl),
      params: {},
      pattern: '/favourites',
      context: pageContext(t, null),
    });
    expect(guest).toEqual({ isSignedIn: false, tab: 'sets' });

    const { context } = await signedIn(area);
    const inArea = await productsInScope(t, { zoneId: area.zoneId });
    const gone = productIds.find((id) => !inArea.has(id)) as string;
    await post(context, { intent: 'toggle', type: 'product', id: gone });
    const url = `${TEST_ORIGIN}/favourites`;
    const page = await favouritesPageLoader({
      request: new Request(url),
      url: new URL(url),
      params: {},
      pattern: '/favourites',
      context,
    });
    expect(page).toMatchObject({ isSignedIn: true, tab: 'products', products: [{ _id: gone, offer: null }] });
  });
});
