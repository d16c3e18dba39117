/** YooKassa's settings made into the module's online payments (issue 25); null without a shop id and key. */

import { DEFAULT_DELIVERY_VAT_CODE, DEFAULT_VAT_CODE, VAT_CODES, type VatCode } from '@core/rules/payments';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../../config';
import type { OnlinePayments } from './payments.deps';
import { createYooKassaClient, type PaymentGateway } from './yookassa';

type YooKassaSettings = Partial<
  Pick<
    Config,
    | 'YOOKASSA_SHOP_ID'
    | 'YOOKASSA_SECRET_KEY'
    | 'YOOKASSA_URL'
    | 'YOOKASSA_VAT_CODE'
    | 'YOOKASSA_DELIVERY_VAT_CODE'
    | 'YOOKASSA_WEBHOOK_IPS'
  >
>;

const vatCodeOf = (value: number | undefined, fallback: VatCode): VatCode =>
  (VAT_CODES as readonly number[]).includes(value ?? 0) ? (value as VatCode) : fallback;

/** Whether an address is in a list of addresses and CIDRs (IPv4-mapped IPv6 addresses count as IPv4). */
export function addressMatcher(list: readonly string[]): (ip: string) => boolean {
  if (list.length === 0) return () => false;
  const trust = proxyAddr.compile([...list]);
  return (ip) => {
    try {
      return trust(ip.replace(/^::ffff:/, ''), 0);
    } catch {
      return false;
    }
  };
}

export function onlinePaymentsOf(config: YooKassaSettings, gateway?: PaymentGateway): OnlinePayments | null {
  if (!config.YOOKASSA_SHOP_ID || !config.YOOKASSA_SECRET_KEY) return null;
  return {
    gateway:
      gateway ??
      createYooKassaClient({
        shopId: config.YOOKASSA_SHOP_ID,
        secretKey: config.YOOKASSA_SECRET_KEY,
        url: config.YOOKASSA_URL ?? 'https://api.yookassa.ru/v3',
      }),
    vatCode: vatCodeOf(config.YOOKASSA_VAT_CODE, DEFAULT_VAT_CODE),
    deliveryVatCode: vatCodeOf(config.YOOKASSA_DELIVERY_VAT_CODE, DEFAULT_DELIVERY_VAT_CODE),
    isWebhookAddress: addressMatcher(config.YOOKASSA_WEBHOOK_IPS ?? []),
  };
}
