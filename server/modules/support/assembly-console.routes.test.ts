/**
 * The operator's assembly through the API (issue 27, ADR 054, 055), on PGlite and PostgreSQL: a shop's time
 * to answer a replacement, set by its operators only (a guest 401 and a customer 403 before the body is read,
 * minutes outside 1–60 400 in Russian, another shop's 404) and followed by the next offer; and the assembly
 * rates — weighing, substituting and setting the time count together per operator and per address, one more
 * than a minute's is 429 with Retry-After.
 */
import { ErrorBodySchema } from '@core/contracts/common';
import { PlacedOrdersSchema } from '@core/contracts/orders';
import { AssemblySchema, ReplacementMinutesSetSchema } from '@core/contracts/support';
import { DEFAULT_REPLACEMENT_MINUTES } from '@core/rules/substitution';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import {
  phoneSequence,
  type SignedInCustomer,
  signIn,
  testClientAddress,
} from '../../../tests/setup/identity';
import { replacementMinutesOf } from '../../../tests/setup/orders';
import { signInOperator } from '../../../tests/setup/realtime';
import { queryRows } from '../../db/client';
import { stores } from '../../db/schema/index';
import { createFakeClock } from '../../lib/clock';
import {
  ASSEMBLY_ACTIONS_PER_ADDRESS_MINUTE,
  ASSEMBLY_ACTIONS_PER_MINUTE,
  assemblyRates,
} from './support.service';

/** A pickup point of a shop and products of one category it has plenty of, sold by the piece. */
const ShelfSchema = z.object({ storeId: z.string(), pointId: z.string(), products: z.array(z.string()) });
type Shelf = z.infer<typeof ShelfSchema>;

const MINUTES_MESSAGE = 'Укажите время от 1 до 60 минут';
const RATE_MESSAGE = /^Слишком много действий подряд\. Повторите через \d+ (с|мин)$/;
const nextPhone = phoneSequence('8918');

describe.each(TEST_DATABASE_KINDS)("the operator's assembly API on %s", (kind) => {
  let t: TestApp;
  let shelf: Shelf;
  /** Another shop than the shelf's. */
  let otherStoreId: string;
  const clock = createFakeClock(Date.now());

  const setMinutes = (
    who: SignedInCustomer | null,
    storeId: string,
    payload: unknown,
    remoteAddress = testClientAddress(),
  ) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/operator/stores/${storeId}/replacement-minutes`,
      headers: who?.headers ?? {},
      payload: payload as object,
      remoteAddress,
    });
  const minutesOf = (storeId: string) => replacementMinutesOf(t, storeId);
  const messageOf = (body: string) => ErrorBodySchema.parse(JSON.parse(body)).message;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    await t.db.db.update(stores).set({ minOrderKopecks: 0 });
    const shelves = await queryRows(
      t.db.db,
      ShelfSchema,
      sql`select pt.store_id::text as "storeId", s.point_id::text as "pointId",
          array_agg(p.id::text order by p.popularity desc, p.id) as products
        from stock s join points pt on pt.id = s.point_id join products p on p.id = s.product_id
        where p.store_id = pt.store_id and pt.is_pickup and p.sold_by = 'piece' and s.count >= 50
          and p.category_id is not null
        group by pt.store_id, s.point_id, p.category_id
        having count(*) >= 5
        order by s.point_id, p.category_id
        limit 1`,
    );
    const first = shelves[0];
    if (!first) throw new Error('the seed has no shelf of pieces at a pickup point');
    shelf = first;
    const [other] = await t.db.db
      .select({ id: stores.id })
      .from(stores)
      .where(sql`${stores.id} <> ${shelf.storeId}`)
      .limit(1);
    if (!other) throw new Error('the seed has one shop only');
    otherStoreId = other.id;
  });

  afterAll(async () => {
    await t?.close();
  });

  it("refuses a guest 401 and a customer 403 before reading the body; another shop's store is 404", async () => {
    expect((await setMinutes(null, shelf.storeId, { minutes: 'много' })).statusCode).toBe(401);
    const customer = await signIn(t, nextPhone());
    const refused = await setMinutes(customer, shelf.storeId, { minutes: 'много' });
    expect(refused.statusCode).toBe(403);
    expect(messageOf(refused.body)).toBe('Раздел доступен только операторам поддержки');

    // An operator of the shelf's shop only: the other shop is not found to them, and is left as it was.
    const own = await signInOperator(t, nextPhone(), [shelf.storeId]);
    const before = await minutesOf(otherStoreId);
    const foreign = await setMinutes(own, otherStoreId, { minutes: 7 });
    expect(foreign.statusCode).toBe(404);
    expect(messageOf(foreign.body)).toBe('Магазин не найден');
    expect(await minutesOf(otherStoreId)).toBe(before);
    // No shop by that id, even for an operator of every shop; not an id at all: not found in Russian.
    const everyShop = await signInOperator(t, nextPhone());
    expect((await setMinutes(everyShop, crypto.randomUUID(), { minutes: 7 })).statusCode).toBe(404);
    const notAnId = await setMinutes(everyShop, 'магазин', { minutes: 7 });
    expect(notAnId.statusCode).toBe(400);
    expect(messageOf(notAnId.body)).toBe('Магазин не найден');
  });

  it('keeps whole minutes from 1 to 60 and says so in Russian otherwise', async () => {
    const own = await signInOperator(t, nextPhone(), [shelf.storeId]);
    const before = await minutesOf(shelf.storeId);
    for (const minutes of [0, 61, -5, 1.5, '15', null, 'много']) {
      const refused = await setMinutes(own, shelf.storeId, { minutes });
      expect(refused.statusCode, String(minutes)).toBe(400);
      expect(messageOf(refused.body), String(minutes)).toBe(MINUTES_MESSAGE);
    }
    const missing = await setMinutes(own, shelf.storeId, {});
    expect(missing.statusCode).toBe(400);
    expect(messageOf(missing.body)).toBe(MINUTES_MESSAGE);
    expect(await minutesOf(shelf.storeId)).toBe(before);

    for (const minutes of [1, 60, DEFAULT_REPLACEMENT_MINUTES]) {
      const saved = await setMinutes(own, shelf.storeId, { minutes });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(ReplacementMinutesSetSchema.parse(saved.json())).toEqual({ success: true, minutes });
      expect(await minutesOf(shelf.storeId)).toBe(minutes);
    }
    // An operator of every shop may set any shop's.
    const everyShop = await signInOperator(t, nextPhone());
    expect((await setMinutes(everyShop, otherStoreId, { minutes: 12 })).statusCode).toBe(200);
    expect(await minutesOf(otherStoreId)).toBe(12);
  });

  it('lists the shops of the operator’s board with their times', async () => {
    const own = await signInOperator(t, nextPhone(), [shelf.storeId]);
    expect((await setMinutes(own, shelf.storeId, { minutes: 33 })).statusCode).toBe(200);
    const { support } = t.app.services;
    const [shop] = await t.db.db
      .select({ name: stores.name })
      .from(stores)
      .where(eq(stores.id, shelf.storeId));
    expect(await support.listReplacementTimes(own.user._id)).toEqual([
      { store: shelf.storeId, name: shop?.name, minutes: 33 },
    ]);
    const everyShop = await signInOperator(t, nextPhone());
    const all = await support.listReplacementTimes(everyShop.user._id);
    const [count] = await t.db.db.select({ count: sql<number>`count(*)::int` }).from(stores);
    expect(all).toHaveLength(count?.count ?? -1);
    expect(all).toContainEqual({ store: shelf.storeId, name: shop?.name, minutes: 33 });
  });

  it('gives the next offer the new time; an offer already made keeps its own', async () => {
    const own = await signInOperator(t, nextPhone(), [shelf.storeId]);
    const customer = await signIn(t, nextPhone());
    const [first, second] = shelf.products.slice(-2) as [string, string];
    for (const product of [first, second]) {
      const put = await t.app.inject({
        method: 'PATCH',
        url: '/api/user/me/basket',
        headers: customer.headers,
        payload: { warehouse_id: shelf.pointId, product_id: product, quantity: 1 },
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...customer.headers, 'idempotency-key': crypto.randomUUID() },
      payload: {
        orders: [{ point: shelf.pointId, fulfilment: 'pickup' }],
        phone: '+7 (900) 777-00-05',
        payment: 'cash',
        on_missing: 'similar',
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const [order] = PlacedOrdersSchema.parse(placed.json()).orders;
    if (!order) throw new Error('no order');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/operator/orders/${order.number}/status`,
      headers: own.headers,
      payload: { status: 'confirmed' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const assembly = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/operator/orders/${order.number}/assembly`,
        headers: own.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return AssemblySchema.parse(response.json()).order.lines;
    };
    const offer = async (product: string, minutes: number) => {
      expect((await setMinutes(own, shelf.storeId, { minutes })).statusCode).toBe(200);
      const line = (await assembly()).find((candidate) => candidate.product === product);
      const replacement = line?.similar[0]?.product;
      if (!replacement) throw new Error('no similar product offered');
      const offeredAt = clock.now();
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/operator/orders/${order.number}/substitute`,
        headers: own.headers,
        payload: { product, replacement },
      });
      expect(response.statusCode, response.body).toBe(200);
      return offeredAt;
    };

    const firstAt = await offer(first, 25);
    clock.advance(1_000);
    const secondAt = await offer(second, 3);
    const expiries = Object.fromEntries((await assembly()).map((line) => [line.product, line.expires_at]));
    expect(expiries[first]).toBe(new Date(firstAt + 25 * 60_000).toISOString());
    expect(expiries[second]).toBe(new Date(secondAt + 3 * 60_000).toISOString());
  });

  it(`counts weighing, substituting and setting the time together: one more than ${ASSEMBLY_ACTIONS_PER_MINUTE} in a minute is 429 with Retry-After`, async () => {
    clock.advance(60_000);
    const picker = await signInOperator(t, nextPhone());
    const address = testClientAddress();
    const product = crypto.randomUUID();
    const post = (who: SignedInCustomer, action: 'weigh' | 'substitute', ip = address) =>
      t.app.inject({
        method: 'POST',
        // No such order: each action still counts, as the rates are taken before anything is read.
        url: `/api/operator/orders/1999999999/${action}`,
        headers: who.headers,
        payload: action === 'weigh' ? { product, grams: 300 } : { product },
        remoteAddress: ip,
      });
    for (let index = 0; index < ASSEMBLY_ACTIONS_PER_MINUTE; index += 1) {
      const answer =
        index % 3 === 0
          ? await post(picker, 'weigh')
          : index % 3 === 1
            ? await post(picker, 'substitute')
            : await setMinutes(picker, shelf.storeId, { minutes: 10 }, address);
      expect(answer.statusCode, answer.body).toBe(index % 3 === 2 ? 200 : 404);
    }
    for (const refused of [
      await post(picker, 'weigh'),
      await post(picker, 'substitute'),
      await setMinutes(picker, shelf.storeId, { minutes: 11 }, address),
    ]) {
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(messageOf(refused.body)).toMatch(RATE_MESSAGE);
    }
    expect(await minutesOf(shelf.storeId)).toBe(10);
    // The same operator from another address is still over their own rate; another operator from the same
    // address is not.
    expect((await post(picker, 'weigh', testClientAddress())).statusCode).toBe(429);
    const neighbour = await signInOperator(t, nextPhone());
    expect((await post(neighbour, 'weigh')).statusCode).toBe(404);
    // A minute later the picker may go on.
    clock.advance(60_000);
    expect((await post(picker, 'weigh')).statusCode).toBe(404);
  });

  it(`counts one address's assembly actions for all its operators: ${ASSEMBLY_ACTIONS_PER_ADDRESS_MINUTE} a minute`, async () => {
    clock.advance(60_000);
    const address = testClientAddress();
    const first = await signInOperator(t, nextPhone());
    const weigh = (who: SignedInCustomer, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/operator/orders/1999999999/weigh',
        headers: who.headers,
        payload: { product: crypto.randomUUID(), grams: 300 },
        remoteAddress: ip,
      });
    expect((await weigh(first, address)).statusCode).toBe(404);
    // The address's other actions this minute, taken from the app's limit store by the rule the routes take
    // (instead of hundreds more requests by more operators): the address has one left.
    const byAddress = assemblyRates(first.user._id, address).find((rule) => rule.key.includes(address));
    if (!byAddress) throw new Error('no address rule in the assembly rates');
    expect(byAddress.limit).toBe(ASSEMBLY_ACTIONS_PER_ADDRESS_MINUTE);
    const limits = t.app.services.identity.limitStore;
    for (let taken = 1; taken < ASSEMBLY_ACTIONS_PER_ADDRESS_MINUTE - 1; taken += 1) {
      expect((await limits.take(byAddress.key, byAddress.limit, byAddress.windowMs)).allowed).toBe(true);
    }
    const second = await signInOperator(t, nextPhone());
    expect((await weigh(second, address)).statusCode).toBe(404);
    const refused = await weigh(second, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(messageOf(refused.body)).toMatch(RATE_MESSAGE);
    expect((await weigh(second, testClientAddress())).statusCode).toBe(404);
  });
});
