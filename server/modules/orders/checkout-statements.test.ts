/**
 * What one checkout costs the database (issue 26, docs/decisions/056): its statements counted through a
 * Drizzle logger on both databases (transaction control included), and its answer, presented from what the
 * transaction wrote, the same as the orders read back afterwards.
 */
import { randomUUID } from 'node:crypto';
import { PlaceOrdersSchema } from '@core/contracts/orders';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import {
  createCity,
  createCustomer,
  createPoint,
  createProduct,
  createStore,
  setStock,
  stockCount,
} from '../../../tests/setup/service-fixtures';
import { createTestServices, type TestServices, withQueryLogger } from '../../../tests/setup/services';
import * as schema from '../../db/schema/index';

describe.each(TEST_DATABASE_KINDS)('a checkout on %s', (kind) => {
  let t: TestServices;
  const sent: string[] = [];
  /** The tables each counted statement names, in its order. */
  const tables: string[] = [];
  let counting = false;

  beforeAll(async () => {
    t = await createTestServices(kind, {
      wrapDb: withQueryLogger(kind, (query) => {
        if (counting) {
          sent.push(query.trim().split(/\s+/).slice(0, 3).join(' '));
          tables.push(
            [...query.matchAll(/(?:from|into|update|join) "(\w+)"/g)].map((match) => match[1]).join(' '),
          );
        }
      }),
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  /**
   * Two points' goods in a new customer's basket (two of the first point's products, two of the second's),
   * and the checkout of both for pickup.
   */
  async function basketOfTwoPoints() {
    const city = await createCity(t.db.db);
    const shop = await createStore(t.db.db, { minOrderKopecks: 0 });
    const first = await createPoint(t.db.db, shop, city);
    const second = await createPoint(t.db.db, shop, city);
    const customer = (await createCustomer(t.db.db)).id;
    const goods = [];
    for (const [index, point] of [first, first, second, second].entries()) {
      const product = await createProduct(t.db.db, shop, { name: `Товар ${4 - index}` });
      await setStock(t.db.db, point, product, 10);
      await t.services.basket.changeItem(customer, {
        warehouse_id: point.id,
        product_id: product.id,
        quantity: index + 1,
      });
      goods.push({ point, product, quantity: index + 1 });
    }
    const input = PlaceOrdersSchema.parse({
      orders: [
        { point: first.id, fulfilment: 'pickup' },
        { point: second.id, fulfilment: 'pickup' },
      ],
      phone: '+7 (900) 000-00-01',
      payment: 'cash',
    });
    return { customer, goods, input };
  }

  /** The events the bus carried for this customer while `work` ran, by type. */
  async function eventsOf<T>(
    customer: string,
    work: () => Promise<T>,
  ): Promise<{ result: T; types: string[] }> {
    const types: string[] = [];
    const stop = t.services.realtime.bus.subscribe((envelope) => {
      if (envelope.kind === 'event' && 'users' in envelope.to && envelope.to.users.includes(customer)) {
        types.push(envelope.event.type);
      }
    });
    try {
      const result = await work();
      await t.services.notifications.whenIdle();
      return { result, types };
    } finally {
      stop();
    }
  }

  it('places two points’ orders in 13 statements, and answers them as they read back', async () => {
    const { customer, goods, input } = await basketOfTwoPoints();
    sent.length = 0;
    tables.length = 0;
    counting = true;
    const key = randomUUID();
    const { result: answer, types } = await eventsOf(customer, () =>
      t.services.orders.placeOrders(customer, key, input),
    );
    counting = false;
    expect(answer.status).toBe(200);
    // No socket open anywhere: the notifications go out (and to push), the badges are not counted for nobody.
    expect(types).not.toContain('badges');
    expect(types.filter((type) => type === 'notification')).toHaveLength(2);
    // Taken with the customer's push subscriptions in one statement.
    expect(tables.filter((named) => named.includes('push_subscriptions'))).toEqual([
      'notifications push_subscriptions',
    ]);
    // Before (issue 26): 26 — each order, its lines and its event a statement each, and the placed orders
    // read back after the commit (orders, items, events, substitutions, points). Now, begin and commit aside
    // (node-postgres' logger sees them, PGlite's does not): the key; the points, for the checkout and as the
    // answer shows them in one; the basket's lock and lines, the stock read, per order one statement for it
    // with its lines and event (the last one's finishing the key too), its notification and its lines out; the
    // stock's lock and take; after the commit, the notifications delivered with the push subscriptions to send
    // them to (the customer is away). (19 while the key was finished by a statement of its own; 18 while the
    // points were read twice, in two shapes; 17 while the badges were counted, in two statements, for nobody;
    // 15 while the push subscriptions were read once per notification.)
    const statements = sent.filter((statement) => !/^(begin|commit)$/i.test(statement));
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(13);

    const orders = answer.body.orders;
    expect(orders).toHaveLength(2);
    // The key, finished by the last order's statement, keeps both orders' ids in the answer's order.
    const [keyRow] = await t.db.db
      .select()
      .from(schema.idempotencyKeys)
      .where(and(eq(schema.idempotencyKeys.userId, customer), eq(schema.idempotencyKeys.key, key)));
    expect(keyRow).toMatchObject({
      responseStatus: 200,
      responseBody: { orderIds: orders.map((order) => order._id) },
    });
    for (const order of orders) {
      expect(order).toEqual(await t.services.orders.getOrder(customer, order.number));
    }
    // Lines in the order the reads list them (by name), each with its quantity.
    expect(orders[0]?.items.map((item) => [item.name, item.quantity])).toEqual([
      ['Товар 3', 2],
      ['Товар 4', 1],
    ]);
    for (const { point, product, quantity } of goods) {
      expect(await stockCount(t.db.db, point, product)).toBe(10 - quantity);
    }
  });

  it('counts an online customer’s two badges in one statement, and pushes nothing', async () => {
    const { customer, input } = await basketOfTwoPoints();
    await t.services.realtime.presence.connected(customer, 'socket-of-the-test');
    sent.length = 0;
    tables.length = 0;
    counting = true;
    const { result: answer, types } = await eventsOf(customer, () =>
      t.services.orders.placeOrders(customer, randomUUID(), input),
    );
    counting = false;
    expect(answer.status).toBe(200);
    expect(types.filter((type) => type === 'badges')).toHaveLength(1);
    expect(await t.services.notifications.badges(customer)).toEqual({ cabinet: 2, orders: 2 });
    // The away customer's 13 (the notifications taken without the push subscriptions), and the badges' one count.
    const statements = sent.filter((statement) => !/^(begin|commit)$/i.test(statement));
    expect(tables.filter((named) => named.includes('push_subscriptions'))).toEqual([]);
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(14);
  });
});
