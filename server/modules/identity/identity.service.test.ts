/**
 * The SMS login's rules at the service (issue 4, DESIGN.md §3 "SMS code", docs/decisions/005 and 017), with a
 * fake clock and an SMS gateway that keeps what it was sent: the code's life and tries, the send limits per
 * phone and per address, the failure cooldowns and the address's failure window, sessions, the profile.
 * The API tests (identity.routes.test.ts, login-failures.test.ts) cover the HTTP contract, proxies and the
 * limits in Redis; these state each number exactly, floods included, over identity's own counters in the
 * database. A rule is stated here, not again over HTTP: a service test costs no Fastify and no requests
 * (ADR 004).
 */
import { randomUUID } from 'node:crypto';
import { CodeRequestSchema, LoginRequestSchema, ProfileUpdateSchema } from '@core/contracts/identity';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { createCity, createZone, newPhone } from '../../../tests/setup/service-fixtures';
import { createTestServices, failure, type TestServices } from '../../../tests/setup/services';
import { files, rateLimits, sessions, smsCodes, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { hasSqlState, SQLSTATE } from '../../lib/sql-state';
import { loginCodeText } from '../../sms/sms';
import {
  createIdentityService,
  ensureAppSecret,
  type IdentityService,
  SESSION_TTL_MS,
} from './identity.service';

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const RESEND_MS = 15 * SECOND_MS;

// The customer's words, as the spec and the contracts give them.
const WRONG_CODE_MESSAGE = 'Неверный код';
const VOID_CODE_MESSAGE = 'Код недействителен. Запросите новый код';
const SMS_FAILED_MESSAGE = 'Не удалось отправить SMS. Попробуйте ещё раз позже';
const NEW_PHONE_CODE_MESSAGE = 'Введите код из SMS, отправленного на новый номер';
const PHONE_TAKEN_MESSAGE = 'Этот номер телефона уже используется';
const IMAGE_NOT_FOUND_MESSAGE = 'Изображение не найдено, загрузите его ещё раз';
const COOLDOWN = 'Слишком много неверных попыток. Повторите через';
// The address's limits say 'из вашей сети' (a household shares it), the phone's name the number.
const ADDRESS_FAILURES = 'Слишком много неверных попыток входа из вашей сети. Повторите через';
const ADDRESS_SENDS = 'Слишком много запросов кода из вашей сети. Повторите через';
const RESEND = 'Код уже отправлен. Повторная отправка возможна через';
const PHONE_SENDS = 'Превышено число отправок кода на этот номер. Повторите через';

let ipSerial = 0;
/** An address no other test uses, so each test has the address limits to itself. */
function newIp(): string {
  ipSerial += 1;
  return `198.51.${Math.floor(ipSerial / 250)}.${(ipSerial % 250) + 1}`;
}

/** A four-digit code that is not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

describe.each(TEST_DATABASE_KINDS)('the identity service on %s', (kind) => {
  let t: TestServices;

  const identity = (): IdentityService => t.services.identity;
  const send = (phone: string, ip = newIp(), name = 'Анна') =>
    identity().requestCode(CodeRequestSchema.parse({ name, phone }), { ip });
  const login = (phone: string, code: string, ip = newIp(), address?: unknown) =>
    identity().login(LoginRequestSchema.parse({ phone, code, address }), { ip });
  /** Sends a code (after the resend interval) and answers it. */
  const sendCode = async (phone: string, ip = newIp()) => {
    t.clock.advance(RESEND_MS);
    await send(phone, ip);
    return t.sms.lastCode(phone);
  };
  /** `times` wrong guesses at a fresh code; the errors. */
  const guessWrong = async (phone: string, times: number): Promise<AppError[]> => {
    const code = await sendCode(phone);
    const errors: AppError[] = [];
    for (let guess = 0; guess < times; guess += 1) errors.push(await failure(login(phone, wrong(code))));
    return errors;
  };
  const signIn = async (phone = newPhone(), name = 'Анна') => {
    t.clock.advance(RESEND_MS);
    await send(phone, newIp(), name);
    return login(phone, t.sms.lastCode(phone));
  };

  beforeAll(async () => {
    t = await createTestServices(kind);
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('the code', () => {
    it('is sent by SMS as four digits and stored only as an HMAC', async () => {
      const phone = newPhone();
      await send(phone);
      const [message] = t.sms.sent.filter((sent) => sent.phone === phone);
      expect(message?.code).toMatch(/^\d{4}$/);
      expect(message?.text).toBe(loginCodeText(message?.code ?? ''));
      const [row] = await t.db.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
      expect(row?.codeHmac).toMatch(/^[0-9a-f]{64}$/);
      expect(row?.codeHmac).not.toContain(message?.code);
      expect(JSON.stringify(row)).not.toContain(`"${message?.code}"`);
    });

    it('signs in within 5 minutes and not after', async () => {
      const phone = newPhone();
      const code = await sendCode(phone);
      t.clock.advance(5 * MINUTE_MS - 1);
      expect((await login(phone, code)).user.phone).toBe(phone);
      const late = newPhone();
      const lateCode = await sendCode(late);
      t.clock.advance(5 * MINUTE_MS);
      expect(await failure(login(late, lateCode))).toMatchObject({
        code: 'bad_request',
        message: VOID_CODE_MESSAGE,
        fields: { code: VOID_CODE_MESSAGE },
      });
    });

    it('works once', async () => {
      const phone = newPhone();
      const code = await sendCode(phone);
      await login(phone, code);
      expect((await failure(login(phone, code))).message).toBe(VOID_CODE_MESSAGE);
    });

    it('is voided by a new send', async () => {
      const phone = newPhone();
      const first = await sendCode(phone);
      const second = await sendCode(phone);
      expect(second).not.toBe(first);
      expect((await failure(login(phone, first))).message).toBe(WRONG_CODE_MESSAGE);
      expect((await login(phone, second)).user.phone).toBe(phone);
    });

    it('takes 5 tries: wrong ones are wrong, the 6th is refused even with the right code', async () => {
      const phone = newPhone();
      const code = await sendCode(phone);
      for (let guess = 1; guess <= 5; guess += 1) {
        expect(await failure(login(phone, wrong(code)))).toMatchObject({
          code: 'bad_request',
          message: WRONG_CODE_MESSAGE,
          fields: { code: WRONG_CODE_MESSAGE },
        });
      }
      expect((await failure(login(phone, code))).message).toBe(VOID_CODE_MESSAGE);
      // The fifth wrong try used the code up.
      expect(await t.db.db.select().from(smsCodes).where(eq(smsCodes.phone, phone))).toEqual([]);
    });

    it('signs in with the right code at the fifth try', async () => {
      const phone = newPhone();
      const code = await sendCode(phone);
      for (let guess = 1; guess <= 4; guess += 1) await failure(login(phone, wrong(code)));
      expect((await login(phone, code)).user.phone).toBe(phone);
    });

    it('lets only one of two simultaneous logins with one code in, the other finds it used', async () => {
      const phone = newPhone();
      const code = await sendCode(phone);
      const results = await Promise.allSettled([login(phone, code), login(phone, code)]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const [refused] = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
      expect(refused).toMatchObject({ message: VOID_CODE_MESSAGE });
      // The one that found it used made no guess: nine wrong ones later the phone is not cooling down.
      await guessWrong(phone, 5);
      const run = await guessWrong(phone, 4);
      expect(run.map((error) => error.message)).toEqual(Array(4).fill(WRONG_CODE_MESSAGE));
    });

    it('compares at most 5 of simultaneous wrong guesses: the others find the code void', async () => {
      const phone = newPhone();
      const code = await sendCode(phone);
      const guesses = Array.from({ length: 8 }, (_, i) =>
        String((Number(code) + 1 + i) % 10_000).padStart(4, '0'),
      );
      const errors = await Promise.all(guesses.map((guess) => failure(login(phone, guess))));
      const messages = errors.map((error) => error.message);
      expect(messages.filter((message) => message === WRONG_CODE_MESSAGE)).toHaveLength(5);
      expect(messages.filter((message) => message === VOID_CODE_MESSAGE)).toHaveLength(3);
    });

    it('is voided when the SMS cannot be sent, which is logged and answered in Russian', async () => {
      const phone = newPhone();
      t.sms.failing = true;
      const error = await failure(send(phone)).finally(() => {
        t.sms.failing = false;
      });
      expect(error).toMatchObject({ code: 'unavailable', message: SMS_FAILED_MESSAGE });
      expect(error.cause).toBeInstanceOf(Error);
      expect(t.log).toContainEqual({
        level: 'warn',
        details: { err: error.cause, provider: 'console' },
        message: 'SMS code could not be sent',
      });
      expect(await t.db.db.select().from(smsCodes).where(eq(smsCodes.phone, phone))).toEqual([]);
      // The send still counts: the gateway may have delivered it.
      expect((await failure(send(phone))).message).toMatch(RESEND);
    });
  });

  describe('send limits', () => {
    it('allows one send per phone per 15 s, and says how long to wait', async () => {
      const phone = newPhone();
      await send(phone);
      const refused = await failure(send(phone));
      expect(refused).toMatchObject({
        code: 'too_many_requests',
        message: `${RESEND} 15 с`,
        retryAfterS: 15,
      });
      t.clock.advance(RESEND_MS - 500);
      expect(await failure(send(phone))).toMatchObject({ message: `${RESEND} 1 с`, retryAfterS: 1 });
      t.clock.advance(500);
      await send(phone);
      // Other phones are not held back by it.
      await send(newPhone());
      await send(newPhone());
    });

    it('allows 5 sends per phone per hour', async () => {
      const phone = newPhone();
      for (let sent = 1; sent <= 5; sent += 1) await sendCode(phone);
      t.clock.advance(RESEND_MS);
      expect(await failure(send(phone))).toMatchObject({
        code: 'too_many_requests',
        message: `${PHONE_SENDS} 59 мин`,
        retryAfterS: HOUR_MS / SECOND_MS - 5 * 15,
      });
      // Each phone has its own allowance.
      for (let sent = 1; sent <= 5; sent += 1) await send(newPhone());
      t.clock.advance(HOUR_MS);
      await send(phone);
    });

    it('allows 20 sends per address per hour, whatever the phones, before it spends a phone’s', async () => {
      const ip = newIp();
      for (let sent = 1; sent <= 20; sent += 1) await send(newPhone(), ip);
      const phone = newPhone();
      expect(await failure(send(phone, ip))).toMatchObject({
        code: 'too_many_requests',
        message: `${ADDRESS_SENDS} 1 ч`,
        retryAfterS: HOUR_MS / SECOND_MS,
      });
      // The refused send took nothing of the phone's allowance, and other addresses have their own.
      await send(phone, newIp());
      t.clock.advance(HOUR_MS);
      await send(newPhone(), ip);
    });

    it('lets a household share an address: a phone’s refused sends cost the address nothing', async () => {
      const ip = newIp();
      const eager = newPhone();
      await send(eager, ip);
      // One member presses 'resend' before the 15 s are up, again and again: the phone's limit answers.
      for (let press = 1; press <= 25; press += 1) {
        expect((await failure(send(eager, ip))).message).toBe(`${RESEND} 15 с`);
      }
      // Then uses up the number's hour, and asks once more: the number's limit, named as such.
      for (let sent = 2; sent <= 5; sent += 1) await sendCode(eager, ip);
      t.clock.advance(RESEND_MS);
      expect((await failure(send(eager, ip))).message).toMatch(new RegExp(`^${PHONE_SENDS} `));
      // The rest of the family (or the office) still gets its codes: 20 sends, 5 of them the eager one's.
      for (let sent = 6; sent <= 20; sent += 1) await send(newPhone(), ip);
      expect((await failure(send(newPhone(), ip))).message).toMatch(new RegExp(`^${ADDRESS_SENDS} `));
    });
  });

  describe('failed logins', () => {
    it('cool a phone down for an hour at 10 wrong guesses, for a day at 20, refusing codes meanwhile', async () => {
      const phone = newPhone();
      const first = await guessWrong(phone, 5);
      expect(first.map((error) => error.message)).toEqual(Array(5).fill(WRONG_CODE_MESSAGE));
      const second = await guessWrong(phone, 5);
      expect(second.slice(0, 4).map((error) => error.message)).toEqual(Array(4).fill(WRONG_CODE_MESSAGE));
      expect(second[4]).toMatchObject({
        code: 'too_many_requests',
        message: `${COOLDOWN} 1 ч`,
        retryAfterS: 3600,
      });
      expect(await failure(send(phone))).toMatchObject({ message: `${COOLDOWN} 1 ч` });
      t.clock.advance(HOUR_MS - MINUTE_MS);
      expect(await failure(login(phone, '0000'))).toMatchObject({
        message: `${COOLDOWN} 1 мин`,
        retryAfterS: 60,
      });
      t.clock.advance(MINUTE_MS);

      await guessWrong(phone, 5);
      const fourth = await guessWrong(phone, 5);
      expect(fourth[3]?.message).toBe(WRONG_CODE_MESSAGE);
      expect(fourth[4]).toMatchObject({ message: `${COOLDOWN} 24 ч`, retryAfterS: 86_400 });
      t.clock.advance(DAY_MS - SECOND_MS);
      expect(await failure(send(phone))).toMatchObject({ message: `${COOLDOWN} 1 с`, retryAfterS: 1 });
      t.clock.advance(SECOND_MS);
      expect((await login(phone, await sendCode(phone))).user.phone).toBe(phone);
    });

    it('count per phone', async () => {
      const phone = newPhone();
      await guessWrong(phone, 5);
      await guessWrong(phone, 4);
      const other = newPhone();
      expect((await guessWrong(other, 1))[0]?.message).toBe(WRONG_CODE_MESSAGE);
      expect((await guessWrong(phone, 1))[0]?.code).toBe('too_many_requests');
      expect((await login(other, await sendCode(other))).user.phone).toBe(other);
    });

    it('start over after a successful login', async () => {
      const phone = newPhone();
      await guessWrong(phone, 5);
      await guessWrong(phone, 4);
      expect((await login(phone, await sendCode(phone))).user.phone).toBe(phone);
      await guessWrong(phone, 5);
      const run = await guessWrong(phone, 5);
      expect(run[3]?.message).toBe(WRONG_CODE_MESSAGE);
      expect(run[4]).toMatchObject({ retryAfterS: 3600 });
    });

    it('are forgotten a day after the last one', async () => {
      const phone = newPhone();
      await guessWrong(phone, 5);
      await guessWrong(phone, 4);
      t.clock.advance(DAY_MS - RESEND_MS);
      expect((await guessWrong(phone, 1))[0]?.message).toBe(WRONG_CODE_MESSAGE);
      const again = newPhone();
      await guessWrong(again, 5);
      await guessWrong(again, 4);
      t.clock.advance(DAY_MS - RESEND_MS - 1);
      expect((await guessWrong(again, 1))[0]?.code).toBe('too_many_requests');
    });

    it('never lock a phone without a code sent to it, nor with an expired one', async () => {
      const phone = newPhone();
      for (let attempt = 1; attempt <= 25; attempt += 1) {
        expect((await failure(login(phone, '0000'))).message).toBe(VOID_CODE_MESSAGE);
      }
      for (let round = 0; round < 3; round += 1) {
        await sendCode(phone);
        t.clock.advance(5 * MINUTE_MS);
        for (let attempt = 0; attempt < 5; attempt += 1) {
          expect((await failure(login(phone, '0000'))).message).toBe(VOID_CODE_MESSAGE);
        }
      }
      t.clock.advance(HOUR_MS);
      expect((await login(phone, await sendCode(phone))).user.phone).toBe(phone);
    });

    it('refuse an address after 30 failures in 15 minutes, whatever the phones; successes cost nothing', async () => {
      const ip = newIp();
      const someone = newPhone();
      const someonesCode = await sendCode(someone);
      for (let attempt = 1; attempt < 30; attempt += 1) await failure(login(newPhone(), '0000', ip));
      await login(someone, someonesCode, ip);
      expect((await failure(login(newPhone(), '0000', ip))).message).toBe(VOID_CODE_MESSAGE);
      expect(await failure(login(newPhone(), '0000', ip))).toMatchObject({
        code: 'too_many_requests',
        message: `${ADDRESS_FAILURES} 15 мин`,
        retryAfterS: 900,
      });
      // Even the right code is refused there; elsewhere it works, and other addresses are not held back.
      const phone = newPhone();
      const code = await sendCode(phone);
      expect((await failure(login(phone, code, ip))).code).toBe('too_many_requests');
      expect((await login(phone, code)).user.phone).toBe(phone);
      t.clock.advance(15 * MINUTE_MS - RESEND_MS);
      expect((await failure(login(newPhone(), '0000', ip))).message).toBe(VOID_CODE_MESSAGE);
    });

    it('let exactly the allowance of a simultaneous flood from one address through', async () => {
      const ip = newIp();
      const errors = await Promise.all(
        Array.from({ length: 200 }, () => failure(login(newPhone(), '0000', ip))),
      );
      // Each attempt takes its slot before the code is checked, so a burst cannot slip past the limit.
      expect(errors.filter((error) => error.message === VOID_CODE_MESSAGE)).toHaveLength(30);
      expect(errors.filter((error) => error.code === 'too_many_requests')).toHaveLength(170);
      expect((await failure(login(newPhone(), '0000', ip))).code).toBe('too_many_requests');
    });
  });

  describe('sessions', () => {
    it('open at login with a new account named as in the code request, and last 30 days', async () => {
      const phone = newPhone();
      const logged = t.log.length;
      const session = await signIn(phone, 'Борис');
      // No address came along: nothing to save, nothing to log.
      expect(t.log.slice(logged)).toEqual([]);
      expect(session.user).toEqual({
        _id: expect.any(String),
        name: 'Борис',
        phone,
        email: null,
        img: null,
        house: null,
      });
      expect(session.expiresAt).toBe(t.clock.now() + SESSION_TTL_MS);
      expect(SESSION_TTL_MS).toBe(30 * DAY_MS);
      expect(await identity().authenticate(session.token)).toEqual({
        sessionId: expect.any(String),
        expiresAt: session.expiresAt,
        user: session.user,
      });
      t.clock.advance(SESSION_TTL_MS - 1);
      expect((await identity().authenticate(session.token))?.user._id).toBe(session.user._id);
      t.clock.advance(1);
      expect(await identity().authenticate(session.token)).toBeNull();
    });

    it('give a new token at every login and keep the account and its first name', async () => {
      const phone = newPhone();
      const first = await signIn(phone, 'Анна');
      const second = await signIn(phone, 'Другое имя');
      expect(second.token).not.toBe(first.token);
      expect(second.user).toEqual(first.user);
      // Both sessions live until each ends.
      expect((await identity().authenticate(first.token))?.user._id).toBe(first.user._id);
      expect((await identity().authenticate(second.token))?.user._id).toBe(first.user._id);
      expect(await identity().findUserIdByPhone(phone)).toBe(first.user._id);
      expect(await identity().findUserIdByPhone(newPhone())).toBeUndefined();
    });

    it('end at logout, telling the listeners which session ended', async () => {
      const session = await signIn();
      const viewer = await identity().authenticate(session.token);
      const ended: string[] = [];
      const stop = identity().onSessionEnded((sessionId) => ended.push(sessionId));
      await identity().logout('an-unknown-token-of-some-length');
      expect(ended).toEqual([]);
      await identity().logout(session.token);
      expect(ended).toEqual([viewer?.sessionId]);
      expect(await identity().authenticate(session.token)).toBeNull();
      stop();
      const another = await signIn();
      await identity().logout(another.token);
      expect(ended).toHaveLength(1);
    });

    it('tell which sessions are live: not one logged out, expired or unknown', async () => {
      const staying = await identity().authenticate((await signIn()).token);
      const leaving = await signIn();
      const left = await identity().authenticate(leaving.token);
      await identity().logout(leaving.token);
      const ids = [staying?.sessionId ?? '', left?.sessionId ?? '', randomUUID()];
      expect(await identity().liveSessionIds(ids)).toEqual(new Set([staying?.sessionId]));
      expect(await identity().liveSessionIds([])).toEqual(new Set());
      t.clock.advance(SESSION_TTL_MS);
      expect(await identity().liveSessionIds(ids)).toEqual(new Set());
    });

    it('know no user for a token that is not one, nor for an unknown account', async () => {
      expect(await identity().authenticate('short')).toBeNull();
      expect(await identity().authenticate('x'.repeat(300))).toBeNull();
      expect(await identity().authenticate(randomUUID())).toBeNull();
      expect(await failure(identity().getUser(randomUUID()))).toMatchObject({ code: 'unauthorized' });
    });

    it('save the address a guest chose at login, and never fail the login for it', async () => {
      const city = await createCity(t.db.db);
      const zone = await createZone(t.db.db, city);
      const address = {
        address: 'Новосибирск, Красный проспект, 10',
        deliveryArea: zone.id,
        city: city.id,
        coordinates: { longitude: 82.92, latitude: 55.03 },
      };
      const phone = newPhone();
      const session = await login(phone, await sendCode(phone), newIp(), address);
      expect(session.user.house).toMatchObject({ address: address.address });
      const other = newPhone();
      const outside = { ...address, coordinates: { longitude: 10, latitude: 10 } };
      const logged = t.log.length;
      const plain = await login(other, await sendCode(other), newIp(), outside);
      expect(plain.user.house).toBeNull();
      expect(t.log.slice(logged)).toEqual([
        {
          level: 'warn',
          details: { err: expect.any(AppError) },
          message: "the guest's address could not be saved at login",
        },
      ]);
    });
  });

  describe('the profile', () => {
    it('changes the name and email, keeping the phone without a code', async () => {
      const session = await signIn();
      const user = await identity().updateProfile(
        session.user._id,
        ProfileUpdateSchema.parse({ name: 'Вера', phone: session.user.phone, email: 'vera@example.com' }),
        { ip: newIp() },
      );
      expect(user).toMatchObject({ name: 'Вера', phone: session.user.phone, email: 'vera@example.com' });
      expect(await identity().getUser(session.user._id)).toEqual(user);
    });

    it('changes the phone only with the code sent to the new number', async () => {
      const session = await signIn();
      const phone = newPhone();
      const update = (code?: string) =>
        identity().updateProfile(
          session.user._id,
          ProfileUpdateSchema.parse({ name: 'Анна', phone, email: 'anna@example.com', code }),
          { ip: newIp() },
        );
      expect(await failure(update())).toMatchObject({
        code: 'bad_request',
        message: NEW_PHONE_CODE_MESSAGE,
        fields: { code: NEW_PHONE_CODE_MESSAGE },
      });
      const code = await sendCode(phone);
      expect((await failure(update(wrong(code)))).message).toBe(WRONG_CODE_MESSAGE);
      expect((await update(code)).phone).toBe(phone);
      expect(await identity().findUserIdByPhone(phone)).toBe(session.user._id);
    });

    it('refuses a number that belongs to another customer, even with its code', async () => {
      const session = await signIn();
      const taken = await signIn();
      const code = await sendCode(taken.user.phone);
      expect(
        await failure(
          identity().updateProfile(
            session.user._id,
            ProfileUpdateSchema.parse({
              name: 'Анна',
              phone: taken.user.phone,
              email: 'a@example.com',
              code,
            }),
            { ip: newIp() },
          ),
        ),
      ).toMatchObject({
        code: 'conflict',
        message: PHONE_TAKEN_MESSAGE,
        fields: { phone: PHONE_TAKEN_MESSAGE },
      });
      expect((await identity().getUser(session.user._id)).phone).toBe(session.user.phone);
    });

    it('refuses a number someone signed in with while the change was under way', async () => {
      const session = await signIn();
      const phone = newPhone();
      const code = await sendCode(phone);
      // Another customer signs in with the number between the check and the write.
      const racing = createIdentityService({
        db: t.db.db,
        clock: t.clock,
        sms: t.sms,
        codeSecret: await ensureAppSecret(t.db.db, 'sms-code-hmac', () => 'unused'),
        addresses: { saveAddress: async () => undefined },
        files: {
          isOwnFile: async () => {
            await signIn(phone);
            return true;
          },
        },
      });
      const [image] = await t.db.db
        .insert(files)
        .values({
          userId: session.user._id,
          storageKey: `${randomUUID()}.webp`,
          path: '/uploads/a.webp',
          contentType: 'image/webp',
          width: 1,
          height: 1,
          sizeBytes: 1,
        })
        .returning({ id: files.id });
      expect(
        await failure(
          racing.updateProfile(
            session.user._id,
            ProfileUpdateSchema.parse({ name: 'Анна', phone, email: 'a@example.com', code, file: image?.id }),
            { ip: newIp() },
          ),
        ),
      ).toMatchObject({
        code: 'conflict',
        message: PHONE_TAKEN_MESSAGE,
        fields: { phone: PHONE_TAKEN_MESSAGE },
      });
      const [row] = await t.db.db.select().from(users).where(eq(users.id, session.user._id));
      expect(row?.phone).toBe(session.user.phone);
    });

    it('lets a database failure other than a taken number through as it is', async () => {
      const session = await signIn();
      const [image] = await t.db.db
        .insert(files)
        .values({
          userId: session.user._id,
          storageKey: `${randomUUID()}.webp`,
          path: '/uploads/b.webp',
          contentType: 'image/webp',
          width: 1,
          height: 1,
          sizeBytes: 1,
        })
        .returning({ id: files.id });
      // The picture is deleted between the ownership check and the write.
      const racing = createIdentityService({
        db: t.db.db,
        clock: t.clock,
        sms: t.sms,
        codeSecret: 'unused',
        addresses: { saveAddress: async () => undefined },
        files: {
          isOwnFile: async (_userId, fileId) => {
            await t.db.db.delete(files).where(eq(files.id, fileId));
            return true;
          },
        },
      });
      const error = await racing
        .updateProfile(
          session.user._id,
          ProfileUpdateSchema.parse({
            name: 'Анна',
            phone: session.user.phone,
            email: 'a@example.com',
            file: image?.id,
          }),
          { ip: newIp() },
        )
        .then(
          () => undefined,
          (reason: unknown) => reason,
        );
      expect(error).not.toBeInstanceOf(AppError);
      expect(hasSqlState(error, SQLSTATE.foreignKeyViolation)).toBe(true);
    });

    it('sets a picture of the customer’s own uploads only, and removes it with null', async () => {
      const session = await signIn();
      const someone = await signIn();
      const upload = async (userId: string) => {
        const [row] = await t.db.db
          .insert(files)
          .values({
            userId,
            storageKey: `${randomUUID()}.webp`,
            path: `/uploads/${randomUUID()}.webp`,
            contentType: 'image/webp',
            width: 1,
            height: 1,
            sizeBytes: 1,
          })
          .returning({ id: files.id, path: files.path });
        if (!row) throw new Error('no file inserted');
        return row;
      };
      const own = await upload(session.user._id);
      const theirs = await upload(someone.user._id);
      const update = (file: string | null | undefined) =>
        identity().updateProfile(
          session.user._id,
          ProfileUpdateSchema.parse({
            name: 'Анна',
            phone: session.user.phone,
            email: 'a@example.com',
            file,
          }),
          { ip: newIp() },
        );
      expect(await failure(update(theirs.id))).toMatchObject({
        code: 'bad_request',
        message: IMAGE_NOT_FOUND_MESSAGE,
        fields: { file: IMAGE_NOT_FOUND_MESSAGE },
      });
      expect((await update(own.id)).img).toEqual({ _id: own.id, path: own.path });
      expect((await update(undefined)).img).toEqual({ _id: own.id, path: own.path });
      expect((await update(null)).img).toBeNull();
    });
  });

  describe('without an operators’ log', () => {
    it('still answers a failed SMS in Russian and still signs in when the address cannot be saved', async () => {
      const quiet = createIdentityService({
        db: t.db.db,
        clock: t.clock,
        sms: t.sms,
        codeSecret: await ensureAppSecret(t.db.db, 'sms-code-hmac', () => 'unused'),
        addresses: {
          saveAddress: async () => {
            throw new Error('the address book is down');
          },
        },
        files: { isOwnFile: async () => true },
      });
      const phone = newPhone();
      t.sms.failing = true;
      const error = await failure(
        quiet.requestCode(CodeRequestSchema.parse({ name: 'Анна', phone }), { ip: newIp() }),
      ).finally(() => {
        t.sms.failing = false;
      });
      expect(error.message).toBe(SMS_FAILED_MESSAGE);
      t.clock.advance(RESEND_MS);
      await quiet.requestCode(CodeRequestSchema.parse({ name: 'Анна', phone }), { ip: newIp() });
      const address = {
        address: 'Новосибирск, Красный проспект, 10',
        deliveryArea: randomUUID(),
        city: randomUUID(),
        coordinates: { longitude: 82.92, latitude: 55.03 },
      };
      const session = await quiet.login(
        LoginRequestSchema.parse({ phone, code: t.sms.lastCode(phone), address }),
        { ip: newIp() },
      );
      expect(session.user.phone).toBe(phone);
    });
  });

  describe('housekeeping', () => {
    it('deletes expired sessions, codes and counters, and keeps live ones', async () => {
      const old = await signIn();
      const oldPhone = newPhone();
      await sendCode(oldPhone);
      t.clock.advance(SESSION_TTL_MS - HOUR_MS);
      const live = await signIn();
      const livePhone = newPhone();
      await sendCode(livePhone);
      t.clock.advance(HOUR_MS);
      await identity().purgeExpired();
      const tokens = await t.db.db.select({ userId: sessions.userId }).from(sessions);
      expect(tokens.map((row) => row.userId)).not.toContain(old.user._id);
      expect(tokens.map((row) => row.userId)).toContain(live.user._id);
      const codes = (await t.db.db.select({ phone: smsCodes.phone }).from(smsCodes)).map((row) => row.phone);
      expect(codes).not.toContain(oldPhone);
      // The live code was sent an hour ago: it has expired too; a fresh one is kept.
      const fresh = newPhone();
      await sendCode(fresh);
      await identity().purgeExpired();
      expect(
        (await t.db.db.select({ phone: smsCodes.phone }).from(smsCodes)).map((row) => row.phone),
      ).toEqual([fresh]);
      const counters = await t.db.db.select({ resetAt: rateLimits.resetAt }).from(rateLimits);
      expect(counters.length).toBeGreaterThan(0);
      for (const counter of counters) expect(counter.resetAt.getTime()).toBeGreaterThan(t.clock.now());
    });

    it('keeps one secret per name for every process', async () => {
      const name = `test-${randomUUID()}`;
      expect(await ensureAppSecret(t.db.db, name, () => 'first')).toBe('first');
      expect(await ensureAppSecret(t.db.db, name, () => 'second')).toBe('first');
    });
  });
});
