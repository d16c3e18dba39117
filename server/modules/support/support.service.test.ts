/**
 * The support service's own costs (issue 22, ADR 041), over rows each test inserts: a message's audience —
 * the operators of the shops its customer ordered from — is looked up once per message, read or close, and
 * the operators' conversation list reads the customers' names in one query however many are listed. The API
 * tests (support.routes.test.ts) state the chat's and the console's rules over HTTP.
 */
import { randomUUID } from 'node:crypto';
import { PlaceOrdersSchema } from '@core/contracts/orders';
import type { SocketEvent } from '@core/contracts/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import {
  createCity,
  createCustomer,
  createPoint,
  createProduct,
  createStore,
  type PointRow,
  type StoreRow,
  setStock,
} from '../../../tests/setup/service-fixtures';
import { countStatements, createTestServices, type TestServices } from '../../../tests/setup/services';
import type { Audience } from '../../realtime/bus';
import { grantRole } from './support.repository';

describe.each(TEST_DATABASE_KINDS)('the support service on %s', (kind) => {
  let t: TestServices;
  let counted: ReturnType<typeof countStatements>;
  let shop: StoreRow;
  let point: PointRow;
  /** Calls of the orders service's look-up of a customer's shops (whose operators see the conversation). */
  let audienceLookups = 0;
  const published: { to: Audience; event: SocketEvent }[] = [];

  beforeAll(async () => {
    t = await createTestServices(kind, {
      wrapDb: (db) => {
        counted = countStatements(db);
        return counted.db;
      },
    });
    const city = await createCity(t.db.db);
    shop = await createStore(t.db.db, { minOrderKopecks: 0 });
    point = await createPoint(t.db.db, shop, city);
    const orders = t.services.orders;
    const lookUp = orders.listCustomerStores;
    orders.listCustomerStores = (userId) => {
      audienceLookups += 1;
      return lookUp(userId);
    };
    t.services.realtime.bus.subscribe((envelope) => {
      if (envelope.kind === 'event') published.push({ to: envelope.to, event: envelope.event });
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  const support = () => t.services.support;
  const origin = { ip: '203.0.113.7' };

  /** A customer with a pickup order at the shop: the shop's operators see their conversation. */
  async function customerOfShop(name: string): Promise<string> {
    const customer = (await createCustomer(t.db.db, name)).id;
    const product = await createProduct(t.db.db, shop);
    await setStock(t.db.db, point, product, 5);
    await t.services.basket.changeItem(customer, {
      warehouse_id: point.id,
      product_id: product.id,
      quantity: 1,
    });
    const placed = await t.services.orders.placeOrders(
      customer,
      randomUUID(),
      PlaceOrdersSchema.parse({
        orders: [{ point: point.id, fulfilment: 'pickup' }],
        phone: '+7 (900) 000-00-01',
        payment: 'cash',
      }),
    );
    expect(placed.status).toBe(200);
    return customer;
  }

  async function operatorOf(storeIds: string[]): Promise<string> {
    const operator = (await createCustomer(t.db.db, 'Оператор')).id;
    await grantRole(t.db.db, operator, 'operator', storeIds);
    return operator;
  }

  /** How many audience look-ups `work` made, and what it published. */
  async function measured(work: () => Promise<unknown>) {
    audienceLookups = 0;
    published.length = 0;
    await work();
    // The memory bus delivers after the publisher's own work.
    await new Promise((resolve) => setTimeout(resolve, 0));
    return {
      lookups: audienceLookups,
      published: published.map(({ to, event }) => [event.type, to]),
    };
  }

  it("looks a message's audience up once: a customer's message, a reply, a read, a close", async () => {
    const customer = await customerOfShop('Вера');
    const operator = await operatorOf([shop.id]);
    const operators = { role: 'operator', storeIds: [shop.id] };
    const customerOnly = { users: [customer] };

    let conversation = '';
    expect(
      await measured(async () => {
        conversation = (await support().sendAsCustomer(customer, { text: 'Где мой заказ?' }, origin))
          .conversation;
      }),
    ).toEqual({
      lookups: 1,
      published: [
        ['chat.message', customerOnly],
        ['chat.message', operators],
        ['chat.conversation', operators],
      ],
    });
    expect(await measured(() => support().readAsOperator(operator, conversation))).toEqual({
      lookups: 1,
      published: [
        ['chat.read', customerOnly],
        ['chat.read', operators],
        ['chat.conversation', operators],
      ],
    });
    expect(
      await measured(() => support().reply(operator, conversation, { text: 'Уже едет' }, origin)),
    ).toEqual({
      lookups: 1,
      published: [
        // The customer's notification of the reply, before the reply itself: a customer with the chat open
        // reads the reply as it arrives, and that read must find the notification (or the badge keeps it).
        ['notification', customerOnly],
        ['badges', customerOnly],
        ['chat.message', customerOnly],
        ['chat.message', operators],
        ['chat.conversation', operators],
      ],
    });
    expect(await measured(() => support().readAsCustomer(customer))).toMatchObject({
      lookups: 1,
      published: expect.arrayContaining([
        ['chat.read', customerOnly],
        ['chat.read', operators],
      ]),
    });
    expect(await measured(() => support().close(operator, conversation))).toEqual({
      lookups: 1,
      published: [['chat.conversation', operators]],
    });
  });

  it("reads the listed customers' names in one query, however many conversations are listed", async () => {
    const operator = await operatorOf([]);
    const statementsOfList = async () => {
      const before = counted.statements();
      const conversations = await support().listConversations(operator, 'all');
      return { statements: counted.statements() - before, conversations };
    };
    const first = (await createCustomer(t.db.db, 'Глеб')).id;
    await support().sendAsCustomer(first, { text: 'Здравствуйте' }, origin);
    const one = await statementsOfList();

    for (const name of ['Дина', 'Егор', 'Жанна']) {
      const customer = (await createCustomer(t.db.db, name)).id;
      await support().sendAsCustomer(customer, { text: 'Вопрос' }, origin);
    }
    const four = await statementsOfList();
    expect(four.conversations.map((item) => item.customer.name)).toEqual(
      expect.arrayContaining(['Глеб', 'Дина', 'Егор', 'Жанна']),
    );
    expect(four.statements).toBe(one.statements);
  });
});
