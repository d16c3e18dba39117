/** What every status an order reaches leaves behind: its event in the order's history and a notification. */
import { type Fulfilment, type OrderStatus, statusMessage } from '@core/rules/orders';
import type { Executor } from '../../db/client';
import { nowOf, type OrdersDeps } from './orders.deps';
import { insertOrderEvent } from './orders.repository';

export type OrderRef = {
  id: string;
  number: number;
  userId: string;
  fulfilment: Fulfilment;
  itemsKopecks?: number;
  /** Known for the operator's moves and cancellations (the rows): the shop and the checkout's discounts. */
  storeId?: string;
  promoKopecks?: number;
  bonusKopecks?: number;
  /** The total now (the operator's moves: a paid-online order refunds what it came out cheaper, ADR 055). */
  totalKopecks?: number;
};

/** Records that `order` reached `status`, inside the transaction that changed it: both or neither. */
export async function recordStatus(
  deps: Pick<OrdersDeps, 'clock' | 'notifications' | 'onStatus'>,
  tx: Executor,
  order: OrderRef,
  status: OrderStatus,
): Promise<void> {
  const at = nowOf(deps);
  await insertOrderEvent(tx, { orderId: order.id, status, at });
  await notifyStatus(deps, tx, order, status, at);
}

/**
 * What a status leaves besides its event: the customer's notification and the `onStatus` hook. A checkout
 * stores the first event with the order itself (insertPlacedOrder) and calls this for the rest.
 */
export async function notifyStatus(
  deps: Pick<OrdersDeps, 'notifications' | 'onStatus'>,
  tx: Executor,
  order: OrderRef,
  status: OrderStatus,
  at: Date,
): Promise<void> {
  await deps.notifications.add(tx, {
    userId: order.userId,
    type: 'link_message',
    title: `Заказ №${order.number}`,
    content: statusMessage(order.number, status, order.fulfilment),
    link: `/order/${order.number}`,
    createdAt: at,
  });
  await deps.onStatus?.(tx, order, status);
}
