/**
 * What an online payment does to its order (issue 25), inside the payments module's transaction: paid, the
 * order waiting for it becomes 'new' (the shop sees it); refused or unpaid in time, it is cancelled and its
 * stock and slot go back. Each changes only an order still waiting, so a repeated or late event does nothing.
 */
import type { Executor } from '../../db/client';
import { cancelLocked } from './cancel-order';
import { nowOf, type OrdersDeps } from './orders.deps';
import { findOrders, updateOrderStatus } from './orders.repository';
import { recordStatus } from './status-events';

export type PaymentOutcome = 'paid' | 'unpaid';

/**
 * Applies a payment's outcome to the order. Answers the order's status before: 'awaiting_payment' when this
 * call moved it; anything else when it had moved already (the payments module then refunds a late payment).
 */
export async function applyPayment(
  deps: Pick<OrdersDeps, 'clock' | 'catalog' | 'notifications' | 'onStatus'>,
  tx: Executor,
  orderId: string,
  outcome: PaymentOutcome,
): Promise<{ status: string; userId: string; number: number; storeId: string } | null> {
  const [row] = await findOrders(tx, { ids: [orderId] }, { forUpdate: true });
  if (!row) return null;
  const before = { status: row.status, userId: row.userId, number: row.number, storeId: row.storeId };
  if (row.status !== 'awaiting_payment') return before;
  if (outcome === 'paid') {
    await updateOrderStatus(tx, row.id, 'new', nowOf(deps));
    await recordStatus(deps, tx, row, 'new');
  } else {
    await cancelLocked(deps, tx, row);
  }
  return before;
}
