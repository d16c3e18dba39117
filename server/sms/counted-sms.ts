import type { SmsSender } from './sms';

/** Where deliveries are counted (GET /metrics: server/http/metrics.ts). */
export type SmsCounters = { smsSent(): void; smsFailed(): void };

/** The sender, counting each message the gateway accepted or refused (docs/decisions/048). */
export function countedSms(sender: SmsSender, counters: SmsCounters): SmsSender {
  return {
    provider: sender.provider,
    async send(message) {
      try {
        await sender.send(message);
      } catch (error) {
        counters.smsFailed();
        throw error;
      }
      counters.smsSent();
    },
  };
}
