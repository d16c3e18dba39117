/** The operator's status changes: the /operator board and the CLI (DESIGN.md §3). */
import type { MovedOrder } from '@core/contracts/support';
import { canMove, ORDER_STATUS_LABELS, type OrderStatus } from '@core/rules/orders';
import { isBeingAssembled } from '@core/rules/substitution';
import { withRetries } from '../../db/transaction';
import { AppError } from '../../errors';
import { cancelLocked } from './cancel-order';
import { nowOf, type OrdersDeps } from './orders.deps';
import { findOrders, updateOrderStatus } from './orders.repository';
import { ORDER_NOT_FOUND } from './read-orders';
import { settleOpenOffers } from './settle-replacements';
import { recordStatus } from './status-events';

/**
 * One step along the order's path, or a cancellation; the customer is notified either way (the list, their
 * sockets, push). With `storeIds` (an operator of some shops), another shop's order is 'not found'. The answer
 * is the order's number and new status only: an operator sees no customer's phone or address (ADR 027, 037).
 */
export async function moveOrder(
  deps: Pick<OrdersDeps, 'db' | 'clock' | 'catalog' | 'notifications' | 'onStatus'>,
  number: number,
  to: OrderStatus,
  scope: { storeIds: readonly string[] | null } = { storeIds: null },
): Promise<MovedOrder> {
  const { userId, storeId } = await withRetries(deps.db, async (tx) => {
    const [row] = await findOrders(
      tx,
      { number, ...(scope.storeIds ? { storeIds: scope.storeIds } : {}) },
      { forUpdate: true },
    );
    if (!row) throw new AppError('not_found', ORDER_NOT_FOUND);
    if (!canMove(row.status, to, row.fulfilment)) {
      throw new AppError(
        'conflict',
        `Заказ №${number}: из статуса «${ORDER_STATUS_LABELS[row.status]}» в «${ORDER_STATUS_LABELS[to]}» перевести нельзя`,
      );
    }
    if (to === 'cancelled') await cancelLocked(deps, tx, row);
    else {
      // Leaving assembly: a replacement still unanswered is settled by the line's choice (ADR 055), and the
      // status hook hears the total it leaves with.
      const settled = !isBeingAssembled(to) && (await settleOpenOffers(deps, tx, row, { all: true }));
      const [fresh = row] = settled ? await findOrders(tx, { ids: [row.id] }) : [row];
      await updateOrderStatus(tx, row.id, to, nowOf(deps));
      await recordStatus(deps, tx, fresh, to);
    }
    return row;
  });
  await deps.notifications.announceOrders([{ userId, number, status: to, storeId }]);
  return { number, status: to };
}
