import { RESEND_INTERVAL_S } from '@core/rules/code';
import type { Clock } from '../../lib/clock';
import type { LimitStore } from '../../limits/limit-store';
import { tooManyRequests } from '../../limits/rate-limit';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Issue 4, DESIGN.md §3 "SMS code": every number here is a requirement. */
export const CODE_TTL_MS = 5 * MINUTE_MS;
export const CODE_MAX_ATTEMPTS = 5;
export const RESEND_INTERVAL_MS = RESEND_INTERVAL_S * 1000;
/** Strict per phone: whoever asks, one number gets at most this many SMS an hour. */
export const SENDS_PER_PHONE_PER_HOUR = 5;
/**
 * Generous per address (DESIGN.md §3; issue 21): a family or an office shares one address behind its router,
 * and 10 locked everyone out after a few people had logged in. The phone's limits bound the SMS to any one
 * number; this bounds how many numbers one address can make us text.
 */
export const SENDS_PER_IP_PER_HOUR = 20;
/** Consecutive failed logins of a phone: 10 → an hour's cooldown, 20 → a day's. A success starts over. */
export const SHORT_COOLDOWN_FAILURES = 10;
export const SHORT_COOLDOWN_MS = HOUR_MS;
export const LONG_COOLDOWN_FAILURES = 20;
export const LONG_COOLDOWN_MS = 24 * HOUR_MS;
/** A run of failures is forgotten a day after its last failure (it then outlives any cooldown). */
export const FAILURE_RUN_TTL_MS = 24 * HOUR_MS;
/**
 * Failed logins from one address (issue 12): after 30 in a 15-minute window, logins from it are refused until
 * the window ends. A person mistyping a code fails a few times; one address behind a carrier's NAT shares the
 * allowance, which is generous for what a household or an office mistypes in a quarter of an hour.
 */
export const LOGIN_FAILURES_PER_IP = 30;
export const LOGIN_FAILURES_IP_WINDOW_MS = 15 * MINUTE_MS;

/** The cooldown that the n-th consecutive failure starts, in ms (0: none). */
export function cooldownAfterFailures(failures: number): number {
  if (failures >= LONG_COOLDOWN_FAILURES) return LONG_COOLDOWN_MS;
  if (failures === SHORT_COOLDOWN_FAILURES) return SHORT_COOLDOWN_MS;
  return 0;
}

const key = {
  resend: (phone: string) => `code:resend:${phone}`,
  phoneHour: (phone: string) => `code:phone-hour:${phone}`,
  ipHour: (ip: string) => `code:ip-hour:${ip}`,
  failures: (phone: string) => `login:failures:${phone}`,
  ipFailures: (ip: string) => `login:ip-failures:${ip}`,
  cooldown: (phone: string) => `login:cooldown:${phone}`,
};

/** The send and failure limits of the SMS login over a shared store (PostgreSQL or Redis). */
export function createLoginLimits(store: LimitStore, clock: Clock) {
  return {
    /** Refuses while the phone is cooling down after too many wrong codes. */
    async assertNotCoolingDown(phone: string): Promise<void> {
      const cooldown = await store.get(key.cooldown(phone));
      if (cooldown) {
        throw tooManyRequests(
          'Слишком много неверных попыток. Повторите через',
          cooldown.resetAt - clock.now(),
        );
      }
    },

    /**
     * Takes one send for this phone and address: the address first, so one address cannot spend the allowance
     * of many phones; then 1 per 15 s and 5 per hour per phone. A send the phone's limits refuse gives the
     * address its slot back: one person pressing 'resend' too early must not use up a household's sends.
     * Each refusal names the limit it hit (the network's or the number's), so nobody waits for the wrong one.
     */
    async takeSend(phone: string, ip: string): Promise<void> {
      const perIp = await store.take(key.ipHour(ip), SENDS_PER_IP_PER_HOUR, HOUR_MS);
      if (!perIp.allowed) {
        throw tooManyRequests(
          'Слишком много запросов кода из вашей сети. Повторите через',
          perIp.resetAt - clock.now(),
        );
      }
      const refusePhone = async (message: string, resetAt: number): Promise<never> => {
        await store.release(key.ipHour(ip), SENDS_PER_IP_PER_HOUR);
        throw tooManyRequests(message, resetAt - clock.now());
      };
      const resend = await store.take(key.resend(phone), 1, RESEND_INTERVAL_MS);
      if (!resend.allowed) {
        await refusePhone('Код уже отправлен. Повторная отправка возможна через', resend.resetAt);
      }
      const perPhone = await store.take(key.phoneHour(phone), SENDS_PER_PHONE_PER_HOUR, HOUR_MS);
      if (!perPhone.allowed) {
        await refusePhone('Превышено число отправок кода на этот номер. Повторите через', perPhone.resetAt);
      }
    },

    /**
     * Takes one of the address's login attempts before the code is checked, so a burst of simultaneous tries
     * cannot slip past the limit; a successful login gives it back (`releaseAddressAttempt`), so only
     * failures, whatever the phone and whether a code existed, use the allowance up.
     */
    async takeAddressAttempt(ip: string): Promise<void> {
      const slot = await store.take(key.ipFailures(ip), LOGIN_FAILURES_PER_IP, LOGIN_FAILURES_IP_WINDOW_MS);
      if (!slot.allowed) {
        throw tooManyRequests(
          'Слишком много неверных попыток входа из вашей сети. Повторите через',
          slot.resetAt - clock.now(),
        );
      }
    },

    async releaseAddressAttempt(ip: string): Promise<void> {
      await store.release(key.ipFailures(ip), LOGIN_FAILURES_PER_IP);
    },

    /**
     * Counts a failed login against the phone's run; returns the cooldown it started (ms), 0 when none. Only
     * a wrong guess at a code that was really sent counts: otherwise anyone could lock a number out without
     * its owner ever asking for a code.
     */
    async recordFailure(phone: string): Promise<number> {
      const { count } = await store.increment(key.failures(phone), FAILURE_RUN_TTL_MS);
      const cooldownMs = cooldownAfterFailures(count);
      // Stryker disable next-line ConditionalExpression,EqualityOperator: a cooldown of 0 ms ends as it starts
      if (cooldownMs > 0) await store.set(key.cooldown(phone), count, clock.now() + cooldownMs);
      return cooldownMs;
    },

    async recordSuccess(phone: string): Promise<void> {
      await store.delete([key.failures(phone), key.cooldown(phone)]);
    },
  };
}

export type LoginLimits = ReturnType<typeof createLoginLimits>;
