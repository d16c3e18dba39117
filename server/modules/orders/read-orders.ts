/** Reading orders: the customer's list, one order, the active count (the header's 'Заказы' badge). */
import type { Order } from '@core/contracts/orders';
import { AppError } from '../../errors';
import type { OrdersDeps } from './orders.deps';
import { type OrderPoint, presentOrder, substitutionsOf } from './orders.presenter';
import {
  countActiveOrders,
  findOrderEvents,
  findOrderItems,
  findOrders,
  type OrderRow,
} from './orders.repository';
import { findSubstitutions } from './substitutions.repository';

export const ORDER_NOT_FOUND = 'Заказ не найден';

type ReadDeps = Pick<OrdersDeps, 'db' | 'catalog'>;

/**
 * Order rows with their items, events and points, as the API shows them. Outside any transaction: the
 * points come from the catalogue's service on its own connection.
 */
export async function presentOrders(deps: ReadDeps, rows: readonly OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [items, events, substitutions, points] = await Promise.all([
    findOrderItems(deps.db, ids),
    findOrderEvents(deps.db, ids),
    findSubstitutions(deps.db, ids),
    deps.catalog.listPoints([...new Set(rows.map((row) => row.pointId))]),
  ]);
  const pointsById = new Map<string, OrderPoint>(points.map((point) => [point._id, point]));
  return rows.map((row) => {
    const point = pointsById.get(row.pointId);
    if (!point) throw new Error(`order ${row.number}: its point ${row.pointId} is gone`);
    return presentOrder(row, items, events, point, substitutionsOf(substitutions, row.id));
  });
}

export async function listOrders(deps: ReadDeps, userId: string): Promise<Order[]> {
  return presentOrders(deps, await findOrders(deps.db, { userId }));
}

export async function getOrder(deps: ReadDeps, userId: string, number: number): Promise<Order> {
  const [order] = await presentOrders(deps, await findOrders(deps.db, { userId, number }));
  if (!order) throw new AppError('not_found', ORDER_NOT_FOUND);
  return order;
}

/** The orders placed by one checkout, in the order it named the points. */
export async function getPlacedOrders(deps: ReadDeps, ids: readonly string[]): Promise<Order[]> {
  const placed = await presentOrders(deps, await findOrders(deps.db, { ids }));
  return ids.flatMap((id) => placed.filter((order) => order._id === id));
}

/** The customer's orders that are not done or cancelled (the header's 'Заказы' badge). */
export const countActive = (deps: Pick<OrdersDeps, 'db'>, userId: string): Promise<number> =>
  countActiveOrders(deps.db, userId);
