/** Cancellation (ADR 013): under the order's lock, so stock and the slot go back exactly once. */
import type { Order } from '@core/contracts/orders';
import { isCancellableByCustomer } from '@core/rules/orders';
import { countsOriginal, countsReplacement } from '@core/rules/substitution';
import type { Executor } from '../../db/client';
import { withRetries } from '../../db/transaction';
import { AppError } from '../../errors';
import { nowOf, type OrdersDeps } from './orders.deps';
import { substitutionsOf } from './orders.presenter';
import { findOrderItems, findOrders, type OrderRow, updateOrderStatus } from './orders.repository';
import { getOrder, ORDER_NOT_FOUND } from './read-orders';
import { releaseDelivery } from './slots';
import { recordStatus } from './status-events';
import { findSubstitutions } from './substitutions.repository';

/** Cancels a locked order row (customer or operator): its stock and slot go back, the customer is told. */
export async function cancelLocked(
  deps: Pick<OrdersDeps, 'clock' | 'catalog' | 'notifications' | 'onStatus'>,
  tx: Executor,
  row: OrderRow,
): Promise<void> {
  await updateOrderStatus(tx, row.id, 'cancelled', nowOf(deps));
  const [items, substitutions] = await Promise.all([
    findOrderItems(tx, [row.id]),
    findSubstitutions(tx, [row.id]),
  ]);
  const byProduct = substitutionsOf(substitutions, row.id);
  // What the order holds goes back: a line as weighed (ADR 054), a replacement offered or accepted; a line
  // found missing at assembly is not on the shelf, so nothing of it returns (ADR 055).
  await deps.catalog.stock.putBack(
    tx,
    items.flatMap((item) => {
      const substitution = byProduct.get(item.productId);
      const state = substitution?.state ?? null;
      if (countsOriginal(state)) {
        return [
          { pointId: row.pointId, productId: item.productId, quantity: item.actualGrams ?? item.quantity },
        ];
      }
      if (substitution?.replacementId && substitution.quantity && countsReplacement(state)) {
        return [
          { pointId: row.pointId, productId: substitution.replacementId, quantity: substitution.quantity },
        ];
      }
      return [];
    }),
  );
  // Stryker disable next-line ConditionalExpression: a pickup order has no slot, and releasing none frees nothing
  if (row.slotStart) await releaseDelivery(tx, row.pointId, row.slotStart);
  await recordStatus(deps, tx, row, 'cancelled');
}

/** Customer cancellation: new or confirmed only; a second cancel finds it cancelled and changes nothing. */
export async function cancelOrder(
  deps: Pick<OrdersDeps, 'db' | 'clock' | 'catalog' | 'notifications' | 'onStatus'>,
  userId: string,
  number: number,
): Promise<Order> {
  const cancelledShop = await withRetries(deps.db, async (tx) => {
    // The row lock makes two cancels take turns between connections; PGlite, which judges the mutants, has one
    // connection, and the concurrent-cancel tests on PostgreSQL pin the lock.
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: see above
    const [row] = await findOrders(tx, { userId, number }, { forUpdate: true });
    if (!row) throw new AppError('not_found', ORDER_NOT_FOUND);
    if (row.status === 'cancelled') return null;
    if (!isCancellableByCustomer(row.status)) {
      throw new AppError('conflict', 'Заказ уже собирают — отменить его нельзя. Позвоните в магазин');
    }
    await cancelLocked(deps, tx, row);
    return row.storeId;
  });
  if (cancelledShop !== null) {
    await deps.notifications.announceOrders([
      { userId, number, status: 'cancelled', storeId: cancelledShop },
    ]);
  }
  return getOrder(deps, userId, number);
}
