/**
 * The rates of the open forms (issue 24, ADR 045): per address and per phone, over the login limits' store
 * (Redis with REDIS_URL), so every process counts together. A phone's day is the cap on what one person
 * stores; an address's hour on what one machine (or NAT) can.
 */
import type { RateRule } from '../../limits/rate-limit';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
export const QUESTIONS_PER_ADDRESS_HOUR = 10;
export const QUESTIONS_PER_PHONE_DAY = 5;
export const APPLICATIONS_PER_ADDRESS_HOUR = 5;
export const APPLICATIONS_PER_PHONE_DAY = 3;
/** An operator's answers and closings a minute. */
export const INBOX_ACTIONS_PER_MINUTE = 60;
const QUESTION_MESSAGE = 'Слишком много обращений. Повторите через';
const APPLICATION_MESSAGE = 'Слишком много откликов. Повторите через';

export function questionRates(ip: string, phone: string): RateRule[] {
  return [
    {
      key: `question:ip-hour:${ip}`,
      limit: QUESTIONS_PER_ADDRESS_HOUR,
      windowMs: HOUR_MS,
      message: QUESTION_MESSAGE,
    },
    {
      key: `question:phone-day:${phone}`,
      limit: QUESTIONS_PER_PHONE_DAY,
      windowMs: DAY_MS,
      message: QUESTION_MESSAGE,
    },
  ];
}

export function applicationRates(ip: string, phone: string): RateRule[] {
  return [
    {
      key: `application:ip-hour:${ip}`,
      limit: APPLICATIONS_PER_ADDRESS_HOUR,
      windowMs: HOUR_MS,
      message: APPLICATION_MESSAGE,
    },
    {
      key: `application:phone-day:${phone}`,
      limit: APPLICATIONS_PER_PHONE_DAY,
      windowMs: DAY_MS,
      message: APPLICATION_MESSAGE,
    },
  ];
}

export function inboxRates(operatorId: string): RateRule[] {
  return [
    {
      key: `inbox:user-minute:${operatorId}`,
      limit: INBOX_ACTIONS_PER_MINUTE,
      windowMs: MINUTE_MS,
      message: 'Слишком много действий подряд. Повторите через',
    },
  ];
}
