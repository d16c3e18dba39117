/**
 * Substitutions through their page actions (issue 27, ADR 055), on PGlite and PostgreSQL: the operator's
 * assembly page marks a line missing or offers a replacement (BoardSubstituteFormSchema, refusals in
 * Russian), and the customer answers on the order page ('Принять замену' / 'Отказаться'), each a redirect
 * with its flash; the order page's loader shows the result.
 */
import { type Order, PlacedOrdersSchema } from '@core/contracts/orders';
import { queryRows } from '@server/db/client';
import { stores } from '@server/db/schema/index';
import { createFakeClock } from '@server/lib/clock';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { action as assemblyAction, loader as assemblyLoader } from '~/routes/operator-assembly';
import { action as orderPageAction, loader as orderPageLoader } from '~/routes/order-detail';
import { actionArgs, formPost, outcomeOf, pageContext, TEST_ORIGIN } from '../../../tests/setup/actions';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { phoneSequence, type SignedInCustomer, signIn } from '../../../tests/setup/identity';
import { signInOperator } from '../../../tests/setup/realtime';

/** A pickup point and products of one category it has plenty of, sold by the piece. */
const ShelfSchema = z.object({ pointId: z.string(), products: z.array(z.string()) });
type Shelf = z.infer<typeof ShelfSchema>;

const nextPhone = phoneSequence('8917');

describe.each(TEST_DATABASE_KINDS)('substitution page actions on %s', (kind) => {
  let t: TestApp;
  let operator: SignedInCustomer;
  let shelves: Shelf[];
  const clock = createFakeClock(Date.now());
  const take = () => {
    const shelf = shelves.shift();
    if (!shelf) throw new Error('the seed has run out of shelves of pieces at pickup points');
    return shelf;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    await t.db.db.update(stores).set({ minOrderKopecks: 0 });
    operator = await signInOperator(t, nextPhone());
    shelves = await queryRows(
      t.db.db,
      ShelfSchema,
      sql`select s.point_id as "pointId", array_agg(p.id::text order by p.popularity desc, p.id) as products
        from stock s join points pt on pt.id = s.point_id join products p on p.id = s.product_id
        where p.store_id = pt.store_id and pt.is_pickup and p.sold_by = 'piece' and s.count >= 50
          and p.category_id is not null
        group by s.point_id, p.category_id
        having count(*) >= 5
        order by s.point_id, p.category_id`,
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  /** Two lines (3 and 1 pieces) placed through the API with the checkout's choice, then confirmed. */
  async function placeOrder(customer: SignedInCustomer, shelf: Shelf, onMissing: string): Promise<Order> {
    const [first, second] = shelf.products.slice(-2) as [string, string];
    for (const [product, quantity] of [
      [first, 3],
      [second, 1],
    ] as const) {
      const put = await t.app.inject({
        method: 'PATCH',
        url: '/api/user/me/basket',
        headers: customer.headers,
        payload: { warehouse_id: shelf.pointId, product_id: product, quantity },
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...customer.headers, 'idempotency-key': crypto.randomUUID() },
      payload: {
        orders: [{ point: shelf.pointId, fulfilment: 'pickup' }],
        phone: '+7 (900) 777-00-04',
        payment: 'cash',
        on_missing: onMissing,
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const [order] = PlacedOrdersSchema.parse(placed.json()).orders;
    if (!order) throw new Error('no order');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/operator/orders/${order.number}/status`,
      headers: operator.headers,
      payload: { status: 'confirmed' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return order;
  }

  const context = (who: SignedInCustomer | null) =>
    pageContext(t, who?.user ?? null, { now: () => clock.now() });

  const loadAssembly = (who: SignedInCustomer, number: number) =>
    assemblyLoader({
      request: new Request(`${TEST_ORIGIN}/operator/board/${number}`),
      params: { number: String(number) },
      context: context(who),
    } as never);

  const substitute = async (who: SignedInCustomer | null, number: number, fields: Record<string, string>) =>
    outcomeOf(
      await assemblyAction(
        actionArgs(formPost(`/operator/board/${number}`, fields), context(who), {
          params: { number: String(number) },
          pattern: '/operator/board/:number',
        }),
      ),
    );

  const answer = async (who: SignedInCustomer, number: number, fields: Record<string, string>) =>
    outcomeOf(
      await orderPageAction(
        actionArgs(formPost(`/order/${number}`, fields), context(who), {
          params: { slug: String(number) },
          pattern: '/order/:slug',
        }),
      ),
    );

  const loadOrder = async (who: SignedInCustomer, number: number) =>
    (
      await orderPageLoader({
        request: new Request(`${TEST_ORIGIN}/order/${number}`),
        params: { slug: String(number) },
        context: context(who),
      } as never)
    ).order;

  it('refuses a guest 401 and a customer 403 before it reads the form', async () => {
    expect(await substitute(null, 1, {})).toMatchObject({
      kind: 'data',
      status: 401,
      data: { ok: false, message: 'Необходимо авторизоваться' },
    });
    const customer = await signIn(t, nextPhone());
    expect(await substitute(customer, 1, { intent: 'substitute' })).toMatchObject({
      kind: 'data',
      status: 403,
      data: { ok: false, message: 'Раздел доступен только операторам поддержки' },
    });
  });

  it('offers a similar product; the customer accepts it on the order page', async () => {
    const shelf = take();
    const customer = await signIn(t, nextPhone());
    const order = await placeOrder(customer, shelf, 'similar');
    const { assembly } = await loadAssembly(operator, order.number);
    const [original] = assembly.lines;
    if (!original) throw new Error('no line');
    expect(assembly.can_substitute).toBe(true);
    expect(original.on_missing).toBe('similar');
    const replacement = original.similar[0]?.product;
    if (!replacement) throw new Error('no similar product offered');

    // Not among the similar ones: refused in Russian, the form kept.
    expect(
      await substitute(operator, order.number, {
        intent: 'substitute',
        number: String(order.number),
        product: original.product,
        replacement: 'не товар',
      }),
    ).toMatchObject({
      kind: 'data',
      status: 400,
      data: { ok: false, message: 'Выберите замену из похожих товаров' },
    });

    expect(
      await substitute(operator, order.number, {
        intent: 'substitute',
        number: String(order.number),
        product: original.product,
        replacement,
      }),
    ).toMatchObject({ kind: 'redirect', location: `/operator/board/${order.number}` });
    const offered = (await loadAssembly(operator, order.number)).assembly.lines.find(
      (line) => line.product === original.product,
    );
    expect(offered).toMatchObject({ state: 'offered', replacement: { product: replacement } });

    // Once is enough: the line is dealt with.
    expect(
      await substitute(operator, order.number, {
        intent: 'substitute',
        number: String(order.number),
        product: original.product,
      }),
    ).toMatchObject({ kind: 'data', status: 409 });

    // The customer's answer with a wrong value: the contract's message.
    expect(
      await answer(customer, order.number, {
        intent: 'answer-replacement',
        product: original.product,
        answer: 'может быть',
      }),
    ).toMatchObject({ kind: 'data', status: 400, data: { message: 'Примите замену или откажитесь от неё' } });

    expect(
      await answer(customer, order.number, {
        intent: 'answer-replacement',
        product: original.product,
        answer: 'accept',
      }),
    ).toEqual({
      kind: 'redirect',
      status: 302,
      location: `/order/${order.number}`,
      cookie: expect.stringContaining('fresh_flash=replacement-accepted'),
    });
    const shown = await loadOrder(customer, order.number);
    const line = shown.items.find((item) => item.product === original.product);
    expect(line?.substitution).toMatchObject({
      state: 'accepted',
      decided_by: 'customer',
      replacement: { product: replacement },
    });
    expect(shown.history.map((entry) => entry.text).join('\n')).toMatch(/замен/i);

    // Answered: a second answer is refused.
    expect(
      await answer(customer, order.number, {
        intent: 'answer-replacement',
        product: original.product,
        answer: 'reject',
      }),
    ).toMatchObject({ kind: 'data', status: 409, data: { ok: false } });
  });

  it('marks a line missing; a rejected replacement leaves the total', async () => {
    const shelf = take();
    const customer = await signIn(t, nextPhone());
    const order = await placeOrder(customer, shelf, 'call');
    const { assembly } = await loadAssembly(operator, order.number);
    const [first, second] = assembly.lines;
    if (!first || !second) throw new Error('two lines expected');

    expect(
      await substitute(operator, order.number, {
        intent: 'substitute',
        number: String(order.number),
        product: first.product,
      }),
    ).toMatchObject({ kind: 'redirect', location: `/operator/board/${order.number}` });
    const replacement = second.similar.find((card) => card.product !== first.product)?.product;
    if (!replacement) throw new Error('no similar product offered');
    expect(
      await substitute(operator, order.number, {
        intent: 'substitute',
        number: String(order.number),
        product: second.product,
        replacement,
      }),
    ).toMatchObject({ kind: 'redirect' });

    expect(
      await answer(customer, order.number, {
        intent: 'answer-replacement',
        product: second.product,
        answer: 'reject',
      }),
    ).toMatchObject({
      kind: 'redirect',
      location: `/order/${order.number}`,
      cookie: expect.stringContaining('fresh_flash=replacement-rejected'),
    });
    const shown = await loadOrder(customer, order.number);
    expect(shown.items.map((item) => item.substitution?.state)).toEqual(
      shown.items.map((item) => (item.product === first.product ? 'missing' : 'rejected')),
    );
    // Nothing of the goods is left: the total is the delivery fee alone (pickup: none).
    expect(shown.items_total).toBe(0);
    expect(shown.total).toBe(shown.delivery_fee);
  });

  it('shows another shop’s order or a wrong number as the 404 page', async () => {
    const thrown = await loadAssembly(operator, 1_999_999_999).then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toMatchObject({ init: { status: 404 } });
  });
});
