/**
 * The rates of a basket line's choice for a missing item and of the similar products it may pick from (ADR
 * 055, habit 14): per customer and per address, over the login limits' store (Redis with REDIS_URL). Setting a
 * choice writes one column of a line the basket already caps (its size and SPEC §5's lines), so the rates
 * stop a script rewriting it, and listing the similar products (a catalogue query per press) in a loop.
 */
import type { RateRule } from '../../limits/rate-limit';

const MINUTE_MS = 60_000;
/** A customer's choices and replacement lists a minute: a whole basket's lines changed twice over. */
export const LINE_CHOICES_PER_MINUTE = 60;
/** One address's (a household or an office behind one NAT). */
export const LINE_CHOICES_PER_ADDRESS_MINUTE = 180;
const MESSAGE = 'Слишком много изменений подряд. Повторите через';

export function lineChoiceRates(userId: string, ip: string): RateRule[] {
  return [
    {
      key: `basket-choice:user-minute:${userId}`,
      limit: LINE_CHOICES_PER_MINUTE,
      windowMs: MINUTE_MS,
      message: MESSAGE,
    },
    {
      key: `basket-choice:ip-minute:${ip}`,
      limit: LINE_CHOICES_PER_ADDRESS_MINUTE,
      windowMs: MINUTE_MS,
      message: MESSAGE,
    },
  ];
}
