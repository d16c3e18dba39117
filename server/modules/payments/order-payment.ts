/** What the order page says of an order's online payment (issue 25): its state, the link to pay, refunds. */
import type { OrderPayment } from '@core/contracts/payments';
import { ONLINE_PAYMENT_STATUS_LABELS } from '@core/rules/payments';
import type { PaymentsDeps } from './payments.deps';
import { findOrderPayments, listOrderRefunds } from './payments.repository';
import { syncPayment } from './sync-payment';

export type OrderPaymentView = OrderPayment;

/**
 * The order's latest payment, read again from the provider while it is pending (the customer's return from
 * the confirmation page may come before the webhook). Null: the order is not paid online.
 */
export async function getOrderPayment(
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'orders' | 'online' | 'log'>,
  userId: string,
  orderId: string,
): Promise<OrderPaymentView | null> {
  let rows = await findOrderPayments(deps.db, orderId);
  const pending = rows.at(-1);
  if (pending?.userId === userId && pending.status === 'pending' && pending.providerId) {
    if ((await syncPayment(deps, pending.providerId)) === 'updated')
      rows = await findOrderPayments(deps.db, orderId);
  }
  const row = rows.at(-1);
  if (!row || row.userId !== userId) return null;
  const refunds = await listOrderRefunds(deps.db, orderId);
  const refunding = refunds
    .filter((refund) => refund.status === 'pending')
    .reduce((sum, refund) => sum + refund.amountKopecks, 0);
  return {
    status: row.status,
    label: ONLINE_PAYMENT_STATUS_LABELS[row.status],
    amount: row.amountKopecks,
    refunded: row.refundedKopecks,
    refunding,
    confirmationUrl: row.status === 'pending' ? row.confirmationUrl : null,
  };
}
