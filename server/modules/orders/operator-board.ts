/** The operator console's view of orders (issue 15): the board of active orders, a customer's quick links. */
import type { BoardOrder, CustomerOrderLink } from '@core/contracts/support';
import { canMove, ORDER_STATUSES } from '@core/rules/orders';
import type { OrdersDeps } from './orders.deps';
import {
  findCustomerStoreIds,
  findOrderItems,
  findOrders,
  findStoreCustomerIds,
  hasDoneOrder,
  type OrderItemRow,
} from './orders.repository';

/** An order's lines sold by weight, for the picker to weigh (ADR 054); nothing for an order of pieces. */
function weighedLinesOf(items: readonly OrderItemRow[]): Pick<BoardOrder, 'weighed'> {
  const weighed = items
    .filter((item) => item.soldBy === 'weight')
    .map((item) => ({
      product: item.productId,
      name: item.name,
      ordered: item.quantity,
      actual: item.actualGrams,
    }));
  return weighed.length > 0 ? { weighed } : {};
}

/** Most orders the board (and a customer's quick links) show. */
const BOARD_LIMIT = 200;

/** Active orders of the given shops (every shop: null), oldest first, with the moves each may make next. */
export async function listBoard(
  deps: Pick<OrdersDeps, 'db' | 'catalog'>,
  storeIds: readonly string[] | null,
): Promise<BoardOrder[]> {
  const rows = (
    await findOrders(deps.db, { isActive: true, ...(storeIds ? { storeIds } : {}) }, { limit: BOARD_LIMIT })
  ).reverse();
  const [items, points] = await Promise.all([
    findOrderItems(
      deps.db,
      rows.map((row) => row.id),
    ),
    deps.catalog.listPoints([...new Set(rows.map((row) => row.pointId))]),
  ]);
  const pointsById = new Map(points.map((point) => [point._id, point]));
  return rows.map((row) => {
    const point = pointsById.get(row.pointId);
    return {
      number: row.number,
      status: row.status,
      fulfilment: row.fulfilment,
      store: { _id: row.storeId, name: point?.store.name ?? '' },
      point: point?.name ?? '',
      total: row.totalKopecks,
      // Pieces; a weighed line counts as one.
      items: items
        .filter((item) => item.orderId === row.id)
        .reduce((sum, item) => sum + (item.soldBy === 'weight' ? 1 : item.quantity), 0),
      slot:
        row.slotStart && row.slotEnd
          ? { start: row.slotStart.toISOString(), end: row.slotEnd.toISOString() }
          : null,
      created_at: row.createdAt.toISOString(),
      next: ORDER_STATUSES.filter((to) => canMove(row.status, to, row.fulfilment)),
      ...weighedLinesOf(items.filter((item) => item.orderId === row.id)),
    };
  });
}

/**
 * A customer's orders as an operator's quick links: number, status and shop, nothing else of theirs; only
 * the orders of the operator's shops (every shop: null).
 */
export async function listOrderLinks(
  deps: Pick<OrdersDeps, 'db' | 'catalog'>,
  userId: string,
  storeIds: readonly string[] | null,
): Promise<CustomerOrderLink[]> {
  const rows = await findOrders(
    deps.db,
    { userId, ...(storeIds ? { storeIds } : {}) },
    { limit: BOARD_LIMIT },
  );
  const points = await deps.catalog.listPoints([...new Set(rows.map((row) => row.pointId))]);
  const storeOf = new Map(points.map((point) => [point._id, point.store.name]));
  return rows.map((row) => ({
    number: row.number,
    status: row.status,
    store: storeOf.get(row.pointId) ?? '',
    created_at: row.createdAt.toISOString(),
  }));
}

/**
 * Whether the customer has the order of this number, of these shops (every shop: null): what an operator
 * may attach to a reply in the customer's conversation.
 */
export async function hasCustomerOrder(
  deps: Pick<OrdersDeps, 'db'>,
  userId: string,
  number: number,
  storeIds: readonly string[] | null,
): Promise<boolean> {
  const rows = await findOrders(deps.db, { userId, number, ...(storeIds ? { storeIds } : {}) }, { limit: 1 });
  return rows.length > 0;
}

/** The shops a customer has ordered from: their operators see the customer's support conversation. */
export function listCustomerStores(deps: Pick<OrdersDeps, 'db'>, userId: string): Promise<string[]> {
  return findCustomerStoreIds(deps.db, userId);
}

/** The customers who have ordered from any of these shops: the conversations their operators see. */
export function listStoreCustomers(
  deps: Pick<OrdersDeps, 'db'>,
  storeIds: readonly string[],
): Promise<string[]> {
  return findStoreCustomerIds(deps.db, storeIds);
}

/** Whether the customer has a done order of this shop (with this product, when named): a verified purchase. */
export function hasCompletedOrder(
  deps: Pick<OrdersDeps, 'db'>,
  userId: string,
  storeId: string,
  productId?: string,
): Promise<boolean> {
  return hasDoneOrder(deps.db, userId, storeId, productId);
}
