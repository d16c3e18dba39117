/**
 * Substitutions at assembly (issue 27, ADR 055), on PGlite and PostgreSQL, through the API: a line marked
 * missing leaves the total and keeps its stock off sale; a replacement is taken from stock at once and never
 * oversold; accept, reject and no answer (the line's choice) each end in the right order, with its history.
 */

import { ErrorBodySchema } from '@core/contracts/common';
import { type Order, OrderSchema, PlacedOrdersSchema } from '@core/contracts/orders';
import { AssemblySchema } from '@core/contracts/support';
import { totalsWithFee } from '@core/rules/order-totals';
import { DEFAULT_REPLACEMENT_MINUTES } from '@core/rules/substitution';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { phoneSequence, type SignedInCustomer, signIn } from '../../../tests/setup/identity';
import { signInOperator } from '../../../tests/setup/realtime';
import { queryRows } from '../../db/client';
import { notifications, stock, stores } from '../../db/schema/index';
import { createFakeClock } from '../../lib/clock';
import { REPLACEMENT_ANSWERS_PER_MINUTE } from './settle-replacements';

/** A pickup point and a shelf of products sold by the piece it has plenty of (one category). */
const ShelfSchema = z.object({ pointId: z.string(), products: z.array(z.string()) });
type Shelf = z.infer<typeof ShelfSchema>;

const nextPhone = phoneSequence('8916');

describe.each(TEST_DATABASE_KINDS)('substitutions on %s', (kind) => {
  let t: TestApp;
  let operator: SignedInCustomer;
  let shelves: Shelf[];
  const clock = createFakeClock(Date.now());
  const take = () => {
    const shelf = shelves.shift();
    if (!shelf) throw new Error('the seed has run out of shelves of pieces at pickup points');
    return shelf;
  };

  const checkout = async (
    who: SignedInCustomer,
    pointId: string,
    lines: readonly { product: string; quantity: number }[],
    onMissing?: string,
  ) => {
    for (const line of lines) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/user/me/basket',
        headers: who.headers,
        payload: { warehouse_id: pointId, product_id: line.product, quantity: line.quantity },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    return t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...who.headers, 'idempotency-key': crypto.randomUUID() },
      payload: {
        orders: [{ point: pointId, fulfilment: 'pickup' }],
        phone: '+7 (900) 777-00-03',
        payment: 'cash',
        ...(onMissing ? { on_missing: onMissing } : {}),
      },
    });
  };
  const order = async (
    who: SignedInCustomer,
    pointId: string,
    lines: readonly { product: string; quantity: number }[],
    onMissing?: string,
  ): Promise<Order> => {
    const response = await checkout(who, pointId, lines, onMissing);
    expect(response.statusCode, response.body).toBe(200);
    const [placed] = PlacedOrdersSchema.parse(response.json()).orders;
    if (!placed) throw new Error('no order');
    expect((await move(placed.number, 'confirmed')).statusCode).toBe(200);
    return placed;
  };
  const move = (number: number, status: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/operator/orders/${number}/status`,
      headers: operator.headers,
      payload: { status },
    });
  const substitute = (who: SignedInCustomer | null, number: number, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/operator/orders/${number}/substitute`,
      headers: who?.headers ?? {},
      payload: payload as object,
    });
  const assembly = async (number: number) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/operator/orders/${number}/assembly`,
      headers: operator.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return AssemblySchema.parse(response.json()).order;
  };
  const answer = (who: SignedInCustomer | null, number: number, product: string, reply: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/${number}/replacements/${product}`,
      headers: who?.headers ?? {},
      payload: { answer: reply },
    });
  const read = async (who: SignedInCustomer, number: number): Promise<Order> => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${number}`,
      headers: who.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return OrderSchema.parse(response.json());
  };
  const stockOf = async (pointId: string, productId: string) => {
    const [row] = await t.db.db
      .select({ count: stock.count })
      .from(stock)
      .where(and(eq(stock.pointId, pointId), eq(stock.productId, productId)));
    return row?.count ?? -1;
  };
  /** What the order's lines cost now, by the one totals rule, from the lines as the API shows them. */
  const totalOf = (placed: Order, lines: readonly { price: number; discount: number; quantity: number }[]) =>
    totalsWithFee(
      lines.map((line) => ({ ...line, isByWeight: false })),
      placed.delivery_fee,
    ).total;
  /** The first similar product sold by the piece (one of the shelf's) the picker is offered for a line. */
  const similarOf = async (number: number, product: string, shelf: Shelf) => {
    const line = (await assembly(number)).lines.find((candidate) => candidate.product === product);
    const first = line?.similar.find((card) => shelf.products.includes(card.product));
    if (!first) throw new Error('no similar product offered');
    return first.product;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    await t.db.db.update(stores).set({ minOrderKopecks: 0 });
    operator = await signInOperator(t, nextPhone());
    // Shelves of one category at one pickup point, each product with plenty in stock, sold by the piece.
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

  it('leaves out a line marked missing: the total drops, its stock stays off sale, the history and the customer know', async () => {
    const shelf = take();
    const [missing, kept] = shelf.products.slice(-2) as [string, string];
    const anna = await signIn(t, nextPhone());
    const placed = await order(anna, shelf.pointId, [
      { product: missing, quantity: 2 },
      { product: kept, quantity: 1 },
    ]);
    expect(placed.on_missing).toBe('call');
    const stockBefore = await stockOf(shelf.pointId, missing);
    const response = await substitute(operator, placed.number, { product: missing });
    expect(response.statusCode, response.body).toBe(200);

    const now = await read(anna, placed.number);
    const keptLine = now.items.find((item) => item.product === kept);
    if (!keptLine) throw new Error('the kept line is gone');
    expect(now.total).toBe(totalOf(now, [keptLine]));
    expect(response.json()).toEqual({ success: true, order: { number: placed.number, total: now.total } });
    expect(now.items.find((item) => item.product === missing)?.substitution).toMatchObject({
      state: 'missing',
      replacement: null,
    });
    expect(now.history).toHaveLength(1);
    expect(now.history[0]?.text).toMatch(/нет в наличии, убрали из заказа$/);
    expect(await stockOf(shelf.pointId, missing)).toBe(stockBefore);
    const [told] = await t.db.db
      .select({ content: notifications.content })
      .from(notifications)
      .where(and(eq(notifications.userId, anna.user._id), sql`${notifications.content} like '%убрали%'`));
    expect(told?.content).toContain('Сумма заказа');

    // Once is enough: the line is settled.
    expect((await substitute(operator, placed.number, { product: missing })).statusCode).toBe(409);
  });

  it('offers a similar product taken from stock at once; accepting keeps it in the total', async () => {
    const shelf = take();
    const [original, kept] = shelf.products.slice(-2) as [string, string];
    const boris = await signIn(t, nextPhone());
    const placed = await order(
      boris,
      shelf.pointId,
      [
        { product: original, quantity: 3 },
        { product: kept, quantity: 1 },
      ],
      'similar',
    );
    const lines = await assembly(placed.number);
    expect(lines.can_substitute).toBe(true);
    expect(lines.lines.find((line) => line.product === original)?.on_missing).toBe('similar');
    const replacement = await similarOf(placed.number, original, shelf);
    expect(shelf.products).toContain(replacement);
    const replacementStock = await stockOf(shelf.pointId, replacement);

    const offered = await substitute(operator, placed.number, { product: original, replacement });
    expect(offered.statusCode, offered.body).toBe(200);
    expect(await stockOf(shelf.pointId, replacement)).toBe(replacementStock - 3);
    const shown = await read(boris, placed.number);
    const line = shown.items.find((item) => item.product === original);
    expect(line?.substitution).toMatchObject({
      state: 'offered',
      decided_by: null,
      replacement: { product: replacement, quantity: 3 },
    });
    const expires = new Date(line?.substitution?.expires_at ?? 0).getTime();
    expect(expires).toBe(clock.now() + DEFAULT_REPLACEMENT_MINUTES * 60_000);
    const keptLine = shown.items.find((item) => item.product === kept);
    const offer = line?.substitution?.replacement;
    if (!keptLine || !offer) throw new Error('lines missing');
    expect(shown.total).toBe(totalOf(shown, [keptLine, offer]));

    const accepted = await answer(boris, placed.number, original, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    const final = OrderSchema.parse(accepted.json());
    expect(final.items.find((item) => item.product === original)?.substitution).toMatchObject({
      state: 'accepted',
      decided_by: 'customer',
    });
    expect(final.total).toBe(shown.total);
    expect(final.history.map((step) => step.text)).toEqual([
      expect.stringMatching(/предложена замена/),
      expect.stringMatching(/принята$/),
    ]);
    // Answered once: a second answer has nothing to answer.
    expect((await answer(boris, placed.number, original, 'reject')).statusCode).toBe(409);
    // Cancelled by the shop now: the replacement goes back to sale, the missing product does not.
    const originalStock = await stockOf(shelf.pointId, original);
    expect((await move(placed.number, 'cancelled')).statusCode).toBe(200);
    expect(await stockOf(shelf.pointId, replacement)).toBe(replacementStock);
    expect(await stockOf(shelf.pointId, original)).toBe(originalStock);
  });

  it('rejecting puts the replacement back to sale and leaves the line out', async () => {
    const shelf = take();
    const [original, kept] = shelf.products.slice(-2) as [string, string];
    const vera = await signIn(t, nextPhone());
    const placed = await order(vera, shelf.pointId, [
      { product: original, quantity: 1 },
      { product: kept, quantity: 2 },
    ]);
    const replacement = await similarOf(placed.number, original, shelf);
    const before = await stockOf(shelf.pointId, replacement);
    expect((await substitute(operator, placed.number, { product: original, replacement })).statusCode).toBe(
      200,
    );
    // Only its customer answers: another's is not found, a guest is not signed in.
    expect((await answer(null, placed.number, original, 'nonsense')).statusCode).toBe(401);
    const stranger = await signIn(t, nextPhone());
    expect((await answer(stranger, placed.number, original, 'reject')).statusCode).toBe(404);
    const bad = await answer(vera, placed.number, original, 'может быть');
    expect(bad.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(bad.json()).message).toMatch(/[а-яё]/i);

    const rejected = await answer(vera, placed.number, original, 'reject');
    expect(rejected.statusCode, rejected.body).toBe(200);
    const final = OrderSchema.parse(rejected.json());
    const keptLine = final.items.find((item) => item.product === kept);
    if (!keptLine) throw new Error('the kept line is gone');
    expect(final.total).toBe(totalOf(final, [keptLine]));
    expect(final.items.find((item) => item.product === original)?.substitution?.state).toBe('rejected');
    expect(await stockOf(shelf.pointId, replacement)).toBe(before);
  });

  it('no answer in time: the sweep settles by the line choice — "similar" accepts, "call" rejects', async () => {
    const shelf = take();
    const [similarLine, callLine, kept] = shelf.products.slice(-3) as [string, string, string];
    const gleb = await signIn(t, nextPhone());
    // The order's default is 'similar'; one line asks for a call instead (set in the basket).
    const placed = await order(
      gleb,
      shelf.pointId,
      [
        { product: similarLine, quantity: 1 },
        { product: callLine, quantity: 1 },
        { product: kept, quantity: 1 },
      ],
      'similar',
    );
    await t.db.db.execute(
      sql`update order_items set on_missing = 'call' where product_id = ${callLine}
        and order_id = (select id from orders where number = ${placed.number})`,
    );
    const first = await similarOf(placed.number, similarLine, shelf);
    expect(
      (await substitute(operator, placed.number, { product: similarLine, replacement: first })).statusCode,
    ).toBe(200);
    const second = (await assembly(placed.number)).lines
      .find((line) => line.product === callLine)
      ?.similar.find((card) => card.product !== first && shelf.products.includes(card.product))?.product;
    if (!second) throw new Error('no second similar product');
    const secondStock = await stockOf(shelf.pointId, second);
    expect(
      (await substitute(operator, placed.number, { product: callLine, replacement: second })).statusCode,
    ).toBe(200);

    // Not yet: a minute before the time, nothing is settled.
    clock.advance((DEFAULT_REPLACEMENT_MINUTES - 1) * 60_000);
    expect(await t.app.services.orders.settleExpiredOffers()).toBe(0);
    clock.advance(60_000);
    expect(await t.app.services.orders.settleExpiredOffers()).toBe(1);
    const settled = await read(gleb, placed.number);
    expect(settled.items.find((item) => item.product === similarLine)?.substitution).toMatchObject({
      state: 'accepted',
      decided_by: 'default',
    });
    expect(settled.items.find((item) => item.product === callLine)?.substitution).toMatchObject({
      state: 'rejected',
      decided_by: 'default',
    });
    expect(await stockOf(shelf.pointId, second)).toBe(secondStock);
    // Too late to answer now.
    const late = await answer(gleb, placed.number, similarLine, 'reject');
    expect(late.statusCode).toBe(409);
  });

  it('refuses a replacement the customer asked not to get, one that is not similar, and one out of stock', async () => {
    const shelf = take();
    const [original, kept] = shelf.products.slice(-2) as [string, string];
    const dina = await signIn(t, nextPhone());
    const placed = await order(
      dina,
      shelf.pointId,
      [
        { product: original, quantity: 2 },
        { product: kept, quantity: 1 },
      ],
      'remove',
    );
    const replacement = await similarOf(placed.number, original, shelf);
    const refused = await substitute(operator, placed.number, { product: original, replacement });
    expect(refused.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(refused.json()).message).toMatch(/просил убрать/);
    // The order's own other line is no replacement.
    expect(
      (await substitute(operator, placed.number, { product: original, replacement: kept })).statusCode,
    ).toBe(400);
    // A guest and a customer are refused before the body is read.
    expect((await substitute(null, placed.number, { product: 'x' })).statusCode).toBe(401);
    expect((await substitute(dina, placed.number, { product: 'x' })).statusCode).toBe(403);
    expect((await substitute(operator, placed.number, { product: 'x' })).statusCode).toBe(400);
  });

  it('takes a customer’s rate of answers before anything is read: one more than a minute’s is 429', async () => {
    const prober = await signIn(t, nextPhone());
    const product = crypto.randomUUID();
    for (let taken = 0; taken < REPLACEMENT_ANSWERS_PER_MINUTE; taken += 1) {
      // Someone else's order, or none: not found, and counted all the same.
      expect((await answer(prober, 1 + taken, product, 'accept')).statusCode).toBe(404);
    }
    const refused = await answer(prober, 1, product, 'accept');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(ErrorBodySchema.parse(refused.json()).message).toMatch(/^Слишком много ответов подряд/);
  });

  it('offers a replacement under concurrent checkouts of it without overselling', async () => {
    const shelf = take();
    const [original, kept] = shelf.products.slice(-2) as [string, string];
    const eva = await signIn(t, nextPhone());
    const placed = await order(eva, shelf.pointId, [
      { product: original, quantity: 2 },
      { product: kept, quantity: 1 },
    ]);
    const replacement = await similarOf(placed.number, original, shelf);
    await t.db.db
      .update(stock)
      .set({ count: 5 })
      .where(and(eq(stock.pointId, shelf.pointId), eq(stock.productId, replacement)));
    const customers = await Promise.all(Array.from({ length: 4 }, () => signIn(t, nextPhone())));
    const results = await Promise.all([
      substitute(operator, placed.number, { product: original, replacement }),
      ...customers.map((who) => checkout(who, shelf.pointId, [{ product: replacement, quantity: 1 }])),
    ]);
    const [offer, ...checkouts] = results;
    const sold = checkouts.filter((response) => response.statusCode === 200).length;
    const offeredTwo = offer?.statusCode === 200 ? 2 : 0;
    expect(offer?.statusCode === 200 || offer?.statusCode === 409).toBe(true);
    expect(sold + offeredTwo).toBeLessThanOrEqual(5);
    expect(await stockOf(shelf.pointId, replacement)).toBe(5 - sold - offeredTwo);
  });

  it('settles an open offer by the line choice when the order leaves assembly', async () => {
    const shelf = take();
    const [original, kept] = shelf.products.slice(-2) as [string, string];
    const fedor = await signIn(t, nextPhone());
    const placed = await order(
      fedor,
      shelf.pointId,
      [
        { product: original, quantity: 1 },
        { product: kept, quantity: 1 },
      ],
      'similar',
    );
    const replacement = await similarOf(placed.number, original, shelf);
    expect((await substitute(operator, placed.number, { product: original, replacement })).statusCode).toBe(
      200,
    );
    expect((await move(placed.number, 'assembling')).statusCode).toBe(200);
    expect((await move(placed.number, 'ready')).statusCode).toBe(200);
    const moved = await read(fedor, placed.number);
    expect(moved.items.find((item) => item.product === original)?.substitution).toMatchObject({
      state: 'accepted',
      decided_by: 'default',
    });
    // Out of assembly: nothing more is substituted.
    expect((await substitute(operator, placed.number, { product: kept })).statusCode).toBe(409);
  });
});
