/**
 * The payments' scheduled work (issue 25): orders left unpaid past PAYMENT_WINDOW_MIN are read once more
 * from the API (paid meanwhile: kept) and otherwise cancelled, their stock returned; refunds waiting to be
 * sent are sent. It reads the database each run, so it survives restarts, and every step is idempotent.
 */
import { kopecksToValue, PAYMENT_WINDOW_MIN } from '@core/rules/payments';
import type { Executor } from '../../db/client';
import { withRetries } from '../../db/transaction';
import { nowOf, type PaymentsDeps } from './payments.deps';
import {
  findOrderPayments,
  listStalePending,
  listWaitingRefunds,
  lockPayment,
  markRefundSent,
  updatePayment,
} from './payments.repository';
import { applyRemote, refundDescription, scheduleRefund } from './sync-payment';
import { GatewayError } from './yookassa';

const BATCH = 50;

/** Cancels the orders whose payment window passed unpaid; answers how many were cancelled. */
export async function expireUnpaid(deps: Pick<PaymentsDeps, 'db' | 'clock' | 'orders' | 'online' | 'log'>) {
  const before = new Date(deps.clock.now() - PAYMENT_WINDOW_MIN * 60_000);
  let cancelled = 0;
  for (const row of await listStalePending(deps.db, before, BATCH)) {
    if (row.providerId && deps.online) {
      try {
        const remote = await deps.online.gateway.getPayment(row.providerId);
        if (remote.status !== 'pending') {
          await applyRemote(deps, remote);
          continue;
        }
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        deps.log?.warn(
          { err: error, payment: row.providerId },
          'YooKassa could not be read; cancelling unpaid',
        );
      }
    }
    const changed = await withRetries(deps.db, async (tx) => {
      const locked = await lockPayment(tx, row.id);
      if (locked?.status !== 'pending') return false;
      await updatePayment(tx, row.id, { status: 'canceled', updatedAt: nowOf(deps) });
      const order = await deps.orders.applyPayment(tx, row.orderId, 'unpaid');
      return order?.status === 'awaiting_payment';
    });
    if (changed) cancelled += 1;
  }
  return cancelled;
}

/** Sends the refunds waiting to be sent (each under its own Idempotence-Key); answers how many went. */
export async function sendRefunds(deps: Pick<PaymentsDeps, 'db' | 'clock' | 'orders' | 'online' | 'log'>) {
  if (!deps.online) return 0;
  const waiting = await listWaitingRefunds(deps.db, BATCH);
  let sent = 0;
  for (const { refund, payment } of waiting) {
    if (!payment.providerId) continue;
    try {
      const answer = await deps.online.gateway.createRefund(
        {
          payment_id: payment.providerId,
          amount: { value: kopecksToValue(refund.amountKopecks), currency: 'RUB' },
          description: refundDescription(refund.idempotenceKey),
        },
        refund.idempotenceKey,
      );
      await markRefundSent(deps.db, refund.id, { providerId: answer.id, status: answer.status });
      await applyRemote(deps, await deps.online.gateway.getPayment(payment.providerId));
      sent += 1;
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      deps.log?.warn({ err: error, payment: payment.providerId }, 'YooKassa refused or failed a refund');
    }
  }
  return sent;
}

/**
 * An order assembled for less than was paid online (a line weighed lighter, missing, or replaced by a cheaper
 * one: ADR 054, 055): the difference goes back once, when the order leaves assembly (the orders' hook).
 */
export async function refundDifference(
  deps: Pick<PaymentsDeps, 'clock'>,
  tx: Executor,
  orderId: string,
  totalKopecks: number,
): Promise<void> {
  for (const row of await findOrderPayments(tx, orderId)) {
    if (row.status !== 'succeeded') continue;
    const over = row.amountKopecks - totalKopecks;
    if (over > 0) await scheduleRefund(tx, row, over, nowOf(deps), 'assembly');
  }
}

/** An order's paid payments, refunded in full when the order is cancelled (the orders' hook). */
export async function refundCancelled(
  deps: Pick<PaymentsDeps, 'clock'>,
  tx: Executor,
  orderId: string,
): Promise<void> {
  const rows = await findOrderPayments(tx, orderId);
  for (const row of rows) {
    if (row.status === 'succeeded') await scheduleRefund(tx, row, row.amountKopecks, nowOf(deps));
  }
}
