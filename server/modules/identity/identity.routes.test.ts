/**
 * The identity API's HTTP contract (SPEC §5, §7): status codes, our JSON shape and its Russian messages,
 * cookies and their flags, Retry-After, client addresses behind a proxy, what reaches the logs, and the login
 * limits shared through Redis. The rules behind it (the code's life and tries, each limit's number, sessions,
 * housekeeping) are stated at the service, without HTTP: identity.service.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { ErrorBodySchema } from '@core/contracts/common';
import { LoginResponseSchema, UserResponseSchema } from '@core/contracts/identity';
import { formatPhone } from '@core/rules/phone';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { runsOn, TEST_DATABASE_KINDS, TEST_REDIS_URL } from '../../../tests/setup/database';
import { signIn, testClientAddress } from '../../../tests/setup/identity';
import { lastCodeFor, readSmsOutbox } from '../../../tests/setup/sms-outbox';
import { rateLimits, sessions, smsCodes, users } from '../../db/schema/index';
import { createFakeClock, type FakeClock } from '../../lib/clock';
import { createFileSms } from '../../sms/file-sms';
import { SmsDeliveryError, type SmsSender } from '../../sms/sms';
import { hashSessionToken } from './secrets';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

function expectError(response: Response, status: number, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = ErrorBodySchema.parse(response.json());
  expect(body.message).toMatch(/[а-яё]/i);
  if (message !== undefined) expect(body.message).toBe(message);
  expect(response.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
  return body;
}

let phoneCounter = 100;
/** A fresh +7 mobile number per test, as the form sends it (8XXXXXXXXXX) and as the server keeps it. */
function newPhone(): { sent: string; stored: string } {
  phoneCounter += 1;
  const national = `912${String(phoneCounter).padStart(7, '0')}`;
  return { sent: `8${national}`, stored: `+7${national}` };
}

describe.each(TEST_DATABASE_KINDS)('the identity API on %s', (kind) => {
  let t: TestApp;
  let clock: FakeClock;

  const requestCode = (
    phone: string,
    options: { name?: unknown; ip?: string; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/code',
      payload: { name: options.name ?? 'Анна', phone },
      remoteAddress: options.ip ?? testClientAddress(),
      headers: options.headers,
    });
  // Each login from its own address: the per-address failure limit has its own tests (login-failures.test.ts).
  const login = (phone: string, code: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { phone, code },
      remoteAddress: testClientAddress(),
    });
  const me = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/user/me', headers });
  const codeOf = async (stored: string) => {
    const code = await lastCodeFor(t.smsOutbox, stored);
    if (!code) throw new Error(`no code for ${stored}`);
    return code;
  };
  /** A four-digit code that is not the right one. */
  const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

  beforeAll(async () => {
    clock = createFakeClock();
    t = await createTestApp(kind, { seed: false, clock });
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('the whole flow', () => {
    it('sends a code, signs in with it, knows the user, and logs out for good', async () => {
      const phone = newPhone();
      const sent = await requestCode(phone.sent, { name: '  Анна   Петрова ' });
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ success: true });

      const [message] = (await readSmsOutbox(t.smsOutbox)).filter((m) => m.phone === phone.stored);
      expect(message?.code).toMatch(/^\d{4}$/);
      expect(message?.text).toContain(message?.code);
      expect(message?.at).toBe(new Date(clock.now()).toISOString());

      // The form sends 8XXXXXXXXXX; any usual spelling of the number is the same number.
      const response = await login(formatPhone(phone.stored), message?.code);
      expect(response.statusCode, response.body).toBe(200);
      const body = LoginResponseSchema.parse(response.json());
      expect(body.user).toMatchObject({
        name: 'Анна Петрова',
        phone: phone.stored,
        email: null,
        img: null,
        house: null,
      });
      expect(body.user.token).toBe(body.token);
      expect(Buffer.from(body.token, 'base64url').length).toBeGreaterThanOrEqual(16);
      expect(response.headers['cache-control']).toBe('private, no-store');

      const setCookie = String(response.headers['set-cookie']);
      expect(setCookie).toContain(`fresh_session=${body.token}`);
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      expect(setCookie).toMatch(/Path=\//);
      expect(setCookie).toMatch(/Max-Age=2592000/);
      expect(setCookie).not.toMatch(/Secure/i);

      const byCookie = await me({ cookie: `fresh_session=${body.token}` });
      expect(UserResponseSchema.parse(byCookie.json()).user).toEqual(
        expect.objectContaining({ _id: body.user._id, name: 'Анна Петрова' }),
      );
      const byBearer = await me({ authorization: `Bearer ${body.token}` });
      expect(byBearer.statusCode).toBe(200);

      // Only the hash of the token is stored.
      const [stored] = await t.db.db.select().from(sessions).where(eq(sessions.userId, body.user._id));
      expect(stored?.tokenHash).toBe(hashSessionToken(body.token));
      expect(JSON.stringify(stored)).not.toContain(body.token);

      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/user/logout',
        headers: { cookie: `fresh_session=${body.token}`, ...XHR },
      });
      expect(logout.statusCode).toBe(200);
      expect(String(logout.headers['set-cookie'])).toMatch(/fresh_session=;.*Expires=Thu, 01 Jan 1970/);

      expectError(await me({ cookie: `fresh_session=${body.token}` }), 401, 'Необходимо авторизоваться');
      expectError(await me({ authorization: `Bearer ${body.token}` }), 401, 'Необходимо авторизоваться');
    });

    it('answers a guest 401, and ends a session 30 days after login however active it is', async () => {
      expectError(await me({}), 401, 'Необходимо авторизоваться');
      expectError(await me({ cookie: 'fresh_session=not-a-real-token-at-all' }), 401);
      expectError(await me({ authorization: 'Bearer ' }), 401);

      const customer = await signIn(t, newPhone().sent);
      clock.advance(30 * DAY_MS - 1000);
      expect((await me({ cookie: customer.cookie })).statusCode).toBe(200);
      clock.advance(1000);
      expectError(await me({ cookie: customer.cookie }), 401);
    });

    it('answers the same for known and unknown phones', async () => {
      const known = newPhone();
      await signIn(t, known.sent);
      clock.advance(60_000);
      const unknown = newPhone();
      const a = await requestCode(known.sent);
      const b = await requestCode(unknown.sent);
      expect(a.statusCode).toBe(b.statusCode);
      expect(a.body).toBe(b.body);
      const strip = (headers: Record<string, unknown>) => {
        // Each answer's own: its date, CSP nonce and request id (ADR 048).
        const { date: _date, 'content-security-policy': _csp, 'x-request-id': _id, ...rest } = headers;
        return rest;
      };
      expect(strip(a.headers)).toEqual(strip(b.headers));
    });
  });

  describe('input rules (SPEC §5) with their Russian messages', () => {
    it('requires a name and a phone', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/user/code', payload: {} });
      const body = expectError(response, 400, 'Обязательное поле');
      expect(body.errors).toEqual({ name: 'Обязательное поле', phone: 'Обязательное поле' });
    });

    it.each([
      ['an unfinished mask', '+7 (912) 345-67-8'],
      ['too many digits', '891234567890'],
      ['another country', '+19123456789'],
      ['letters', '8912345678a'],
    ])('refuses a phone with %s', async (_case, phone) => {
      const body = expectError(await requestCode(phone), 400, 'Введите существующий номер телефона');
      expect(body.errors?.phone).toBe('Введите существующий номер телефона');
    });

    it.each([
      ['digits', 'Анна2', 'Имя может содержать только буквы и пробелы'],
      ['five words', 'Анна Мария Ольга Петровна Иванова', 'Не более 4 слов'],
      ['101 letters', 'я'.repeat(101), 'Не более 100 символов'],
      ['only spaces', '    ', 'Обязательное поле'],
      ['a number', 42, 'Обязательное поле'],
    ])('refuses a name with %s', async (_case, name, message) => {
      const body = expectError(await requestCode(newPhone().sent, { name }), 400, message);
      expect(body.errors?.name).toBe(message);
    });

    it.each([['12'], ['12345'], ['12a4'], [''], [null]])(
      'refuses the code %j with "Длина кода 4 символа"',
      async (code) => {
        const body = expectError(await login(newPhone().sent, code), 400, 'Длина кода 4 символа');
        expect(body.errors?.code).toBe('Длина кода 4 символа');
      },
    );

    it('refuses a body that is not JSON', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/code',
        headers: { 'content-type': 'application/json' },
        payload: '{"phone":',
      });
      expectError(response, 400, 'Некорректный JSON в теле запроса');
    });
  });

  describe('send limits', () => {
    it('allows one send per phone per 15 s: a resend at 14 s is 429 with Retry-After', async () => {
      const phone = newPhone();
      const ip = testClientAddress();
      expect((await requestCode(phone.sent, { ip })).statusCode).toBe(200);
      clock.advance(14_000);
      const early = await requestCode(phone.sent, { ip });
      const body = expectError(early, 429);
      expect(body.message).toBe('Код уже отправлен. Повторная отправка возможна через 1 с');
      expect(early.headers['retry-after']).toBe('1');
      clock.advance(1000);
      expect((await requestCode(phone.sent, { ip })).statusCode).toBe(200);
    });

    it('allows 20 sends per IP per hour, and a forged X-Forwarded-For does not escape it', async () => {
      const ip = testClientAddress();
      for (let send = 1; send <= 20; send += 1) {
        expect((await requestCode(newPhone().sent, { ip })).statusCode).toBe(200);
      }
      expect(expectError(await requestCode(newPhone().sent, { ip }), 429).message).toBe(
        'Слишком много запросов кода из вашей сети. Повторите через 1 ч',
      );
      const forged = await requestCode(newPhone().sent, {
        ip,
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expectError(forged, 429);
      expect(forged.headers['retry-after']).toBe('3600');
      // Another address is not affected.
      expect((await requestCode(newPhone().sent)).statusCode).toBe(200);
    });
  });

  describe('profile settings', () => {
    it('updates the name and email, with the contract messages', async () => {
      const customer = await signIn(t, newPhone().sent, 'Вера');
      const update = (payload: Record<string, unknown>) =>
        t.app.inject({ method: 'PUT', url: '/api/user/me/update', headers: customer.headers, payload });

      const ok = await update({
        name: ' Вера  Павловна ',
        phone: customer.user.phone,
        email: ' vera@example.ru ',
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(UserResponseSchema.parse(ok.json()).user).toMatchObject({
        name: 'Вера Павловна',
        email: 'vera@example.ru',
      });
      expect(UserResponseSchema.parse((await me({ cookie: customer.cookie })).json()).user.email).toBe(
        'vera@example.ru',
      );

      const badEmail = expectError(
        await update({ name: 'Вера', phone: customer.user.phone, email: 'vera@' }),
        400,
      );
      expect(badEmail).toMatchObject({
        message: 'Введите существующую почту',
        errors: { email: 'Введите существующую почту' },
      });
      expectError(
        await update({ name: 'Вера', phone: customer.user.phone, email: '' }),
        400,
        'Обязательное поле',
      );
      expectError(
        await update({ name: 'В3ра', phone: customer.user.phone, email: 'v@example.ru' }),
        400,
        'Имя может содержать только буквы и пробелы',
      );
      expectError(
        await update({ name: 'Вера', phone: customer.user.phone, email: 'v@example.ru', file: 'nope' }),
        400,
      );
    });

    it('changes the phone only with the code sent to the new number', async () => {
      const customer = await signIn(t, newPhone().sent, 'Глеб');
      const next = newPhone();
      const update = (payload: Record<string, unknown>) =>
        t.app.inject({ method: 'PUT', url: '/api/user/me/update', headers: customer.headers, payload });
      const base = { name: 'Глеб', email: 'gleb@example.ru' };

      const withoutCode = expectError(await update({ ...base, phone: next.sent }), 400);
      expect(withoutCode.errors?.code).toBe('Введите код из SMS, отправленного на новый номер');
      expectError(
        await update({ ...base, phone: next.sent, code: '1234' }),
        400,
        'Код недействителен. Запросите новый код',
      );

      expect((await requestCode(next.sent, { name: 'Глеб' })).statusCode).toBe(200);
      const code = await codeOf(next.stored);
      expectError(await update({ ...base, phone: next.sent, code: wrong(code) }), 400, 'Неверный код');
      const changed = await update({ ...base, phone: next.sent, code });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(UserResponseSchema.parse(changed.json()).user.phone).toBe(next.stored);
      const [row] = await t.db.db.select().from(users).where(eq(users.id, customer.user._id));
      expect(row?.phone).toBe(next.stored);
    });

    it('refuses a number that belongs to another customer, even with its code', async () => {
      const owner = await signIn(t, newPhone().sent, 'Дина');
      const other = await signIn(t, newPhone().sent, 'Ефим');
      clock.advance(15_000);
      await requestCode(owner.user.phone);
      const code = await codeOf(owner.user.phone);
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/user/me/update',
        headers: other.headers,
        payload: { name: 'Ефим', email: 'efim@example.ru', phone: owner.user.phone, code },
      });
      expectError(response, 409, 'Этот номер телефона уже используется');
    });

    it('needs a session, and the same-origin header when the session is the cookie', async () => {
      const customer = await signIn(t, newPhone().sent, 'Жанна');
      const payload = { name: 'Жанна', phone: customer.user.phone, email: 'zh@example.ru' };
      expectError(await t.app.inject({ method: 'PUT', url: '/api/user/me/update', payload }), 401);
      expectError(
        await t.app.inject({
          method: 'PUT',
          url: '/api/user/me/update',
          headers: { cookie: customer.cookie },
          payload,
        }),
        403,
        'Запрос отклонён. Обновите страницу и попробуйте ещё раз',
      );
      const byBearer = await t.app.inject({
        method: 'PUT',
        url: '/api/user/me/update',
        headers: { authorization: `Bearer ${customer.token}` },
        payload,
      });
      expect(byBearer.statusCode).toBe(200);
      expectError(
        await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { cookie: customer.cookie } }),
        403,
      );
      expect((await me({ cookie: customer.cookie })).statusCode).toBe(200);
    });

    it('refuses state changes sent from another site', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/code',
        headers: { origin: 'https://evil.example', host: 'fresh.example' },
        payload: { name: 'Анна', phone: newPhone().sent },
      });
      expectError(response, 403);
      const sameSite = await t.app.inject({
        method: 'POST',
        url: '/api/user/code',
        headers: { origin: 'https://fresh.example', host: 'fresh.example' },
        payload: { name: 'Анна', phone: newPhone().sent },
        remoteAddress: testClientAddress(),
      });
      expect(sameSite.statusCode).toBe(200);
    });
  });
});

/** A gateway that writes the file outbox like the `file` provider, or fails while `failing` is set. */
function switchableSms(outbox: string, clock: FakeClock) {
  const file = createFileSms(outbox, clock);
  const sms = {
    provider: 'smsru' as const,
    failing: false,
    /** The phones it was asked to send to, failed sends included. */
    calls: [] as string[],
    async send(message: Parameters<SmsSender['send']>[0]) {
      sms.calls.push(message.phone);
      if (sms.failing) throw new SmsDeliveryError('gateway down');
      await file.send(message);
    },
  };
  return sms;
}

/**
 * One app of a deployment behind an HTTPS proxy on loopback (PUBLIC_BASE_URL https, TRUST_PROXY 127.0.0.1),
 * whose log is kept and whose SMS gateway a test can fail: the checks that need such settings share it.
 */
describe.runIf(runsOn('pglite'))('behind an HTTPS proxy', () => {
  let t: TestApp;
  let clock: FakeClock;
  let sms: ReturnType<typeof switchableSms>;
  const outbox = path.join(tmpdir(), `fresh-identity-outbox-${randomUUID()}.jsonl`);
  const lines: string[] = [];

  const requestCode = (phone: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/code',
      payload: { name: 'Анна', phone },
      remoteAddress: '127.0.0.1',
      headers,
    });
  const login = (phone: string, code: string | undefined) =>
    t.app.inject({ method: 'POST', url: '/api/user/login', payload: { phone, code } });

  beforeAll(async () => {
    clock = createFakeClock();
    sms = switchableSms(outbox, clock);
    const logger = pino(
      { level: 'trace' },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    t = await createTestApp('pglite', {
      seed: false,
      env: { PUBLIC_BASE_URL: 'https://fresh.example', TRUST_PROXY: '127.0.0.1' },
      logger,
      sms,
      clock,
    });
  });

  afterAll(async () => {
    await t?.close();
    await rm(outbox, { force: true });
  });

  it('marks the session cookie Secure when the public site is HTTPS', async () => {
    await requestCode('89161230001');
    const response = await login('89161230001', await lastCodeFor(outbox, '+79161230001'));
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/; Secure/);
  });

  it('counts each client by the address the proxy saw, whatever the client prepends', async () => {
    for (let i = 0; i < 20; i += 1) {
      // The client forges a different first address each time; the proxy appends the real one.
      const sent = await requestCode(`8916000${String(i).padStart(4, '0')}`, {
        'x-forwarded-for': `10.9.9.${i}, 203.0.113.7`,
      });
      expect(sent.statusCode).toBe(200);
    }
    expectError(await requestCode('89160009999', { 'x-forwarded-for': '10.8.8.8, 203.0.113.7' }), 429);
    expect((await requestCode('89160009998', { 'x-forwarded-for': '198.51.100.20' })).statusCode).toBe(200);
  });

  it('answers a failed SMS 503 in Russian, sends once, keeps no code and keeps the resend limit', async () => {
    sms.failing = true;
    const calls = sms.calls.length;
    const response = await requestCode('89161234567').finally(() => {
      sms.failing = false;
    });
    expectError(response, 503, 'Не удалось отправить SMS. Попробуйте ещё раз позже');
    expect(sms.calls.slice(calls)).toEqual(['+79161234567']);
    expect(await t.db.db.select().from(smsCodes).where(eq(smsCodes.phone, '+79161234567'))).toEqual([]);
    expectError(await requestCode('89161234567'), 429);
    expect(sms.calls.slice(calls)).toHaveLength(1);
  });

  it('never logs the code, its HMAC or the session token', async () => {
    const logged = lines.length;
    await requestCode('89161234500');
    const code = await lastCodeFor(outbox, '+79161234500');
    expect(code).toMatch(/^\d{4}$/);
    const [row] = await t.db.db.select().from(smsCodes).where(eq(smsCodes.phone, '+79161234500'));
    await login('89161234500', code === '9999' ? '9998' : '9999');
    const ok = await login('89161234500', code);
    expect(ok.statusCode).toBe(200);
    const log = lines.slice(logged).join('\n');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(row?.codeHmac);
    expect(log).not.toMatch(new RegExp(`"code":"?${code}`));
    expect(log).not.toContain(LoginResponseSchema.parse(ok.json()).token);
  });
});

/** Two processes of one deployment: one PostgreSQL database, one Redis, the same key prefix. */
describe.runIf(runsOn('postgres') && TEST_REDIS_URL)('the login limits in Redis', () => {
  it('hold across two app processes sharing one Redis, and leave PostgreSQL alone', async () => {
    const clock = createFakeClock();
    const redisKeyPrefix = `fresh-test:shared-${randomUUID()}:`;
    const first = await createTestApp('postgres', {
      seed: false,
      redisUrl: TEST_REDIS_URL,
      redisKeyPrefix,
      clock,
    });
    const second = await createTestApp('postgres', {
      seed: false,
      redisUrl: TEST_REDIS_URL,
      redisKeyPrefix,
      clock,
      shareDatabaseOf: first,
    });
    try {
      const send = (t: TestApp) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/code',
          payload: { name: 'Анна', phone: '89165550011' },
        });
      expect((await send(first)).statusCode).toBe(200);
      const elsewhere = await send(second);
      expectError(elsewhere, 429);
      expect(elsewhere.headers['retry-after']).toBe('15');
      expect(await first.db.db.select().from(rateLimits)).toEqual([]);
      clock.advance(15_000);
      expect((await send(second)).statusCode).toBe(200);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
