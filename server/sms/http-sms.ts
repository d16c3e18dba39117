import { SMS_GATEWAY_TIMEOUT_MS, SmsDeliveryError, type SmsSender } from './sms';

type GatewayOptions = {
  url: string;
  sender?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/** One POST of a form, no retries (a retry after a lost answer could send the SMS twice). */
async function postForm(
  options: GatewayOptions,
  form: Record<string, string>,
  gateway: string,
): Promise<unknown> {
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(options.timeoutMs ?? SMS_GATEWAY_TIMEOUT_MS),
    });
  } catch (error) {
    throw new SmsDeliveryError(`${gateway}: no answer`, { cause: error });
  }
  if (!response.ok) throw new SmsDeliveryError(`${gateway}: HTTP ${response.status}`);
  try {
    return await response.json();
  } catch (error) {
    throw new SmsDeliveryError(`${gateway}: the answer is not JSON`, { cause: error });
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The gateways take the number as digits with the country code: 79123456789. */
const gatewayPhone = (phone: string) => phone.replace(/\D/g, '');

/** SMS.RU (https://sms.ru/api/send) with json=1: accepted when the request and the number's entry are "OK". */
export function createSmsRu(options: GatewayOptions & { apiId: string }): SmsSender {
  return {
    provider: 'smsru',
    async send({ phone, text }) {
      const to = gatewayPhone(phone);
      const body = await postForm(
        options,
        {
          api_id: options.apiId,
          to,
          msg: text,
          json: '1',
          ...(options.sender ? { from: options.sender } : {}),
        },
        'sms.ru',
      );
      if (!isRecord(body) || body.status !== 'OK') {
        const detail = isRecord(body) ? `${body.status_code ?? ''} ${body.status_text ?? ''}` : '';
        throw new SmsDeliveryError(`sms.ru refused the request: ${detail.trim()}`);
      }
      const entry = isRecord(body.sms) ? body.sms[to] : undefined;
      if (!isRecord(entry) || entry.status !== 'OK') {
        const detail = isRecord(entry) ? `${entry.status_code ?? ''} ${entry.status_text ?? ''}` : 'no entry';
        throw new SmsDeliveryError(`sms.ru refused the number: ${detail.trim()}`);
      }
    },
  };
}

/** SMSC (https://smsc.ru/api/http/) with fmt=3 (JSON): {id, cnt} when sent, {error, error_code} otherwise. */
export function createSmsc(options: GatewayOptions & { login: string; password: string }): SmsSender {
  return {
    provider: 'smsc',
    async send({ phone, text }) {
      const body = await postForm(
        options,
        {
          login: options.login,
          psw: options.password,
          phones: gatewayPhone(phone),
          mes: text,
          fmt: '3',
          charset: 'utf-8',
          ...(options.sender ? { sender: options.sender } : {}),
        },
        'smsc.ru',
      );
      if (!isRecord(body) || 'error' in body || body.id === undefined) {
        const detail = isRecord(body) ? `${body.error_code ?? ''} ${body.error ?? ''}` : '';
        throw new SmsDeliveryError(`smsc.ru refused the message: ${detail.trim()}`);
      }
    },
  };
}
