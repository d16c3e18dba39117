/** The rates of review posts per customer and per address (ADR 037, 045), as rules of the rate limiter. */
import type { RateRule } from '../../limits/rate-limit';

const MINUTE_MS = 60_000;
/** A customer's review saves a minute and a day (one review per shop, edited: a day's saves are the cap). */
export const REVIEWS_PER_MINUTE = 5;
export const REVIEWS_PER_DAY = 30;
/** One address's saves a minute (customers behind one NAT). */
export const REVIEWS_PER_ADDRESS_MINUTE = 20;
/** An operator's replies, hides and shows a minute. */
export const MODERATIONS_PER_MINUTE = 60;
const RATE_MESSAGE = 'Слишком много отзывов подряд. Повторите через';
const MODERATION_MESSAGE = 'Слишком много действий подряд. Повторите через';

export function reviewRates(customerId: string, ip: string): RateRule[] {
  return [
    {
      key: `review:user-minute:${customerId}`,
      limit: REVIEWS_PER_MINUTE,
      windowMs: MINUTE_MS,
      message: RATE_MESSAGE,
    },
    {
      key: `review:user-day:${customerId}`,
      limit: REVIEWS_PER_DAY,
      windowMs: 24 * 60 * MINUTE_MS,
      message: RATE_MESSAGE,
    },
    {
      key: `review:ip-minute:${ip}`,
      limit: REVIEWS_PER_ADDRESS_MINUTE,
      windowMs: MINUTE_MS,
      message: RATE_MESSAGE,
    },
  ];
}

export function moderationRates(operatorId: string): RateRule[] {
  return [
    {
      key: `review-moderation:user-minute:${operatorId}`,
      limit: MODERATIONS_PER_MINUTE,
      windowMs: MINUTE_MS,
      message: MODERATION_MESSAGE,
    },
  ];
}
