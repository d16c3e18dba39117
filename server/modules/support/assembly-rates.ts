/**
 * The operator's assembly actions — weighing a line (ADR 054), marking one missing or offering a replacement,
 * setting the shop's time to answer one (ADR 055) — per operator and per address, as rules of the rate
 * limiter (ADR 037), like the console's replies and inbox. Each action writes the order, its history and a
 * notification to the customer; a picker at the scales does a few a minute, so a minute's allowance well
 * above that bounds only a script or a stuck key.
 */
import type { RateRule } from '../../limits/rate-limit';

const MINUTE_MS = 60_000;
/** One operator's assembly actions a minute. */
export const ASSEMBLY_ACTIONS_PER_MINUTE = 120;
/** One address's (a shop's pickers behind one router) assembly actions a minute. */
export const ASSEMBLY_ACTIONS_PER_ADDRESS_MINUTE = 600;
export const ASSEMBLY_RATE_MESSAGE = 'Слишком много действий подряд. Повторите через';

/** An operator's assembly rates: theirs a minute, then their address's (not spent once theirs is used up). */
export function assemblyRates(operatorId: string, ip: string): RateRule[] {
  return [
    {
      key: `assembly:user-minute:${operatorId}`,
      limit: ASSEMBLY_ACTIONS_PER_MINUTE,
      windowMs: MINUTE_MS,
      message: ASSEMBLY_RATE_MESSAGE,
    },
    {
      key: `assembly:ip-minute:${ip}`,
      limit: ASSEMBLY_ACTIONS_PER_ADDRESS_MINUTE,
      windowMs: MINUTE_MS,
      message: ASSEMBLY_RATE_MESSAGE,
    },
  ];
}
