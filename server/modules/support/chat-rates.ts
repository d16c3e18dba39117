/** The chat's rates per customer, per operator and per address (ADR 037), as rules of the rate limiter. */
import type { RateRule } from '../../limits/rate-limit';
import type { SupportDeps } from './support.deps';

const MINUTE_MS = 60_000;
/** One address (a NAT's customers, an office's operators) may post this many times one person's rate. */
export const CHAT_ADDRESS_FACTOR = 3;
/** A customer's messages a day, however they are spread (the cap on what one account stores). */
export const CHAT_MESSAGES_PER_DAY = 200;
/** An operator's replies a minute, and one address's (a support office). */
export const OPERATOR_REPLIES_PER_MINUTE = 60;
export const OPERATOR_REPLIES_PER_ADDRESS_MINUTE = 300;
const CHAT_RATE_MESSAGE = 'Слишком много сообщений подряд. Повторите через';
const CHAT_DAY_MESSAGE = 'Достигнут дневной предел сообщений в чате. Повторите через';

/** A customer's rates: per minute (and their address's), and per day; none with CHAT_MESSAGES_PER_MINUTE=0. */
export function customerRates(
  deps: Pick<SupportDeps, 'chatMessagesPerMinute'>,
  customerId: string,
  ip: string,
): RateRule[] {
  const perMinute = deps.chatMessagesPerMinute;
  if (perMinute <= 0) return [];
  return [
    {
      key: `chat:user-minute:${customerId}`,
      limit: perMinute,
      windowMs: MINUTE_MS,
      message: CHAT_RATE_MESSAGE,
    },
    {
      key: `chat:user-day:${customerId}`,
      limit: CHAT_MESSAGES_PER_DAY,
      windowMs: 24 * 60 * MINUTE_MS,
      message: CHAT_DAY_MESSAGE,
    },
    {
      key: `chat:ip-minute:${ip}`,
      limit: perMinute * CHAT_ADDRESS_FACTOR,
      windowMs: MINUTE_MS,
      message: CHAT_RATE_MESSAGE,
    },
  ];
}

/** An operator's rates: their replies a minute, and their address's. */
export function operatorRates(operatorId: string, ip: string): RateRule[] {
  return [
    {
      key: `chat-reply:user-minute:${operatorId}`,
      limit: OPERATOR_REPLIES_PER_MINUTE,
      windowMs: MINUTE_MS,
      message: CHAT_RATE_MESSAGE,
    },
    {
      key: `chat-reply:ip-minute:${ip}`,
      limit: OPERATOR_REPLIES_PER_ADDRESS_MINUTE,
      windowMs: MINUTE_MS,
      message: CHAT_RATE_MESSAGE,
    },
  ];
}
