/**
 * The orders module's public surface: what its routes, the app's page actions and the operator CLI call.
 * Each use case lives in its own file and takes the module's dependencies first (ADR 026).
 */
import type { Basket } from '@core/contracts/basket';
import type { Order, PlaceOrders, ReplacementAnswer, SlotView } from '@core/contracts/orders';
import type {
  Assembly,
  BoardOrder,
  CustomerOrderLink,
  MovedOrder,
  SubstitutedOrder,
  SubstituteLine,
  WeighedOrder,
  WeighLine,
} from '@core/contracts/support';
import type { OrderStatus } from '@core/rules/orders';
import type { Executor } from '../../db/client';
import { cancelOrder } from './cancel-order';
import { moveOrder } from './change-status';
import { placeOrdersOnce, purgeExpiredKeys, type StoredResponse } from './idempotency';
import {
  hasCompletedOrder,
  hasCustomerOrder,
  listBoard,
  listCustomerStores,
  listOrderLinks,
  listStoreCustomers,
} from './operator-board';
import type { OrdersDeps } from './orders.deps';
import { applyPayment, type PaymentOutcome } from './payment-status';
import { countActive, getOrder, listOrders } from './read-orders';
import { repeatOrder } from './repeat-order';
import { answerReplacement, settleExpiredOffers } from './settle-replacements';
import { listSlots } from './slots';
import { getAssembly, substituteLine } from './substitute-line';
import { weighLine } from './weigh-line';

export { CHECKOUT_IN_PROGRESS, type StoredResponse } from './idempotency';
export type { OrdersDeps } from './orders.deps';
export { ORDER_NOT_FOUND } from './read-orders';

export function createOrdersService(deps: OrdersDeps) {
  return {
    /** POST /api/orders: the checkout under its Idempotency-Key (placed once, answered again after). */
    placeOrders: (userId: string, key: string, input: PlaceOrders): Promise<StoredResponse> =>
      placeOrdersOnce(deps, userId, key, input),
    /** Housekeeping: old and abandoned idempotency keys. */
    purgeExpiredKeys: (): Promise<void> => purgeExpiredKeys(deps),
    listOrders: (userId: string): Promise<Order[]> => listOrders(deps, userId),
    /** The customer's orders that are not done or cancelled (the header's 'Заказы' badge). */
    countActiveOrders: (userId: string): Promise<number> => countActive(deps, userId),
    getOrder: (userId: string, number: number): Promise<Order> => getOrder(deps, userId, number),
    cancelOrder: (userId: string, number: number): Promise<Order> => cancelOrder(deps, userId, number),
    repeatOrder: (userId: string, number: number): Promise<Basket> => repeatOrder(deps, userId, number),
    /** The payments module, in its transaction: an order waiting for its payment is paid, or cancelled unpaid. */
    applyPayment: (tx: Executor, orderId: string, outcome: PaymentOutcome) =>
      applyPayment(deps, tx, orderId, outcome),
    /** GET /api/points/{id}/slots. */
    listSlots: (pointId: string): Promise<SlotView[]> => listSlots(deps, pointId),
    /**
     * The operator's move (the /operator board, npm run order:status); `scope`: the operator's shops. Answers
     * the number and the new status only.
     */
    moveOrder: (
      number: number,
      to: OrderStatus,
      scope?: { storeIds: readonly string[] | null },
    ): Promise<MovedOrder> => moveOrder(deps, number, to, scope),
    /** The picker's weight of a weighed line (ADR 054); `scope`: the operator's shops. */
    weighLine: (
      number: number,
      input: WeighLine,
      scope?: { storeIds: readonly string[] | null },
    ): Promise<WeighedOrder> => weighLine(deps, number, input, scope),
    /** The picker's substitution of a line (ADR 055): missing, or a replacement offered; `scope` as above. */
    substituteLine: (
      number: number,
      input: SubstituteLine,
      scope?: { storeIds: readonly string[] | null },
    ): Promise<SubstitutedOrder> => substituteLine(deps, number, input, scope),
    /** An order's lines as the picker assembles them, with similar products for a missing one (ADR 055). */
    getAssembly: (number: number, scope: { storeIds: readonly string[] | null }): Promise<Assembly> =>
      getAssembly(deps, number, scope),
    /** The customer accepts or rejects a replacement offered at assembly (ADR 055). */
    answerReplacement: (
      userId: string,
      number: number,
      productId: string,
      answer: ReplacementAnswer,
      ip: string,
    ): Promise<Order> => answerReplacement(deps, userId, number, productId, answer, ip),
    /** Housekeeping: replacements unanswered in time are settled by each line's choice (ADR 055). */
    settleExpiredOffers: (): Promise<number> => settleExpiredOffers(deps),
    /** The operator console's board: active orders of these shops (null: every shop). */
    listBoard: (storeIds: readonly string[] | null): Promise<BoardOrder[]> => listBoard(deps, storeIds),
    /** A customer's orders as an operator's quick links (numbers, statuses, shops): of these shops (null: all). */
    listOrderLinks: (userId: string, storeIds: readonly string[] | null): Promise<CustomerOrderLink[]> =>
      listOrderLinks(deps, userId, storeIds),
    /** Whether the customer has this order of these shops (null: any shop): an operator's reply may name it. */
    hasCustomerOrder: (
      userId: string,
      number: number,
      storeIds: readonly string[] | null,
    ): Promise<boolean> => hasCustomerOrder(deps, userId, number, storeIds),
    /** A review's verified purchase: a done order of the shop (with the product, when named). */
    hasCompletedOrder: (userId: string, storeId: string, productId?: string): Promise<boolean> =>
      hasCompletedOrder(deps, userId, storeId, productId),
    /** The shops a customer has ordered from (whose operators see the customer's support conversation). */
    listCustomerStores: (userId: string): Promise<string[]> => listCustomerStores(deps, userId),
    /** The customers who have ordered from any of these shops (an operator's conversations). */
    listStoreCustomers: (storeIds: readonly string[]): Promise<string[]> =>
      listStoreCustomers(deps, storeIds),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
