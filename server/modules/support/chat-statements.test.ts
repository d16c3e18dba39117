/**
 * What a customer's support message costs the database (issue 26, ADR 047): its statements counted through a
 * Drizzle logger on both databases, transaction control included. The message and its conversation go in one
 * statement (a transaction of four before), and its three rates in one more (three before), so the operators
 * hear of it five round trips sooner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { createCustomer } from '../../../tests/setup/service-fixtures';
import { createTestServices, type TestServices, withQueryLogger } from '../../../tests/setup/services';
import { findConversationOfCustomer, listMessages } from './support.repository';

describe.each(TEST_DATABASE_KINDS)("a customer's support message on %s", (kind) => {
  let t: TestServices;
  let sent: string[] = [];
  let counting = false;
  const origin = { ip: '203.0.113.9' };

  beforeAll(async () => {
    t = await createTestServices(kind, {
      wrapDb: withQueryLogger(kind, (query) => {
        if (counting) sent.push(query.trim().split(/\s+/).slice(0, 3).join(' ').toLowerCase());
      }),
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  const statementsOf = async (work: () => Promise<unknown>) => {
    sent = [];
    counting = true;
    try {
      await work();
    } finally {
      counting = false;
    }
    return sent;
  };

  it('stores the message and opens its conversation in one statement, the first time and after', async () => {
    const customer = (await createCustomer(t.db.db, 'Зоя')).id;
    const support = t.services.support;
    for (const text of ['Здравствуйте', 'Где мой заказ?']) {
      const statements = await statementsOf(() => support.sendAsCustomer(customer, { text }, origin));
      expect(statements.filter((statement) => /^(begin|commit|rollback)/.test(statement))).toEqual([]);
      expect(statements.filter((statement) => statement.startsWith('with c as'))).toHaveLength(1);
      expect(statements.filter((statement) => statement.startsWith('insert into "chat_'))).toEqual([]);
      // The three rates in one statement (the limit store's takeEach), the message with its conversation, the
      // audience, and the operators' summary (three).
      expect(statements.filter((statement) => statement.startsWith('with t0 as'))).toHaveLength(1);
      expect(statements).toHaveLength(6);
    }
    const conversation = await findConversationOfCustomer(t.db.db, customer);
    expect(conversation?.status).toBe('open');
    const messages = await listMessages(t.db.db, conversation?.id ?? '', undefined, 10);
    expect(messages.map((message) => [message.text, message.authorId, message.authorRole])).toEqual([
      ['Здравствуйте', customer, 'customer'],
      ['Где мой заказ?', customer, 'customer'],
    ]);
    expect(conversation?.lastMessageAt).toEqual(messages[1]?.createdAt);
  });

  it('stores nothing under a key the author used before', async () => {
    const customer = (await createCustomer(t.db.db, 'Ия')).id;
    const support = t.services.support;
    const key = { ...origin, idempotencyKey: 'chat-statements-key' };
    const first = await support.sendAsCustomer(customer, { text: 'Один раз' }, key);
    const again = await support.sendAsCustomer(customer, { text: 'Один раз' }, key);
    expect(again._id).toBe(first._id);
    const conversation = await findConversationOfCustomer(t.db.db, customer);
    expect(await listMessages(t.db.db, conversation?.id ?? '', undefined, 10)).toHaveLength(1);
  });
});
