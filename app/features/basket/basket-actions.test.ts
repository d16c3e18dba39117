import { type Basket, POINT_ID_MESSAGE, PRODUCT_ID_MESSAGE, QUANTITY_MESSAGE } from '@core/contracts/basket';
import { findLine } from '@core/rules/basket';
import { queryRows } from '@server/db/client';
import { stock } from '@server/db/schema/index';
import { NOT_SOLD_AT_POINT } from '@server/modules/basket/basket.service';
import { NOT_SIMILAR_REPLACEMENT } from '@server/modules/basket/line-choice';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loader as rootLoader } from '~/root';
import { action as basketPageAction, loader as basketPageLoader } from '~/routes/basket';
import { action as basketAction, loader as basketResourceLoader } from '~/routes/resources/basket';
import { actionArgs, formPost, outcomeOf, pageContext, TEST_ORIGIN } from '../../../tests/setup/actions';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { phoneSequence, signIn } from '../../../tests/setup/identity';
import { BASKET_ACTION, BASKET_PAGE, stepFieldValue } from './basket-form';

const newPhone = phoneSequence('8918');

/** A product a point of its own shop sells, with the stock the seed gave it. */
const OfferSchema = z.object({ pointId: z.string(), productId: z.string(), count: z.number() });
type Offer = z.infer<typeof OfferSchema>;

/**
 * The basket's resource route and /basket's own forms (docs/decisions/030, 043), called as React Router calls
 * them: a guest is refused before the form is read, the form is read with the API's contracts (Russian
 * messages per field), and the basket service does the work, as for PATCH and DELETE /api/user/me/basket.
 * A change answers the whole basket, which the controls show (no loader runs again); a form posted without
 * JavaScript goes back to its page.
 */
describe.each(TEST_DATABASE_KINDS)('basket actions on %s', (kind) => {
  let t: TestApp;
  /** Offers with some stock, each handed to one test only (tests change stock). */
  let pool: Offer[];
  let foreign: { pointId: string; productId: string };

  const take = (): Offer => {
    const offer = pool.shift();
    if (!offer) throw new Error('the seed has run out of offers for the basket action tests');
    return offer;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    pool = await queryRows(
      t.db.db,
      OfferSchema,
      sql`select s.point_id as "pointId", s.product_id as "productId", s.count
        from stock s join points pt on pt.id = s.point_id join products p on p.id = s.product_id
        where p.store_id = pt.store_id and s.count >= 10 and p.sold_by = 'piece'
        order by s.point_id, s.product_id`,
    );
    const [pair] = await queryRows(
      t.db.db,
      z.object({ pointId: z.string(), productId: z.string() }),
      sql`select pt.id as "pointId", p.id as "productId" from points pt join products p on p.store_id <> pt.store_id
        limit 1`,
    );
    if (!pair) throw new Error('the seed has a single shop');
    foreign = pair;
  });

  afterAll(async () => {
    await t?.close();
  });

  type Context = ReturnType<typeof pageContext>;
  const post = (context: Context, form: Record<string, string>) =>
    basketAction(
      actionArgs(formPost(BASKET_ACTION, form), context, { params: {}, pattern: BASKET_ACTION }),
    ).then(outcomeOf);
  const postPage = (context: Context, form: Record<string, string>) =>
    basketPageAction(
      actionArgs(formPost(BASKET_PAGE, form), context, { params: {}, pattern: BASKET_PAGE }),
    ).then(outcomeOf);
  const step = (offer: Pick<Offer, 'pointId' | 'productId'>, delta: number) => ({
    intent: 'change',
    warehouse_id: offer.pointId,
    product_id: offer.productId,
    delta: String(delta),
  });
  const signedIn = async () => {
    const customer = await signIn(t, newPhone());
    return { userId: customer.user._id, context: pageContext(t, customer.user) };
  };
  const quantityOnServer = async (userId: string, offer: Offer) =>
    findLine(await t.app.services.basket.getBasket(userId), offer.pointId, offer.productId)?.quantity;
  /** The line of `offer` in a change's answer (the whole basket): its quantity and its point's stock. */
  const lineIn = (outcome: Awaited<ReturnType<typeof post>>, offer: Pick<Offer, 'pointId' | 'productId'>) => {
    const basket = outcome.kind === 'data' ? (outcome.data as { basket?: Basket }).basket : undefined;
    const line = basket && findLine(basket, offer.pointId, offer.productId);
    return line ? { quantity: line.quantity, count: line.product.count } : null;
  };
  /** A form as a browser without JavaScript posts it: a document request, not a fetcher's. */
  const documentPost = (context: Context, form: Record<string, string>, referer?: string) => {
    const request = formPost(BASKET_ACTION, form);
    request.headers.set('accept', 'text/html,application/xhtml+xml,*/*;q=0.8');
    if (referer) request.headers.set('referer', referer);
    return basketAction(actionArgs(request, context, { params: {}, pattern: BASKET_ACTION })).then(outcomeOf);
  };

  it('refuses a guest with 401 before it reads the form, on the resource route and the page alike', async () => {
    const guest = pageContext(t, null);
    const offer = take();
    const forms: Record<string, string>[] = [
      { intent: 'nonsense' },
      step(offer, 1),
      { step: 'не шаг' },
      { intent: 'remove-point', warehouse_id: 'x' },
    ];
    for (const form of forms) {
      expect(await post(guest, form)).toMatchObject({
        kind: 'data',
        status: 401,
        data: { ok: false, message: 'Необходимо авторизоваться' },
      });
      expect(await postPage(guest, form)).toMatchObject({ kind: 'data', status: 401 });
    }
  });

  it('steps a line up to the stock and no further, answering the whole basket; the root loader has it too', async () => {
    const { userId, context } = await signedIn();
    const offer = take();
    const other = take();
    await post(context, step(other, 1));
    const first = await post(context, step(offer, 2));
    expect(first).toMatchObject({ status: 200, data: { ok: true, intent: 'change' } });
    // The whole basket, as the server has it after the change: the controls show it without a loader.
    expect(lineIn(first, offer)).toEqual({ quantity: 2, count: offer.count });
    expect(lineIn(first, other)).toEqual({ quantity: 1, count: other.count });
    // Quick clicks are steps: they add up whatever order they arrive in.
    await Promise.all([
      post(context, step(offer, 1)),
      post(context, step(offer, 1)),
      post(context, step(offer, 1)),
    ]);
    expect(await quantityOnServer(userId, offer)).toBe(5);
    // More than the point has is capped at its stock, and the answer says how many went in.
    expect(lineIn(await post(context, step(offer, offer.count + 3)), offer)).toEqual({
      quantity: offer.count,
      count: offer.count,
    });
    const root = await rootLoader({
      request: new Request(`${TEST_ORIGIN}/`),
      url: new URL(`${TEST_ORIGIN}/`),
      params: {},
      pattern: '/',
      context,
    });
    expect(root.basket && findLine(root.basket, offer.pointId, offer.productId)?.quantity).toBe(offer.count);
  });

  it('caps a line at the stock that fell meanwhile, and 0 removes it', async () => {
    const { userId, context } = await signedIn();
    const offer = take();
    await post(context, step(offer, 6));
    await t.db.db
      .update(stock)
      .set({ count: 3 })
      .where(and(eq(stock.pointId, offer.pointId), eq(stock.productId, offer.productId)));
    // A step down of a line above the stock lands on the stock (the widget then says 'Осталось 3 шт.').
    expect(lineIn(await post(context, step(offer, -1)), offer)).toEqual({ quantity: 3, count: 3 });
    const removed = await post(context, {
      intent: 'change',
      warehouse_id: offer.pointId,
      product_id: offer.productId,
      quantity: '0',
    });
    expect(removed).toMatchObject({ status: 200, data: { ok: true, basket: {} } });
    expect(await quantityOnServer(userId, offer)).toBeUndefined();
  });

  it('answers bad input with the contract’s Russian message under its field', async () => {
    const { context } = await signedIn();
    const offer = take();
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ ...step(offer, 1), product_id: 'молоко' }, { product_id: PRODUCT_ID_MESSAGE }],
      [{ ...step(offer, 1), warehouse_id: '' }, { warehouse_id: POINT_ID_MESSAGE }],
      [{ ...step(offer, 1), delta: '1.5' }, { delta: QUANTITY_MESSAGE }],
      [{ ...step(offer, 1), delta: 'много' }, { delta: QUANTITY_MESSAGE }],
      [{ ...step(offer, 1), delta: '1000' }, { delta: QUANTITY_MESSAGE }],
      [
        { intent: 'change', warehouse_id: offer.pointId, product_id: offer.productId },
        { quantity: 'Укажите количество' },
      ],
      [{ intent: 'remove-point', warehouse_id: 'точка' }, { pointId: POINT_ID_MESSAGE }],
    ];
    for (const [form, fields] of cases) {
      expect(await post(context, form), JSON.stringify(form)).toMatchObject({
        status: 400,
        data: { ok: false, fields },
      });
    }
    expect(await post(context, { intent: 'clear' })).toMatchObject({
      status: 400,
      data: { ok: false, message: 'Неизвестное действие с корзиной' },
    });
    expect(await post(context, step(foreign, 1))).toMatchObject({
      status: 400,
      data: { ok: false, message: NOT_SOLD_AT_POINT },
    });
  });

  it('removes a point’s whole group', async () => {
    const { userId, context } = await signedIn();
    const offer = take();
    await post(context, step(offer, 1));
    expect(await post(context, { intent: 'remove-point', warehouse_id: offer.pointId })).toMatchObject({
      status: 200,
      data: { ok: true, intent: 'remove-point', basket: {} },
    });
    expect(await t.app.services.basket.getBasket(userId)).toEqual({});
  });

  it('works as /basket’s plain forms: a step, then back to the basket; «Удалить все» asks first', async () => {
    const { userId, context } = await signedIn();
    const offer = take();
    expect(await postPage(context, step(offer, 1))).toMatchObject({
      kind: 'redirect',
      status: 302,
      location: BASKET_PAGE,
    });
    expect(await quantityOnServer(userId, offer)).toBe(1);
    // The page it comes back to names the group's point without JavaScript; a guest's page names none.
    const pageData = (context: Context) =>
      basketPageLoader({
        request: new Request(`${TEST_ORIGIN}${BASKET_PAGE}`),
        url: new URL(`${TEST_ORIGIN}${BASKET_PAGE}`),
        params: {},
        pattern: BASKET_PAGE,
        context,
      });
    expect((await pageData(context)).points.map((point) => point._id)).toEqual([offer.pointId]);
    expect((await pageData(pageContext(t, null))).points).toEqual([]);
    const removal = { intent: 'remove-point', warehouse_id: offer.pointId };
    expect(await postPage(context, removal)).toMatchObject({
      status: 200,
      data: { ok: true, intent: 'confirm-remove-point', pointId: offer.pointId },
    });
    expect(await quantityOnServer(userId, offer)).toBe(1);
    expect(await postPage(context, { ...removal, confirm: 'yes' })).toMatchObject({
      kind: 'redirect',
      location: BASKET_PAGE,
    });
    expect(await quantityOnServer(userId, offer)).toBeUndefined();
    expect(await postPage(context, { ...step(offer, 1), delta: '-' })).toMatchObject({
      status: 400,
      data: { ok: false, fields: { delta: QUANTITY_MESSAGE } },
    });
  });

  it('without JavaScript a control’s form goes back to its page, and a guest’s to the login page', async () => {
    const { userId, context } = await signedIn();
    const offer = take();
    expect(await documentPost(context, { ...step(offer, 1), redirectTo: '/catalog?page=2' })).toMatchObject({
      kind: 'redirect',
      location: '/catalog?page=2',
    });
    expect(await quantityOnServer(userId, offer)).toBe(1);
    // Only a path of this site; without one, the basket.
    expect(
      await documentPost(context, { ...step(offer, 1), redirectTo: 'https://evil.example/' }),
    ).toMatchObject({
      kind: 'redirect',
      location: BASKET_PAGE,
    });
    expect(await quantityOnServer(userId, offer)).toBe(2);
    // A card's form names no page and no intent (ADR 044): a line's change, back to the Referer's page when it
    // is this site's; another site's Referer is not followed.
    const { intent: _intent, ...cardForm } = step(offer, 1);
    const origin = new URL(formPost(BASKET_ACTION, {}).url).origin;
    expect(await documentPost(context, cardForm, `${origin}/catalog?page=3`)).toMatchObject({
      kind: 'redirect',
      location: '/catalog?page=3',
    });
    expect(await quantityOnServer(userId, offer)).toBe(3);
    expect(await documentPost(context, cardForm, 'https://evil.example/catalog')).toMatchObject({
      kind: 'redirect',
      location: BASKET_PAGE,
    });
    expect(await quantityOnServer(userId, offer)).toBe(4);
    // A grid card's 'В корзину' (a button of the page's one basket form) names its step in its own value.
    const stepForm = { step: stepFieldValue(offer.pointId, offer.productId, 1) };
    expect(await documentPost(context, stepForm, `${origin}/catalog?page=3`)).toMatchObject({
      kind: 'redirect',
      location: '/catalog?page=3',
    });
    expect(await quantityOnServer(userId, offer)).toBe(5);
    // Its counter's − is a step down, the same way.
    expect(
      await documentPost(context, { step: stepFieldValue(offer.pointId, offer.productId, -1) }),
    ).toMatchObject({ kind: 'redirect', location: BASKET_PAGE });
    expect(await quantityOnServer(userId, offer)).toBe(4);
    // Its parts are the contract's fields, read with its messages; a value that is not three parts is none.
    expect(await documentPost(context, { step: stepFieldValue(offer.pointId, 'молоко', 1) })).toMatchObject({
      status: 400,
      data: { ok: false, fields: { product_id: PRODUCT_ID_MESSAGE } },
    });
    expect(await documentPost(context, { step: `${offer.pointId}.${offer.productId}` })).toMatchObject({
      status: 400,
      data: { ok: false, fields: { warehouse_id: POINT_ID_MESSAGE } },
    });
    expect(
      await documentPost(context, { step: stepFieldValue(offer.pointId, offer.productId, 1000) }),
    ).toMatchObject({
      status: 400,
      data: { ok: false, fields: { delta: QUANTITY_MESSAGE } },
    });
    expect(await quantityOnServer(userId, offer)).toBe(4);
    // A refusal stays the action's failure: the edge shows it as the error page with its Russian message.
    expect(await documentPost(context, step(foreign, 1))).toMatchObject({
      status: 400,
      data: { ok: false, message: NOT_SOLD_AT_POINT },
    });
    // A guest's basket lives in the browser (SPEC §4) and needs JavaScript: without it, the login page, and
    // back to the page afterwards.
    expect(
      await documentPost(pageContext(t, null), { ...step(offer, 1), redirectTo: '/product/x' }),
    ).toMatchObject({
      kind: 'redirect',
      location: '/login?redirectTo=%2Fproduct%2Fx',
    });
    expect(await documentPost(pageContext(t, null), cardForm, `${origin}/catalog`)).toMatchObject({
      kind: 'redirect',
      location: '/login?redirectTo=%2Fcatalog',
    });
    expect(await documentPost(pageContext(t, null), stepForm, `${origin}/catalog`)).toMatchObject({
      kind: 'redirect',
      location: '/login?redirectTo=%2Fcatalog',
    });
  });

  it('previews a guest basket with today’s stock, storing nothing; a basket that is not one is refused', async () => {
    const guest = pageContext(t, null);
    const offer = take();
    const data = JSON.stringify({
      [offer.pointId]: [{ product: offer.productId, quantity: offer.count + 5 }],
    });
    const answer = await post(guest, { intent: 'preview', data });
    expect(answer).toMatchObject({ status: 200, data: { ok: true, intent: 'preview' } });
    const basket =
      answer.kind === 'data' ? (answer.data as { basket: Record<string, unknown[]> }).basket : {};
    expect(basket[offer.pointId]).toMatchObject([
      {
        product: { _id: offer.productId, count: offer.count },
        quantity: offer.count + 5,
        is_over_stock: true,
      },
    ]);
    for (const bad of ['not json', '[]', JSON.stringify({ 'не-точка': [] })]) {
      expect(await post(guest, { intent: 'preview', data: bad })).toMatchObject({
        status: 400,
        data: { ok: false, message: expect.stringMatching(/[а-яё]/i) },
      });
    }
  });

  it('sets a line’s choice for a missing item and its replacement, as PUT /api/user/me/basket/choice (ADR 055)', async () => {
    const { userId, context } = await signedIn();
    const offer = take();
    expect((await post(context, step(offer, 1))).status).toBe(200);
    const line = { intent: 'choice', warehouse_id: offer.pointId, product_id: offer.productId };
    const choiceIn = async () =>
      findLine(await t.app.services.basket.getBasket(userId), offer.pointId, offer.productId);

    // A fetcher's post answers the whole basket with the choice.
    const set = await post(context, { ...line, on_missing: 'remove' });
    expect(set).toMatchObject({ status: 200, data: { ok: true, intent: 'choice' } });
    const answered = set.kind === 'data' ? (set.data as { basket: Basket }).basket : {};
    expect(findLine(answered, offer.pointId, offer.productId)).toMatchObject({ on_missing: 'remove' });
    // 'Как при оформлении' posts '': the order's choice again.
    expect((await post(context, { ...line, on_missing: '' })).status).toBe(200);
    expect(await choiceIn()).toMatchObject({ on_missing: null, replacement: null });

    // The pick's list comes from the resource route's loader, asked for with the line; a guest gets 401.
    const query = new URLSearchParams({ warehouse_id: offer.pointId, product_id: offer.productId });
    const load = (who: Context) =>
      basketResourceLoader({
        ...actionArgs(new Request(`${TEST_ORIGIN}${BASKET_ACTION}?${query}`), who, {
          params: {},
          pattern: BASKET_ACTION,
        }),
      }).then(outcomeOf);
    const listed = await load(context);
    expect(listed).toMatchObject({ status: 200, data: { ok: true } });
    const options =
      listed.kind === 'data' ? (listed.data as { replacements: { product: string }[] }).replacements : [];
    expect(options).toEqual(await t.app.services.basket.listReplacements(userId, offer, '127.0.0.1'));
    expect(await load(pageContext(t, null))).toMatchObject({ status: 401 });
    const similar = options[0];
    if (!similar) throw new Error('the seed has no similar product for the line');
    expect(
      (await post(context, { ...line, on_missing: 'similar', replacement: similar.product })).status,
    ).toBe(200);
    expect(await choiceIn()).toMatchObject({
      on_missing: 'similar',
      replacement: { product: similar.product },
    });

    // Not one of the similar products: the Russian message under its field; the choice stays.
    expect(
      await post(context, { ...line, on_missing: 'similar', replacement: foreign.productId }),
    ).toMatchObject({
      status: 400,
      data: { ok: false, message: NOT_SIMILAR_REPLACEMENT, fields: { replacement: NOT_SIMILAR_REPLACEMENT } },
    });
    expect(await post(context, { ...line, on_missing: 'maybe' })).toMatchObject({
      status: 400,
      data: { ok: false, fields: { on_missing: expect.stringMatching(/[а-яё]/i) } },
    });
    // Without JavaScript: the form's 'Сохранить', then back to the basket.
    expect(
      await documentPost(context, { ...line, on_missing: 'call' }, `${TEST_ORIGIN}${BASKET_PAGE}`),
    ).toMatchObject({
      kind: 'redirect',
      location: BASKET_PAGE,
    });
    expect(await choiceIn()).toMatchObject({ on_missing: 'call', replacement: null });
    // A guest: 401 before the form is read (a guest's basket has no choice; the checkout needs signing in).
    expect(await post(pageContext(t, null), { ...line, on_missing: 'call' })).toMatchObject({ status: 401 });
  });
});
