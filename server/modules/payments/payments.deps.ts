import type { VatCode } from '@core/rules/payments';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../limits/rate-limit';
import type { OrdersService } from '../orders/orders.service';
import type { PaymentGateway } from './yookassa';

/** YooKassa's settings as the module uses them; null: online payment is off (hidden at checkout). */
export type OnlinePayments = {
  gateway: PaymentGateway;
  vatCode: VatCode;
  deliveryVatCode: VatCode;
  /** Whether a webhook's sender address is one YooKassa sends from. */
  isWebhookAddress: (ip: string) => boolean;
};

/**
 * What the payments' use cases need (issue 25, docs/decisions/046). The orders module tells this one of its
 * status changes (the bonus ledger and refunds follow them) through its `onStatus` hook, inside its
 * transaction; this one moves an order waiting for its payment through `orders.applyPayment`.
 */
export type PaymentsDeps = {
  db: Db;
  clock: Clock;
  online: OnlinePayments | null;
  orders: Pick<OrdersService, 'applyPayment'>;
  rates: RateLimiter;
  log?: { warn(details: object, message: string): void } | undefined;
};

export const nowOf = (deps: Pick<PaymentsDeps, 'clock'>): Date => new Date(deps.clock.now());

export const ONLINE_PAYMENT_OFF = 'Онлайн-оплата сейчас недоступна. Выберите оплату при получении';
export const PAYMENT_FAILED =
  'Не удалось перейти к оплате. Попробуйте ещё раз через минуту — заказ ждёт оплаты 15 минут';
/** Saved cards per customer (a cap on a way in: issue 25). */
export const MAX_SAVED_CARDS = 5;
