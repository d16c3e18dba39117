/**
 * Text messages to customers' phones behind one interface (DESIGN.md §1 SMS): `console` and `file` are
 * honest sinks for development and tests, `smsru` and `smsc` are real gateways over HTTP.
 */
export const SMS_PROVIDERS = ['console', 'file', 'smsru', 'smsc'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

export type SmsMessage = {
  /** +7XXXXXXXXXX */
  phone: string;
  text: string;
  /** The code the text carries: only the file sink writes it out on its own, for tests to read. */
  code: string;
};

export type SmsSender = {
  readonly provider: SmsProviderName;
  /** Resolves once the gateway accepted the message; rejects with SmsDeliveryError otherwise. Never retries. */
  send(message: SmsMessage): Promise<void>;
};

/** The gateway refused the message or could not be reached. The message is for operators' logs. */
export class SmsDeliveryError extends Error {
  override name = 'SmsDeliveryError';
}

/** How long a gateway may take to answer before the send counts as failed. */
export const SMS_GATEWAY_TIMEOUT_MS = 10_000;

/** The login SMS. */
export function loginCodeText(code: string): string {
  return `Код для входа во Фреш: ${code}. Никому не сообщайте его.`;
}
