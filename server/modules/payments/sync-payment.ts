/**
 * A payment's state as YooKassa's API tells it (issue 25), never as a webhook's body does: the webhook, the
 * return to the order page and the unpaid-order job all read the payment again by id and move our row only
 * forward, under its row lock, so a repeated, late or reordered event changes nothing.
 */
import { isPaymentStatusForward, valueToKopecks } from '@core/rules/payments';
import { z } from 'zod';
import { withRetries } from '../../db/transaction';
import type { RateRule } from '../../limits/rate-limit';
import { MAX_SAVED_CARDS, nowOf, type PaymentsDeps } from './payments.deps';
import {
  countSavedMethods,
  findPaymentByProviderId,
  insertRefund,
  insertSavedMethod,
  type PaymentRow,
  sumScheduledRefunds,
  updatePayment,
} from './payments.repository';
import { GatewayError, type YooKassaPayment } from './yookassa';

export type SyncResult = 'unknown' | 'unchanged' | 'updated';

/** Our row brought up to the provider's payment, in one transaction with the order's move. */
export async function applyRemote(
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'orders'>,
  remote: YooKassaPayment,
): Promise<SyncResult> {
  return withRetries(deps.db, async (tx) => {
    const row = await findPaymentByProviderId(tx, remote.id, { forUpdate: true });
    if (!row) return 'unknown';
    const refunded = valueToKopecks(remote.refunded_amount?.value ?? '0') ?? 0;
    // We give up on a payment when its order's window passes; if the money still arrives, it is taken (and,
    // the order being cancelled, refunded) rather than left with YooKassa.
    const lateMoney = row.status === 'canceled' && remote.status === 'succeeded';
    const forward = lateMoney || isPaymentStatusForward(row.status, remote.status);
    if (!forward && refunded <= row.refundedKopecks) return 'unchanged';
    const at = nowOf(deps);
    await updatePayment(tx, row.id, {
      ...(forward ? { status: remote.status } : {}),
      refundedKopecks: Math.max(row.refundedKopecks, Math.min(refunded, row.amountKopecks)),
      updatedAt: at,
    });
    if (!forward) return 'updated';
    if (remote.status === 'succeeded') {
      const before = await deps.orders.applyPayment(tx, row.orderId, 'paid');
      // Paid after the order was cancelled (the customer paid on the 16th minute): the money goes back.
      if (before && before.status === 'cancelled') await scheduleRefund(tx, row, row.amountKopecks, at);
      else await saveCard(tx, row, remote, at);
    } else if (remote.status === 'canceled') {
      await deps.orders.applyPayment(tx, row.orderId, 'unpaid');
    }
    return 'updated';
  });
}

/**
 * A refund to send (the payments job sends it): once per payment and reason, at most what the payment still
 * holds — less every refund already sent or waiting, so a cancellation after a difference's refund (ADR 055)
 * never asks for more than was paid.
 */
export async function scheduleRefund(
  tx: Parameters<typeof insertRefund>[0],
  row: PaymentRow,
  amountKopecks: number,
  at: Date,
  reason: RefundReason = 'cancel',
): Promise<void> {
  const taken = Math.max(row.refundedKopecks, await sumScheduledRefunds(tx, row.id));
  const amount = Math.min(amountKopecks, row.amountKopecks - taken);
  if (amount <= 0) return;
  await insertRefund(tx, {
    paymentId: row.id,
    idempotenceKey: `refund-${row.id}-${reason}`,
    amountKopecks: amount,
    createdAt: at,
  });
}

/** Why money goes back: the order was cancelled, or it came out cheaper at assembly than it was paid. */
export type RefundReason = 'cancel' | 'assembly';

/** What YooKassa's refund says it is for, by the reason in its Idempotence-Key. */
export function refundDescription(idempotenceKey: string): string {
  return idempotenceKey.endsWith('-assembly')
    ? 'Возврат разницы: заказ собран дешевле оплаченного'
    : 'Возврат за отменённый заказ';
}

async function saveCard(
  tx: Parameters<typeof insertSavedMethod>[0],
  row: PaymentRow,
  remote: YooKassaPayment,
  at: Date,
): Promise<void> {
  const method = remote.payment_method;
  if (!row.saveMethod || !method?.saved || !method.card) return;
  if ((await countSavedMethods(tx, row.userId)) >= MAX_SAVED_CARDS) return;
  await insertSavedMethod(tx, {
    userId: row.userId,
    providerId: method.id,
    brand: method.card.card_type ?? 'Карта',
    last4: method.card.last4,
    expiryMonth: Number(method.card.expiry_month),
    expiryYear: Number(method.card.expiry_year),
    createdAt: at,
  });
}

/** Reads the payment from the API and applies it; a provider that cannot be reached changes nothing. */
export async function syncPayment(
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'orders' | 'online' | 'log'>,
  providerId: string,
): Promise<SyncResult> {
  if (!deps.online) return 'unknown';
  // An id we never created is not worth a call to the provider.
  if (!(await findPaymentByProviderId(deps.db, providerId))) return 'unknown';
  try {
    return await applyRemote(deps, await deps.online.gateway.getPayment(providerId));
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    deps.log?.warn({ err: error, payment: providerId }, 'YooKassa could not be read');
    return 'unchanged';
  }
}

/** What a webhook may say; only the object's id (or a refund's payment id) is used. */
const NotificationSchema = z.object({
  type: z.literal('notification'),
  event: z.enum(['payment.succeeded', 'payment.canceled', 'payment.waiting_for_capture', 'refund.succeeded']),
  object: z.object({ id: z.string().min(1).max(64), payment_id: z.string().min(1).max(64).optional() }),
});

/**
 * POST /api/payments/yookassa: from an address YooKassa sends from, the payment named is read again from the
 * API. Anything else — another sender, a body we do not know, a payment we never made — is ignored.
 */
/**
 * The webhook's rates per address (a minute's window): YooKassa's own addresses may send a burst (many
 * payments at once), any other address gets a few answers, then 429 before anything else is done.
 */
export const WEBHOOK_RATE_PER_MIN = { yookassa: 600, other: 30 } as const;
export const WEBHOOK_RATE_MESSAGE = 'Слишком много уведомлений с этого адреса. Повторите через';

export function webhookRates(ip: string, isYooKassa: boolean): RateRule[] {
  return [
    {
      key: `payments-webhook:ip:${ip}`,
      limit: isYooKassa ? WEBHOOK_RATE_PER_MIN.yookassa : WEBHOOK_RATE_PER_MIN.other,
      windowMs: 60_000,
      message: WEBHOOK_RATE_MESSAGE,
    },
  ];
}

export async function handleWebhook(
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'orders' | 'online' | 'log' | 'rates'>,
  ip: string,
  body: unknown,
): Promise<SyncResult | 'ignored'> {
  const isYooKassa = deps.online?.isWebhookAddress(ip) ?? false;
  await deps.rates.take(webhookRates(ip, isYooKassa));
  if (!isYooKassa) return 'ignored';
  const parsed = NotificationSchema.safeParse(body);
  if (!parsed.success) return 'ignored';
  const { event, object } = parsed.data;
  const paymentId = event === 'refund.succeeded' ? object.payment_id : object.id;
  if (!paymentId) return 'ignored';
  return syncPayment(deps, paymentId);
}
