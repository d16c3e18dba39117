/**
 * Rates per user and per address for the ways in that store what a customer sends (chat messages, push
 * subscriptions; ADR 037), over the login limits' store: Redis with REDIS_URL, else identity's rate_limits
 * table. A refusal is 429 with Retry-After and a Russian message that says how long to wait.
 */
import { AppError } from '../errors';
import type { Clock } from '../lib/clock';
import type { LimitStore } from './limit-store';

/** One fixed window: `limit` takes per `windowMs` under `key`; `message` is said when it is used up. */
export type RateRule = { key: string; limit: number; windowMs: number; message: string };

/** '14 с', '2 мин', '3 ч': abbreviations need no plural forms. */
export function formatWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} с`;
  if (seconds < 3600) return `${Math.ceil(seconds / 60)} мин`;
  return `${Math.ceil(seconds / 3600)} ч`;
}

/** The 429 of a used-up limit: the message, how long to wait, and Retry-After (at least a second). */
export function tooManyRequests(message: string, waitMs: number): AppError {
  return new AppError('too_many_requests', `${message} ${formatWait(waitMs)}`, {
    retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)),
  });
}

export type RateLimiter = {
  /**
   * Takes one from each rule in order; the first one used up refuses (429) and the later ones are not
   * touched, so a customer over their own rate does not spend their address's (shared behind a NAT).
   */
  take(rules: readonly RateRule[]): Promise<void>;
};

export function createRateLimiter(store: Pick<LimitStore, 'takeEach'>, clock: Clock): RateLimiter {
  return {
    async take(rules) {
      // One round trip for all of them (the store stops at the first refused, as a loop of takes did).
      const slots = await store.takeEach(rules);
      for (const [index, slot] of slots.entries()) {
        const rule = rules[index];
        if (!slot.allowed && rule) throw tooManyRequests(rule.message, slot.resetAt - clock.now());
      }
    },
  };
}
