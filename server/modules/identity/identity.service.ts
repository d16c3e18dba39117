import type { SaveAddress } from '@core/contracts/geo';
import type {
  CodeRequestSchema,
  House,
  LoginRequestSchema,
  ProfileUpdateSchema,
  User,
} from '@core/contracts/identity';
import type { z } from '@core/contracts/z';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { hasSqlState, SQLSTATE } from '../../lib/sql-state';
import type { LimitStore } from '../../limits/limit-store';
import { loginCodeText, type SmsSender } from '../../sms/sms';
import { presentUser } from './identity.presenter';
import {
  deleteCode,
  deleteSession,
  ensureSecret,
  findLiveSessionIds,
  findNames,
  findOrCreateUser,
  findSessionUser,
  findUserIdByPhone,
  findUserWithImage,
  insertSession,
  purgeExpired,
  replaceCode,
  spendCodeAttempt,
  updateHouse,
  updateUser,
} from './identity.repository';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS, createLoginLimits } from './login-limits';
import { createPgLimitStore } from './rate-limits.repository';
import { generateCode, generateSessionToken, hashSessionToken, hmacCode, isSameHmac } from './secrets';

/** Issue 4: a session lives 30 days from login, however active it is. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sessions asked about in one query by `liveSessionIds`. */
const LIVE_SESSIONS_BATCH = 1000;

export const WRONG_CODE_MESSAGE = 'Неверный код';
export const VOID_CODE_MESSAGE = 'Код недействителен. Запросите новый код';
export const SMS_FAILED_MESSAGE = 'Не удалось отправить SMS. Попробуйте ещё раз позже';
export const NEW_PHONE_CODE_MESSAGE = 'Введите код из SMS, отправленного на новый номер';
export const PHONE_TAKEN_MESSAGE = 'Этот номер телефона уже используется';
export const IMAGE_NOT_FOUND_MESSAGE = 'Изображение не найдено, загрузите его ещё раз';

export type IdentityDeps = {
  db: Db;
  clock: Clock;
  sms: SmsSender;
  /** The login limits' counters: Redis when given (REDIS_URL), else identity's own rate_limits table. */
  limits?: LimitStore | undefined;
  /** Key of the SMS code HMAC. */
  codeSecret: string;
  /** Operators' log for failures customers only see as a Russian message. */
  log?: { warn(details: object, message: string): void };
  /** Saves a delivery address to an account (the geo module's service): the guest's address at login. */
  addresses: { saveAddress(userId: string, input: SaveAddress): Promise<unknown> };
  /** The customers' uploads (the files module's service): a profile's picture must be one of its own. */
  files: { isOwnFile(userId: string, fileId: string): Promise<boolean> };
};

export type Session = { token: string; expiresAt: number; user: User };
/** Who a request is signed in as, and until when (ms since the epoch) the session lasts. */
export type Viewer = { user: User; sessionId: string; expiresAt: number };

type CodeRequestInput = z.output<typeof CodeRequestSchema>;
type LoginInput = z.output<typeof LoginRequestSchema>;
type ProfileInput = z.output<typeof ProfileUpdateSchema>;

/**
 * A secret of this deployment kept in identity's app_secrets table (the SMS code key, the VAPID keys): the
 * first process to start makes it, every other reads the same. Not a method: the identity service itself
 * is built with the code key.
 */
export function ensureAppSecret(db: Db, name: string, generate: () => string): Promise<string> {
  return ensureSecret(db, name, generate);
}

/** The login by SMS code, sessions and the profile (issue 4; docs/decisions/005). */
export function createIdentityService(deps: IdentityDeps) {
  const { db, clock } = deps;
  const limitStore = deps.limits ?? createPgLimitStore(db, clock);
  const limits = createLoginLimits(limitStore, clock);
  const sessionEndedListeners = new Set<(sessionId: string) => void>();

  /**
   * Checks a code for a phone and uses it up. Every try is counted before the comparison, so at most 5 are
   * ever compared, however many arrive at once. Every failure counts against the address; only a wrong
   * guess at a live code counts towards the phone's cooldowns (docs/decisions/017).
   */
  async function verifyCode(
    phone: string,
    code: string,
    origin: { ip: string },
    field = 'code',
  ): Promise<{ name: string }> {
    await limits.takeAddressAttempt(origin.ip);
    await limits.assertNotCoolingDown(phone);
    const live = await spendCodeAttempt(db, phone, new Date(clock.now()), CODE_MAX_ATTEMPTS);
    const fail = async (message: string, { isGuess }: { isGuess: boolean }): Promise<never> => {
      // Stryker disable next-line EqualityOperator: with no cooldown started the second check passes anyway
      if (isGuess && (await limits.recordFailure(phone)) > 0) await limits.assertNotCoolingDown(phone);
      throw new AppError('bad_request', message, { fields: { [field]: message } });
    };
    // Stryker disable next-line ObjectLiteral: {} leaves isGuess undefined, which is false too
    if (!live) return fail(VOID_CODE_MESSAGE, { isGuess: false });
    if (!isSameHmac(live.codeHmac, hmacCode(deps.codeSecret, phone, code))) {
      // The fifth wrong try voids the code; a sixth is refused even with the right digits.
      if (live.attempts >= CODE_MAX_ATTEMPTS) await deleteCode(db, phone, live.codeHmac);
      return fail(WRONG_CODE_MESSAGE, { isGuess: true });
    }
    // Someone else used the same code a moment earlier: not a guess.
    // Stryker disable next-line ObjectLiteral: {} leaves isGuess undefined, which is false too
    if (!(await deleteCode(db, phone, live.codeHmac))) return fail(VOID_CODE_MESSAGE, { isGuess: false });
    await limits.recordSuccess(phone);
    await limits.releaseAddressAttempt(origin.ip);
    return { name: live.name };
  }

  async function loadUser(userId: string): Promise<User> {
    const row = await findUserWithImage(db, userId);
    if (!row) throw new AppError('unauthorized');
    return presentUser(row);
  }

  return {
    /**
     * The counters behind the login limits (Redis, or identity's rate_limits table): other modules' rates per
     * customer and per address count in the same store (server/limits/rate-limit.ts, ADR 037).
     */
    limitStore,

    /**
     * Sends a login code (POST /api/user/code). The answer is the same whether or not the phone has an
     * account: nothing about the account is looked up here.
     */
    async requestCode(input: CodeRequestInput, origin: { ip: string }): Promise<void> {
      await limits.assertNotCoolingDown(input.phone);
      await limits.takeSend(input.phone, origin.ip);
      const code = generateCode();
      const codeHmac = hmacCode(deps.codeSecret, input.phone, code);
      const now = clock.now();
      await replaceCode(db, {
        phone: input.phone,
        codeHmac,
        name: input.name,
        createdAt: new Date(now),
        expiresAt: new Date(now + CODE_TTL_MS),
      });
      try {
        await deps.sms.send({ phone: input.phone, text: loginCodeText(code), code });
      } catch (error) {
        // Not retried: the gateway may have sent it after all. The code that may not have arrived is voided.
        await deleteCode(db, input.phone, codeHmac);
        deps.log?.warn({ err: error, provider: deps.sms.provider }, 'SMS code could not be sent');
        throw new AppError('unavailable', SMS_FAILED_MESSAGE, { cause: error });
      }
    },

    /**
     * POST /api/user/login: a right code signs in (creating the account on first login) with a new token.
     * The address a guest chose comes along and is saved to the account before the user is answered, so its
     * house (and checkout) has it at once; failing to save it is logged and never fails the login (SPEC §8:
     * an address post failure is ignored).
     */
    async login(input: LoginInput, origin: { ip: string }): Promise<Session> {
      const { name } = await verifyCode(input.phone, input.code, origin);
      const user = await findOrCreateUser(db, input.phone, name);
      if (input.address) {
        await deps.addresses.saveAddress(user.id, input.address).catch((error: unknown) => {
          deps.log?.warn({ err: error }, "the guest's address could not be saved at login");
        });
      }
      const token = generateSessionToken();
      const now = clock.now();
      const expiresAt = now + SESSION_TTL_MS;
      await insertSession(db, {
        userId: user.id,
        tokenHash: hashSessionToken(token),
        createdAt: new Date(now),
        expiresAt: new Date(expiresAt),
      });
      return { token, expiresAt, user: await loadUser(user.id) };
    },

    /** The signed-in user of a session token, or null for an unknown, expired or deleted session. */
    async authenticate(token: string): Promise<Viewer | null> {
      // A cheap refusal before hashing: a token of any other length finds no session either.
      // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: see above
      if (token.length < 16 || token.length > 256) return null;
      const row = await findSessionUser(db, hashSessionToken(token), new Date(clock.now()));
      return row
        ? { sessionId: row.sessionId, expiresAt: row.sessionExpiresAt.getTime(), user: presentUser(row) }
        : null;
    },

    getUser: loadUser,

    /** Customers' names by id, in one query (the operator console's conversations); unknown ids are left out. */
    listNames: (userIds: readonly string[]): Promise<Map<string, string>> => findNames(db, userIds),

    /** `npm run user:role`: the account of a phone (+7XXXXXXXXXX), if it ever signed in. */
    findUserIdByPhone: (phone: string): Promise<string | undefined> => findUserIdByPhone(db, phone),

    /**
     * OPERATOR_PHONES: the account of a phone, made now (with `name`) if it never signed in; its first login
     * finds it, and the login form's name does not replace this one.
     */
    ensureUserIdByPhone: async (phone: string, name: string): Promise<string> =>
      (await findOrCreateUser(db, phone, name)).id,

    /** PUT /api/user/me/update. A new phone number needs the code sent to it. */
    async updateProfile(userId: string, input: ProfileInput, origin: { ip: string }): Promise<User> {
      const current = await loadUser(userId);
      const isNewPhone = input.phone !== current.phone;
      if (isNewPhone) {
        if (!input.code) {
          throw new AppError('bad_request', NEW_PHONE_CODE_MESSAGE, {
            fields: { code: NEW_PHONE_CODE_MESSAGE },
          });
        }
        // Only someone holding the new number learns that it is taken (the phone's unique index, below).
        await verifyCode(input.phone, input.code, origin);
      }
      if (input.file && !(await deps.files.isOwnFile(userId, input.file))) {
        throw new AppError('bad_request', IMAGE_NOT_FOUND_MESSAGE, {
          fields: { file: IMAGE_NOT_FOUND_MESSAGE },
        });
      }
      try {
        await updateUser(db, userId, {
          name: input.name,
          email: input.email,
          ...(isNewPhone ? { phone: input.phone } : {}),
          // Stryker disable next-line ConditionalExpression: Drizzle leaves a column set to undefined as it is
          ...(input.file !== undefined ? { imageId: input.file } : {}),
          updatedAt: new Date(clock.now()),
        });
      } catch (error) {
        if (hasSqlState(error, SQLSTATE.uniqueViolation)) {
          throw new AppError('conflict', PHONE_TAKEN_MESSAGE, { fields: { phone: PHONE_TAKEN_MESSAGE } });
        }
        throw error;
      }
      return loadUser(userId);
    },

    /**
     * Keeps User.house in step with the default delivery address: the geo module calls it inside the
     * transaction that changes the default, so the two never disagree.
     */
    setHouse: (tx: Executor, userId: string, house: House | null): Promise<void> =>
      updateHouse(tx, userId, house),

    /** Ends a session; the token is then refused everywhere. */
    async logout(token: string): Promise<void> {
      const sessionId = await deleteSession(db, hashSessionToken(token));
      if (sessionId) for (const listener of sessionEndedListeners) listener(sessionId);
    },

    /**
     * For sockets and caches keyed by session: called after a logout deleted one. A session that expires, or
     * is deleted another way, is not announced: holders of sessions check them (`liveSessionIds`).
     */
    onSessionEnded(listener: (sessionId: string) => void): () => void {
      sessionEndedListeners.add(listener);
      return () => sessionEndedListeners.delete(listener);
    },

    /** Which of these sessions are live now (the sockets' periodic check: one query per 1,000). */
    async liveSessionIds(sessionIds: readonly string[]): Promise<Set<string>> {
      const live = new Set<string>();
      const now = new Date(clock.now());
      for (let start = 0; start < sessionIds.length; start += LIVE_SESSIONS_BATCH) {
        const batch = sessionIds.slice(start, start + LIVE_SESSIONS_BATCH);
        for (const id of await findLiveSessionIds(db, batch, now)) live.add(id);
      }
      return live;
    },

    /** Housekeeping: drops expired sessions, codes and limit counters. */
    async purgeExpired(): Promise<void> {
      await purgeExpired(db, new Date(clock.now()));
      await limitStore.purgeExpired();
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
