import { findZoneForPoint } from '@core/rules/geo';
import { cities, deliveryZones, stock } from '@server/db/schema/index';
import { SESSION_COOKIE } from '@server/http/auth';
import { createFakeClock } from '@server/lib/clock';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as loginAction, loader as loginLoader } from '~/routes/login';
import {
  type ActionOutcome,
  actionArgs,
  formPost,
  outcomeOf,
  pageContext,
  recordingLog,
  setCookieOf,
} from '../../../tests/setup/actions';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { signIn, testClientAddress } from '../../../tests/setup/identity';
import { lastCodeFor, readSmsOutbox } from '../../../tests/setup/sms-outbox';

/**
 * Login by SMS code through the /login route's action (ADR 028): what the popups' fetchers and the page's
 * plain forms post. The same contracts, limits, identity service and session cookie as the API's login.
 */
describe.each(TEST_DATABASE_KINDS)('login action on %s', (kind) => {
  let t: TestApp;
  let phoneCounter = 0;

  // A fake clock: the session cookie's Max-Age is exact, and a resend waits for no real seconds.
  const clock = createFakeClock();

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
  });

  afterAll(async () => {
    await t?.close();
  });

  /** A phone no other test of this file uses: the resend cooldown is per phone. */
  function nextPhone(): { masked: string; normalised: string } {
    phoneCounter += 1;
    const tail = String(phoneCounter).padStart(2, '0');
    return { masked: `+7 (915) 300-00-${tail}`, normalised: `+791530000${tail}` };
  }

  // Each post from its own address unless a test says otherwise: the per-address limits are tested apart.
  const post = (form: Record<string, string>, options: Parameters<typeof pageContext>[2] = {}) =>
    loginAction(
      actionArgs(
        formPost('/login', form),
        pageContext(t, null, { clientIp: testClientAddress(), now: clock.now, ...options }),
        {
          params: {},
          pattern: '/login',
        },
      ),
    );

  async function codeSentTo(phone: { masked: string; normalised: string }, name = 'Анна'): Promise<string> {
    const sent = outcomeOf(await post({ intent: 'code', name, phone: phone.masked }));
    expect(sent).toMatchObject({ kind: 'data', status: 200 });
    const code = await lastCodeFor(t.smsOutbox, phone.normalised);
    if (!code) throw new Error('no code was sent');
    return code;
  }

  it('answers an empty code request with the contract’s messages per field, and sends nothing', async () => {
    const before = (await readSmsOutbox(t.smsOutbox)).length;
    expect(outcomeOf(await post({ intent: 'code', name: ' ', phone: '+7 (915) 3' }))).toEqual({
      kind: 'data',
      status: 400,
      data: {
        ok: false,
        message: 'Обязательное поле',
        fields: { name: 'Обязательное поле', phone: 'Введите существующий номер телефона' },
        // Conform's lastResult (ADR 042): the /login page rendered again shows the errors and what was typed.
        result: expect.objectContaining({
          status: 'error',
          initialValue: { intent: 'code', name: ' ', phone: '+7 (915) 3' },
          error: { name: ['Обязательное поле'], phone: ['Введите существующий номер телефона'] },
        }),
      },
    });
    expect(await readSmsOutbox(t.smsOutbox)).toHaveLength(before);
  });

  it('refuses an unknown intent', async () => {
    expect(outcomeOf(await post({ intent: 'become-admin' }))).toMatchObject({
      kind: 'data',
      status: 400,
      data: { ok: false, message: 'Неизвестное действие входа' },
    });
  });

  it('sends the code to the number as the contract made it, and says so', async () => {
    const phone = nextPhone();
    const sent = outcomeOf(await post({ intent: 'code', name: '  Анна   Тестова ', phone: phone.masked }));
    expect(sent).toEqual({
      kind: 'data',
      status: 200,
      data: { ok: true, intent: 'code', recipient: { name: 'Анна Тестова', phone: phone.normalised } },
    });
    expect(await lastCodeFor(t.smsOutbox, phone.normalised)).toMatch(/^\d{4}$/);
    // The resend interval holds here as on the API (429 with the server's message).
    expect(outcomeOf(await post({ intent: 'code', name: 'Анна', phone: phone.masked }))).toMatchObject({
      kind: 'data',
      status: 429,
      data: { ok: false },
    });
  });

  it('counts the per-address limit of code requests by the client’s address', async () => {
    const clientIp = '203.0.113.77';
    const statuses: number[] = [];
    const outcomes: ActionOutcome[] = [];
    for (let i = 0; i < 21; i += 1) {
      const outcome = outcomeOf(
        await post({ intent: 'code', name: 'Анна', phone: nextPhone().masked }, { clientIp }),
      );
      statuses.push(outcome.status);
      outcomes.push(outcome);
    }
    // 20 an hour per address (DESIGN.md §3); the refusal names the network, not the phone.
    expect(statuses).toEqual([...Array(20).fill(200), 429]);
    expect(outcomes.at(-1)).toMatchObject({
      data: { message: 'Слишком много запросов кода из вашей сети. Повторите через 1 ч' },
    });
    // Another address is not affected.
    expect(outcomeOf(await post({ intent: 'code', name: 'Анна', phone: nextPhone().masked })).status).toBe(
      200,
    );
  });

  it('refuses a wrong code on the code field, sets no cookie, and keeps the step for the page', async () => {
    const phone = nextPhone();
    const code = await codeSentTo(phone);
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
    const result = await post({ intent: 'login', phone: phone.normalised, name: 'Анна', code: wrong });
    expect(outcomeOf(result)).toEqual({
      kind: 'data',
      status: 400,
      data: {
        ok: false,
        message: 'Неверный код',
        fields: { code: 'Неверный код' },
        // The code itself never comes back.
        result: expect.objectContaining({
          initialValue: { intent: 'login', name: 'Анна', phone: phone.normalised },
          error: { code: ['Неверный код'] },
        }),
      },
    });
    expect(setCookieOf(result)).toBeNull();
    expect(outcomeOf(await post({ intent: 'login', phone: phone.normalised, code: '12' }))).toMatchObject({
      status: 400,
      data: { fields: { code: 'Длина кода 4 символа' } },
    });
    // SPEC §5: an empty code says the same, though a form's empty field reads as missing (ADR 042).
    expect(outcomeOf(await post({ intent: 'login', phone: phone.normalised, code: '' }))).toMatchObject({
      status: 400,
      data: { fields: { code: 'Длина кода 4 символа' } },
    });
  });

  it('signs in with a right code: the API’s session cookie, and the user without a token', async () => {
    const phone = nextPhone();
    const code = await codeSentTo(phone, 'Борис');
    const result = await post({ intent: 'login', phone: phone.normalised, code });
    expect(outcomeOf(result)).toMatchObject({
      kind: 'data',
      status: 200,
      data: {
        ok: true,
        intent: 'login',
        user: { name: 'Борис', phone: phone.normalised },
        guestBasket: 'none',
      },
    });
    const cookie = setCookieOf(result) ?? '';
    expect(cookie).toMatch(
      new RegExp(`^${SESSION_COOKIE}=[^;]+; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax$`),
    );
    const token = decodeURIComponent(cookie.slice(SESSION_COOKIE.length + 1, cookie.indexOf(';')));
    const viewer = await t.app.services.identity.authenticate(token);
    expect(viewer?.user.phone).toBe(phone.normalised);
    expect(JSON.stringify(outcomeOf(result))).not.toContain(token);
    // The API's login sets the same cookie: the same attributes after the value.
    const other = nextPhone();
    const apiCode = await codeSentTo(other);
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { phone: other.normalised, code: apiCode },
      remoteAddress: testClientAddress(),
    });
    const attributes = (value: string) => value.slice(value.indexOf(';')).split('; ').sort();
    expect(attributes(String(api.headers['set-cookie']))).toEqual(attributes(cookie));
  });

  it('redirects the page’s form after a right code, only to a path of this site', async () => {
    const phone = nextPhone();
    const code = await codeSentTo(phone);
    const result = await post({ intent: 'login', phone: phone.normalised, code, redirectTo: '/basket' });
    expect(outcomeOf(result)).toMatchObject({ kind: 'redirect', status: 302, location: '/basket' });
    expect(setCookieOf(result)).toMatch(new RegExp(`^${SESSION_COOKIE}=`));

    const other = nextPhone();
    const otherCode = await codeSentTo(other);
    const away = await post({
      intent: 'login',
      phone: other.normalised,
      code: otherCode,
      redirectTo: '//evil.example/x',
    });
    expect(outcomeOf(away)).toMatchObject({ kind: 'redirect', location: '/' });
  });

  it('saves the guest’s pending address to the account; a malformed one never fails the login', async () => {
    const [city] = await t.db.db.select().from(cities).where(eq(cities.slug, 'yaroslavl'));
    if (!city) throw new Error('no Ярославль');
    const zones = await t.db.db.select().from(deliveryZones).where(eq(deliveryZones.cityId, city.id));
    const zone = findZoneForPoint([city.centerLongitude, city.centerLatitude], zones);
    const phone = nextPhone();
    const code = await codeSentTo(phone);
    const result = await post({
      intent: 'login',
      phone: phone.normalised,
      code,
      // The contract's paths (ADR 042): LoginRequestSchema's address.
      'address.address': 'г. Ярославль, ул. Свободы, 1',
      'address.shortAddress': 'ул. Свободы, 1',
      'address.deliveryArea': zone?.id ?? '',
      'address.city': city.id,
      'address.coordinates.longitude': String(city.centerLongitude),
      'address.coordinates.latitude': String(city.centerLatitude),
    });
    expect(outcomeOf(result)).toMatchObject({
      data: { ok: true, user: { house: { address: 'г. Ярославль, ул. Свободы, 1' } } },
    });

    const other = nextPhone();
    const otherCode = await codeSentTo(other);
    const malformed = await post({
      intent: 'login',
      phone: other.normalised,
      code: otherCode,
      'address.address': 'x',
      'address.city': 'nope',
    });
    expect(outcomeOf(malformed)).toMatchObject({ status: 200, data: { ok: true, user: { house: null } } });
  });

  it('merges the guest basket in the same request; says when lines could not be added', async () => {
    const rows = await t.db.db
      .select({ pointId: stock.pointId, productId: stock.productId, count: stock.count })
      .from(stock)
      .where(gt(stock.count, 3))
      .limit(2);
    const [first, second] = rows;
    if (!first || !second) throw new Error('no stock');
    // An account with a line already: the larger quantity wins, capped at the stock.
    const phone = nextPhone();
    const existing = await signIn(t, phone.masked);
    await t.app.services.basket.changeItem(existing.user._id, {
      warehouse_id: first.pointId,
      product_id: first.productId,
      quantity: 1,
    });
    clock.advance(16_000); // past the resend interval of the code signIn asked for
    const code = await codeSentTo(phone);
    const basket = {
      [first.pointId]: [{ product: first.productId, quantity: 3 }],
      [second.pointId]: [{ product: second.productId, quantity: 999 }],
    };
    const result = await post({
      intent: 'login',
      phone: phone.normalised,
      code,
      basket: JSON.stringify(basket),
    });
    expect(outcomeOf(result)).toMatchObject({ data: { ok: true, guestBasket: 'merged' } });
    const merged = await t.app.services.basket.getBasket(existing.user._id);
    expect(merged[first.pointId]?.find((line) => line.product._id === first.productId)?.quantity).toBe(3);
    expect(merged[second.pointId]?.find((line) => line.product._id === second.productId)?.quantity).toBe(
      Math.min(999, second.count),
    );

    // A line whose point has nothing left is not added, and the answer says so.
    await t.db.db
      .update(stock)
      .set({ count: 0 })
      .where(and(eq(stock.pointId, second.pointId), eq(stock.productId, second.productId)));
    const short = nextPhone();
    const shortCode = await codeSentTo(short);
    const shortResult = await post({
      intent: 'login',
      phone: short.normalised,
      code: shortCode,
      basket: JSON.stringify({ [second.pointId]: [{ product: second.productId, quantity: 1 }] }),
    });
    expect(outcomeOf(shortResult)).toMatchObject({ data: { ok: true, guestBasket: 'short' } });
  });

  it('logs and ignores a guest basket that is not one: the login succeeds', async () => {
    const phone = nextPhone();
    const code = await codeSentTo(phone);
    const log = recordingLog();
    const result = await post(
      { intent: 'login', phone: phone.normalised, code, basket: '{"not-a-point":1' },
      { log },
    );
    expect(outcomeOf(result)).toMatchObject({ status: 200, data: { ok: true, guestBasket: 'none' } });
    expect(log.lines).toMatchObject([
      { level: 'warn', message: 'a guest basket sent at login was not a basket' },
    ]);
  });

  it('sends a signed-in customer on from the page, to where they were going', async () => {
    const customer = await signIn(t, nextPhone().masked);
    const request = new Request('http://fresh.test/login?redirectTo=%2Flk%3Factive%3Dorders');
    const args = {
      request,
      params: {},
      context: pageContext(t, customer.user),
      url: new URL(request.url),
      pattern: '/login',
    };
    const thrown = await Promise.resolve()
      .then(() => loginLoader(args))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('location')).toBe('/lk?active=orders');
    expect(await loginLoader({ ...args, context: pageContext(t, null) })).toEqual({
      redirectTo: '/lk?active=orders',
    });
  });
});
