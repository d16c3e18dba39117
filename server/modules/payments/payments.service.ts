/**
 * The payments module's public surface (issue 25, docs/decisions/046): the discount card and its bonus
 * ledger. Each use case lives in its own file (ADR 026, 041).
 */
import type { DiscountCard } from '@core/contracts/payments';
import type { OrderStatus } from '@core/rules/orders';
import type { Executor } from '../../db/client';
import { findCardNumber, getDiscountCard, type OrderStatusChange, onOrderStatus } from './discount-card';
import type { PaymentsDeps } from './payments.deps';

export type { PaymentsDeps } from './payments.deps';

export function createPaymentsService(deps: PaymentsDeps) {
  return {
    /** /lk?active=discount: the card (issued on the first visit), its balance and history. */
    getDiscountCard: (userId: string): Promise<DiscountCard> => getDiscountCard(deps, userId),
    /** The cabinet dropdown: the card's number, if issued. */
    findCardNumber: (userId: string): Promise<string | null> => findCardNumber(deps, userId),
    /** The orders module's status hook: the bonus ledger follows done and cancelled orders. */
    onOrderStatus: (tx: Executor, order: OrderStatusChange, status: OrderStatus): Promise<void> =>
      onOrderStatus(deps, tx, order, status),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
