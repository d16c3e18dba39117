/**
 * The board's form for a shop's time to answer a replacement, and the assembly rates of the console's page
 * actions (issue 27, ADR 055), called as React Router calls them, on PGlite and PostgreSQL: a guest 401 and a
 * customer 403 before the form is read, minutes outside 1–60 refused in Russian with the form kept, another
 * shop's not found, a saved time answered in place and shown by the board's loader; the weighing and the
 * substitution posted from the pages take the same rates as the API (429 with Retry-After).
 */
import { stores } from '@server/db/schema/index';
import { createFakeClock } from '@server/lib/clock';
import { assemblyRates } from '@server/modules/support/support.service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as assemblyAction } from '~/routes/operator-assembly';
import { action as boardAction, loader as boardLoader } from '~/routes/operator-board';
import { actionArgs, formPost, outcomeOf, pageContext, TEST_ORIGIN } from '../../../tests/setup/actions';
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
import { replacementMinutesSavedOf } from './replacement-times';

const nextPhone = phoneSequence('8919');

describe.each(TEST_DATABASE_KINDS)("the board's replacement times on %s", (kind) => {
  let t: TestApp;
  let storeA = '';
  let storeB = '';
  const clock = createFakeClock(Date.now());

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    const [first, second] = await t.db.db.select({ id: stores.id }).from(stores).limit(2);
    if (!first || !second) throw new Error('two shops expected');
    storeA = first.id;
    storeB = second.id;
  });

  afterAll(async () => {
    await t?.close();
  });

  const context = (who: SignedInCustomer | null, clientIp = testClientAddress()) =>
    pageContext(t, who?.user ?? null, { now: () => clock.now(), clientIp });

  const post = async (
    who: SignedInCustomer | null,
    fields: Record<string, string>,
    clientIp = testClientAddress(),
  ) => {
    const answer = await boardAction(
      actionArgs(formPost('/operator/board', fields), context(who, clientIp), {
        params: {},
        pattern: '/operator/board',
      }),
    );
    return { ...outcomeOf(answer), answer };
  };

  const load = (who: SignedInCustomer) =>
    boardLoader({
      request: new Request(`${TEST_ORIGIN}/operator/board`),
      params: {},
      context: context(who),
    } as never);

  const minutesOf = (storeId: string) => replacementMinutesOf(t, storeId);

  it('refuses a guest 401 and a customer 403 before it reads the form', async () => {
    expect(await post(null, { intent: 'replacement-minutes' })).toMatchObject({
      kind: 'data',
      status: 401,
      data: { ok: false, message: 'Необходимо авторизоваться' },
    });
    const customer = await signIn(t, nextPhone());
    expect(
      await post(customer, { intent: 'replacement-minutes', store: storeA, minutes: '0' }),
    ).toMatchObject({
      kind: 'data',
      status: 403,
      data: { ok: false, message: 'Раздел доступен только операторам поддержки' },
    });
  });

  it("saves a time of the operator's shop in place; the board shows it; other values are refused in Russian", async () => {
    const operator = await signInOperator(t, nextPhone(), [storeA]);
    const before = await minutesOf(storeA);
    for (const minutes of ['0', '61', '1.5', 'десять', '']) {
      const refused = await post(operator, { intent: 'replacement-minutes', store: storeA, minutes });
      expect(refused, minutes).toMatchObject({
        kind: 'data',
        status: 400,
        data: {
          ok: false,
          message: 'Укажите время от 1 до 60 минут',
          fields: { minutes: 'Укажите время от 1 до 60 минут' },
        },
      });
    }
    expect(await minutesOf(storeA)).toBe(before);
    const foreign = await post(operator, { intent: 'replacement-minutes', store: storeB, minutes: '5' });
    expect(foreign).toMatchObject({ kind: 'data', status: 404, data: { message: 'Магазин не найден' } });

    const saved = await post(operator, { intent: 'replacement-minutes', store: storeA, minutes: '25' });
    expect(saved).toMatchObject({ kind: 'data', status: 200 });
    expect(replacementMinutesSavedOf(saved.answer)).toEqual({ ok: true, store: storeA, minutes: 25 });
    expect(await minutesOf(storeA)).toBe(25);
    const { stores: shown } = await load(operator);
    expect(shown).toEqual([expect.objectContaining({ store: storeA, minutes: 25 })]);
  });

  it('takes the assembly rates on the board and the assembly page: 429 with Retry-After once used up', async () => {
    const operator = await signInOperator(t, nextPhone());
    const address = testClientAddress();
    // The operator's minute, used up but for one action, in the app's limit store by the rule the pages take.
    const [own] = assemblyRates(operator.user._id, address);
    if (!own) throw new Error('no operator rule in the assembly rates');
    const limits = t.app.services.identity.limitStore;
    for (let taken = 0; taken < own.limit - 1; taken += 1) {
      expect((await limits.take(own.key, own.limit, own.windowMs)).allowed).toBe(true);
    }
    expect(
      await post(operator, { intent: 'replacement-minutes', store: storeB, minutes: '9' }, address),
    ).toMatchObject({ kind: 'data', status: 200 });

    const retryAfterOf = (answer: unknown) =>
      Number(new Headers((answer as { init?: ResponseInit }).init?.headers).get('retry-after'));
    const product = crypto.randomUUID();
    const weighed = await post(
      operator,
      { intent: 'weigh', number: '1999999999', product, grams: '300' },
      address,
    );
    expect(weighed).toMatchObject({ kind: 'data', status: 429, data: { ok: false } });
    expect(retryAfterOf(weighed.answer)).toBeGreaterThan(0);
    const setAgain = await post(
      operator,
      { intent: 'replacement-minutes', store: storeB, minutes: '8' },
      address,
    );
    expect(setAgain).toMatchObject({
      kind: 'data',
      status: 429,
      data: { message: expect.stringMatching(/^Слишком много действий подряд\. Повторите через/) },
    });
    expect(await minutesOf(storeB)).toBe(9);
    const substituted = await assemblyAction(
      actionArgs(
        formPost('/operator/board/1999999999', { intent: 'substitute', number: '1999999999', product }),
        context(operator, address),
        { params: { number: '1999999999' }, pattern: '/operator/board/:number' },
      ),
    );
    expect(outcomeOf(substituted)).toMatchObject({ kind: 'data', status: 429 });
    expect(retryAfterOf(substituted)).toBeGreaterThan(0);
  });
});
