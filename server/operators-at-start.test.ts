import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../tests/setup/database';
import { signIn } from '../tests/setup/identity';
import { stores, users } from './db/schema/index';
import { findOperatorStores, grantRole } from './modules/support/support.repository';
import { grantOperatorsAtStart, OPERATOR_DEFAULT_NAME } from './operators-at-start';

/** OPERATOR_PHONES (ADR 033): the operators a deployment starts with, before or after their first login. */
describe.each(TEST_DATABASE_KINDS)('operators at start on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('makes a new phone an operator who then signs in with the SMS code, and leaves a CLI operator’s shops', async () => {
    const customer = await signIn(t, '+7 (903) 100-00-01');
    const [store] = await t.db.db.select({ id: stores.id }).from(stores).limit(1);
    const shopOperator = await signIn(t, '+7 (903) 100-00-02');
    await grantRole(t.db.db, shopOperator.user._id, 'operator', [store?.id ?? '']);

    await grantOperatorsAtStart(t.app.services, ['+79031000003', '+79031000002']);
    await grantOperatorsAtStart(t.app.services, ['+79031000003']);

    const [created] = await t.db.db.select().from(users).where(eq(users.phone, '+79031000003'));
    expect(created?.name).toBe(OPERATOR_DEFAULT_NAME);
    const operator = await signIn(t, '+7 (903) 100-00-03', 'Ольга');
    expect(operator.user._id).toBe(created?.id);
    const consoleAnswer = await t.app.inject({
      method: 'GET',
      url: '/api/operator/conversations',
      headers: operator.headers,
    });
    expect(consoleAnswer.statusCode).toBe(200);
    expect(await findOperatorStores(t.db.db, shopOperator.user._id)).toEqual([store?.id]);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/operator/conversations',
      headers: customer.headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});
