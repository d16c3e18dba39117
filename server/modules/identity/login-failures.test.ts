/**
 * Failed logins over HTTP (issue 12, item 9; docs/decisions/017): a phone's cooldowns count only wrong guesses
 * at a code that was really sent, so nobody can lock a number out without its owner asking for a code; and an
 * address that fails too often is refused for a while, whatever phones it tries. The rules themselves, each
 * number and the flood, are stated at the service on every database kind (identity.service.test.ts); here
 * they run once more through the API, for its answers (429, Retry-After, the Russian messages, the request's
 * address) and over the limits in Redis when it is there (the service tests keep them in the database).
 */
import { ErrorBodySchema } from '@core/contracts/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { runsOnce, TEST_REDIS_URL } from '../../../tests/setup/database';
import { signIn, testClientAddress } from '../../../tests/setup/identity';
import { lastCodeFor } from '../../../tests/setup/sms-outbox';
import { createFakeClock, type FakeClock } from '../../lib/clock';
import { LOGIN_FAILURES_IP_WINDOW_MS, LOGIN_FAILURES_PER_IP } from './login-limits';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const RESEND_MS = 15_000;
const VOID_CODE = 'Код недействителен. Запросите новый код';
const WRONG_CODE = 'Неверный код';

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

function expectError(response: Response, status: number, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = ErrorBodySchema.parse(response.json());
  expect(body.message).toMatch(/[а-яё]/i);
  if (message !== undefined) expect(body.message).toBe(message);
  return body;
}

let phoneCounter = 0;
function newPhone(): { sent: string; stored: string } {
  phoneCounter += 1;
  const national = `913${String(phoneCounter).padStart(7, '0')}`;
  return { sent: `8${national}`, stored: `+7${national}` };
}

/** Once (the PGlite project): over the limits in Redis when there is one (CI), else over identity's table. */
const variant = TEST_REDIS_URL
  ? { name: 'pglite with Redis', kind: 'pglite' as const, redisUrl: TEST_REDIS_URL }
  : { name: 'pglite', kind: 'pglite' as const, redisUrl: undefined };

describe.runIf(runsOnce())(`failed logins on ${variant.name}`, () => {
  const { kind, redisUrl } = variant;
  let t: TestApp;
  let clock: FakeClock;

  const requestCode = (phone: string, ip = testClientAddress()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/code',
      payload: { name: 'Анна', phone },
      remoteAddress: ip,
    });
  const login = (phone: string, code: string, ip = testClientAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/user/login', payload: { phone, code }, remoteAddress: ip });
  const codeOf = async (stored: string) => {
    const code = await lastCodeFor(t.smsOutbox, stored);
    if (!code) throw new Error(`no code for ${stored}`);
    return code;
  };
  const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

  /** Sends a fresh code (after the resend interval) and guesses wrong `times` times; the answers. */
  async function guessWrong(phone: { sent: string; stored: string }, times: number): Promise<Response[]> {
    clock.advance(RESEND_MS);
    expect((await requestCode(phone.sent)).statusCode).toBe(200);
    const code = await codeOf(phone.stored);
    const answers: Response[] = [];
    for (let guess = 0; guess < times; guess += 1) answers.push(await login(phone.sent, wrong(code)));
    return answers;
  }

  beforeAll(async () => {
    clock = createFakeClock();
    t = await createTestApp(kind, { seed: false, clock, redisUrl });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('never locks a phone for logins without a code sent to it', async () => {
    const phone = newPhone();
    for (let failure = 1; failure <= 25; failure += 1) {
      expectError(await login(phone.sent, '0000'), 400, VOID_CODE);
    }
    expect((await requestCode(phone.sent)).statusCode).toBe(200);
    const response = await login(phone.sent, await codeOf(phone.stored));
    expect(response.statusCode, response.body).toBe(200);
  });

  it('does not count an expired code as a guess', async () => {
    const phone = newPhone();
    for (let round = 0; round < 3; round += 1) {
      clock.advance(RESEND_MS);
      expect((await requestCode(phone.sent)).statusCode).toBe(200);
      clock.advance(5 * 60_000);
      for (let failure = 0; failure < 5; failure += 1) {
        expectError(await login(phone.sent, '0000'), 400, VOID_CODE);
      }
    }
    clock.advance(HOUR_MS);
    expect((await requestCode(phone.sent)).statusCode).toBe(200);
    expect((await login(phone.sent, await codeOf(phone.stored))).statusCode).toBe(200);
  });

  it('cools a phone down for 1 hour at 10 wrong guesses at sent codes, and for 24 hours at 20', async () => {
    const phone = newPhone();
    for (const answer of await guessWrong(phone, 5)) expectError(answer, 400, WRONG_CODE);
    const second = await guessWrong(phone, 5);
    for (const answer of second.slice(0, 4)) expectError(answer, 400, WRONG_CODE);
    const tenth = second[4] as Response;
    expectError(tenth, 429, 'Слишком много неверных попыток. Повторите через 1 ч');
    expect(tenth.headers['retry-after']).toBe('3600');

    // No codes are sent and no logins tried while it cools down.
    expectError(await requestCode(phone.sent), 429);
    clock.advance(HOUR_MS - 1000);
    expectError(await login(phone.sent, '0000'), 429);
    clock.advance(1000);

    for (const answer of await guessWrong(phone, 5)) expectError(answer, 400, WRONG_CODE);
    const fourth = await guessWrong(phone, 5);
    const twentieth = fourth[4] as Response;
    expectError(twentieth, 429);
    expect(twentieth.headers['retry-after']).toBe('86400');

    clock.advance(DAY_MS - 1000);
    expectError(await requestCode(phone.sent), 429);
    clock.advance(1000);
    expect((await requestCode(phone.sent)).statusCode).toBe(200);
    expect((await login(phone.sent, await codeOf(phone.stored))).statusCode).toBe(200);
  });

  it('starts counting again after a successful login', async () => {
    const phone = newPhone();
    await guessWrong(phone, 5);
    for (const answer of await guessWrong(phone, 4)) expectError(answer, 400, WRONG_CODE);
    clock.advance(RESEND_MS);
    await signIn(t, phone.sent);
    await guessWrong(phone, 5);
    const run = await guessWrong(phone, 5);
    for (const answer of run.slice(0, 4)) expectError(answer, 400, WRONG_CODE);
    expect((run[4] as Response).headers['retry-after']).toBe('3600');
  });

  it(`refuses an address after ${LOGIN_FAILURES_PER_IP} failures in 15 minutes, whatever the phones`, async () => {
    const ip = testClientAddress();
    for (let failure = 1; failure < LOGIN_FAILURES_PER_IP; failure += 1) {
      expectError(await login(newPhone().sent, '0000', ip), 400, VOID_CODE);
    }
    // A success in between uses none of the allowance.
    const someone = newPhone();
    expect((await requestCode(someone.sent)).statusCode).toBe(200);
    expect((await login(someone.sent, await codeOf(someone.stored), ip)).statusCode).toBe(200);
    expectError(await login(newPhone().sent, '0000', ip), 400, VOID_CODE);

    const refused = await login(newPhone().sent, '0000', ip);
    expectError(refused, 429, 'Слишком много неверных попыток входа из вашей сети. Повторите через 15 мин');
    expect(refused.headers['retry-after']).toBe(String(LOGIN_FAILURES_IP_WINDOW_MS / 1000));

    // Even the right code is refused from that address; the phone itself is not locked elsewhere.
    const phone = newPhone();
    expect((await requestCode(phone.sent)).statusCode).toBe(200);
    const code = await codeOf(phone.stored);
    expectError(await login(phone.sent, code, ip), 429);
    expect((await login(phone.sent, code)).statusCode).toBe(200);

    clock.advance(LOGIN_FAILURES_IP_WINDOW_MS);
    expectError(await login(newPhone().sent, '0000', ip), 400, VOID_CODE);
  });

  it('lets exactly the allowance of a simultaneous flood from one address through', async () => {
    const ip = testClientAddress();
    const answers = await Promise.all(Array.from({ length: 200 }, () => login(newPhone().sent, '0000', ip)));
    const codes = answers.map((answer) => answer.statusCode);
    // Each attempt takes its slot before the code is checked, so a burst cannot slip past the limit.
    expect(codes.filter((code) => code === 400)).toHaveLength(LOGIN_FAILURES_PER_IP);
    expect(codes.filter((code) => code === 429)).toHaveLength(200 - LOGIN_FAILURES_PER_IP);
    expectError(await login(newPhone().sent, '0000', ip), 429);
  });
});
