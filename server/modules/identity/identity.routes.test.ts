import { Writable } from 'node:stream';
import { ErrorBodySchema } from '@core/contracts/common';
import { LoginResponseSchema, UserResponseSchema } from '@core/contracts/identity';
import { formatPhone } from '@core/rules/phone';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS, TEST_REDIS_URL } from '../../../tests/setup/database';
import { signIn, testClientAddress } from '../../../tests/setup/identity';
import { lastCodeFor, readSmsOutbox } from '../../../tests/setup/sms-outbox';
import { rateLimits, sessions, smsCodes, users } from '../../db/schema/index';
import { createFakeClock, type FakeClock } from '../../lib/clock';
import type { SmsSender } from '../../sms/sms';
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

    it('gives a new token at every login and keeps the account and its name', async () => {
      const phone = newPhone();
      const first = await signIn(t, phone.sent, 'Борис');
      clock.advance(15_000);
      const second = await signIn(t, phone.sent, 'Другое Имя');
      expect(second.token).not.toBe(first.token);
      expect(second.user._id).toBe(first.user._id);
      expect(second.user.name).toBe('Борис');
      // Both sessions live until each is logged out.
      expect((await me({ cookie: first.cookie })).statusCode).toBe(200);
      expect((await me({ cookie: second.cookie })).statusCode).toBe(200);
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
        const { date: _date, 'content-security-policy': _csp, ...rest } = headers;
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

  describe('the code', () => {
    it('is stored only as an HMAC', async () => {
      const phone = newPhone();
      await requestCode(phone.sent);
      const code = await codeOf(phone.stored);
      const [row] = await t.db.db.select().from(smsCodes).where(eq(smsCodes.phone, phone.stored));
      expect(row?.codeHmac).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(`"${code}"`);
    });

    it('lives 5 minutes', async () => {
      const phone = newPhone();
      await requestCode(phone.sent);
      const code = await codeOf(phone.stored);
      clock.advance(5 * 60_000);
      expectError(await login(phone.sent, code), 400, 'Код недействителен. Запросите новый код');

      const other = newPhone();
      await requestCode(other.sent);
      clock.advance(5 * 60_000 - 1000);
      expect((await login(other.sent, await codeOf(other.stored))).statusCode).toBe(200);
    });

    it('works once', async () => {
      const phone = newPhone();
      await requestCode(phone.sent);
      const code = await codeOf(phone.stored);
      expect((await login(phone.sent, code)).statusCode).toBe(200);
      expectError(await login(phone.sent, code), 400, 'Код недействителен. Запросите новый код');
    });

    it('is voided by a new send', async () => {
      const phone = newPhone();
      await requestCode(phone.sent);
      const first = await codeOf(phone.stored);
      clock.advance(15_000);
      await requestCode(phone.sent);
      const second = await codeOf(phone.stored);
      if (first !== second) expectError(await login(phone.sent, first), 400);
      expect((await login(phone.sent, second)).statusCode).toBe(200);
    });

    it('is void after 5 wrong tries: the 6th fails even with the right code', async () => {
      const phone = newPhone();
      await requestCode(phone.sent);
      const code = await codeOf(phone.stored);
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expectError(await login(phone.sent, wrong(code)), 400, 'Неверный код');
      }
      expectError(await login(phone.sent, code), 400, 'Код недействителен. Запросите новый код');
    });

    it('never lets concurrent tries compare more than 5 guesses', async () => {
      const phone = newPhone();
      await requestCode(phone.sent);
      const code = await codeOf(phone.stored);
      const guesses = Array.from({ length: 8 }, (_, i) =>
        String((Number(code) + 1 + i) % 10_000).padStart(4, '0'),
      );
      const answers = await Promise.all(guesses.map((guess) => login(phone.sent, guess)));
      const messages = answers.map((answer) => ErrorBodySchema.parse(answer.json()).message);
      expect(messages.filter((m) => m === 'Неверный код')).toHaveLength(5);
      expect(messages.filter((m) => m === 'Код недействителен. Запросите новый код')).toHaveLength(3);
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

    it('allows 5 sends per phone per hour', async () => {
      const phone = newPhone();
      for (let send = 1; send <= 5; send += 1) {
        expect((await requestCode(phone.sent)).statusCode).toBe(200);
        clock.advance(15_000);
      }
      const sixth = await requestCode(phone.sent);
      expectError(sixth, 429);
      expect(ErrorBodySchema.parse(sixth.json()).message).toMatch(
        /^Превышено число отправок кода на этот номер/,
      );
      expect(Number(sixth.headers['retry-after'])).toBe(3600 - 75);
      clock.advance(HOUR_MS - 75_000);
      expect((await requestCode(phone.sent)).statusCode).toBe(200);
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

describe('the SMS provider failing', () => {
  it('answers 503 in Russian, sends once, voids the code and keeps the resend limit', async () => {
    const calls: string[] = [];
    const failing: SmsSender = {
      provider: 'smsru',
      send: async ({ phone }) => {
        calls.push(phone);
        throw new Error('gateway down');
      },
    };
    const t = await createTestApp('pglite', { seed: false, sms: failing, clock: createFakeClock() });
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/code',
        payload: { name: 'Анна', phone: '89161234567' },
      });
      expectError(response, 503, 'Не удалось отправить SMS. Попробуйте ещё раз позже');
      expect(calls).toEqual(['+79161234567']);
      expect(await t.db.db.select().from(smsCodes)).toEqual([]);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/user/code',
        payload: { name: 'Анна', phone: '89161234567' },
      });
      expectError(again, 429);
      expect(calls).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});

describe('the code in the logs', () => {
  it('never appears, nor its HMAC', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'trace' },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const t = await createTestApp('pglite', { seed: false, logger, clock: createFakeClock() });
    try {
      await t.app.inject({
        method: 'POST',
        url: '/api/user/code',
        payload: { name: 'Анна', phone: '89161234500' },
      });
      const code = await lastCodeFor(t.smsOutbox, '+79161234500');
      expect(code).toMatch(/^\d{4}$/);
      const [row] = await t.db.db.select().from(smsCodes);
      await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { phone: '89161234500', code: '9999' === code ? '9998' : '9999' },
      });
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { phone: '89161234500', code },
      });
      expect(ok.statusCode).toBe(200);
      expect(lines.length).toBeGreaterThan(0);
      const log = lines.join('\n');
      expect(log).not.toContain(row?.codeHmac);
      expect(log).not.toMatch(new RegExp(`"code":"?${code}`));
      expect(log).not.toContain(LoginResponseSchema.parse(ok.json()).token);
    } finally {
      await t.close();
    }
  });
});

describe('client addresses behind a trusted proxy', () => {
  it('counts each client by the address the proxy saw, whatever the client prepends', async () => {
    const t = await createTestApp('pglite', {
      seed: false,
      env: { TRUST_PROXY: '127.0.0.1' },
      clock: createFakeClock(),
    });
    try {
      const send = (phone: string, forwardedFor: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/code',
          payload: { name: 'Анна', phone },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': forwardedFor },
        });
      for (let i = 0; i < 20; i += 1) {
        // The client forges a different first address each time; the proxy appends the real one.
        expect(
          (await send(`8916000${String(i).padStart(4, '0')}`, `10.9.9.${i}, 203.0.113.7`)).statusCode,
        ).toBe(200);
      }
      expectError(await send('89160009999', '10.8.8.8, 203.0.113.7'), 429);
      expect((await send('89160009998', '198.51.100.20')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe.runIf(TEST_REDIS_URL)('the login limits in Redis', () => {
  it('hold across two app processes sharing one Redis, and leave PostgreSQL alone', async () => {
    const clock = createFakeClock();
    const redisKeyPrefix = `fresh-test:shared-${process.pid}-${Date.now()}:`;
    const first = await createTestApp('pglite', {
      seed: false,
      redisUrl: TEST_REDIS_URL,
      redisKeyPrefix,
      clock,
    });
    const second = await createTestApp('pglite', {
      seed: false,
      redisUrl: TEST_REDIS_URL,
      redisKeyPrefix,
      clock,
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
      await first.close();
      await second.close();
    }
  });
});

describe('sessions behind HTTPS', () => {
  it('mark the cookie Secure when the public site is HTTPS', async () => {
    const t = await createTestApp('pglite', {
      seed: false,
      env: { PUBLIC_BASE_URL: 'https://fresh.example' },
      clock: createFakeClock(),
    });
    try {
      await t.app.inject({
        method: 'POST',
        url: '/api/user/code',
        payload: { name: 'Анна', phone: '89161230001' },
      });
      const code = await lastCodeFor(t.smsOutbox, '+79161230001');
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { phone: '89161230001', code },
      });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await t.close();
    }
  });
});

describe('housekeeping', () => {
  it('deletes expired sessions, codes and limit counters, and keeps live ones', async () => {
    const clock = createFakeClock();
    const t = await createTestApp('pglite', { seed: false, clock });
    try {
      const old = await signIn(t, '89161230002', 'Анна');
      clock.advance(29 * DAY_MS);
      const recent = await signIn(t, '89161230003', 'Борис');
      await t.app.inject({
        method: 'POST',
        url: '/api/user/code',
        payload: { name: 'Вера', phone: '89161230004' },
      });
      clock.advance(DAY_MS);
      await t.app.services.identity.purgeExpired();

      const left = await t.db.db.select().from(sessions);
      expect(left.map((session) => session.tokenHash)).toEqual([hashSessionToken(recent.token)]);
      expect(left.map((session) => session.tokenHash)).not.toContain(hashSessionToken(old.token));
      expect(await t.db.db.select().from(smsCodes)).toEqual([]);
      expect(await t.db.db.select().from(rateLimits)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
