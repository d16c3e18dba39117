/**
 * The payments module's public surface (issue 25, docs/decisions/046): online payment through YooKassa (the
 * checkout's payment, the webhook, the order page's state, the unpaid-order and refund job), saved cards, and
 * the discount card with its bonus ledger. Each use case lives in its own file (ADR 026, 041).
 */
import type { Order } from '@core/contracts/orders';
import type { DiscountCard, PromoCodeCreate, PromoCodeView, SavedCard } from '@core/contracts/payments';
import type { BonusPercents } from '@core/rules/discount-card';
import type { OrderStatus } from '@core/rules/orders';
import type { Executor } from '../../db/client';
import {
  applyCheckoutDiscounts,
  type CheckoutDiscount,
  type CheckoutOrder,
  checkoutBonus,
  type PromoPreview,
  previewPromoCode,
} from './checkout-discounts';
import {
  findCardNumber,
  getDiscountCard,
  issueCardNumber,
  type OrderStatusChange,
  onOrderStatus,
} from './discount-card';
import { getOrderPayment, type OrderPaymentView } from './order-payment';
import { expireUnpaid, refundCancelled, refundDifference, sendRefunds } from './payment-jobs';
import { nowOf, type PaymentsDeps } from './payments.deps';
import {
  bonusBalance,
  releasePromoUse,
  shopBonusPercents,
  upsertShopBonusPercents,
} from './payments.repository';
import { createPromoCode, listPromoCodeViews } from './promo-codes';
import { listSavedCards, removeSavedCard, savedCardProviderId } from './saved-cards';
import { type StartPayment, startPayment } from './start-payment';
import { handleWebhook, type SyncResult } from './sync-payment';

export type { PromoPreview } from './checkout-discounts';
export type { OrderPaymentView } from './order-payment';
export { MAX_SAVED_CARDS, ONLINE_PAYMENT_OFF, type OnlinePayments, type PaymentsDeps } from './payments.deps';

export function createPaymentsService(deps: PaymentsDeps) {
  return {
    /** Whether the checkout offers online payment (YooKassa is configured). */
    isOnlineEnabled: (): boolean => deps.online !== null,
    /** Whether a webhook's sender is one of YooKassa's addresses. */
    isWebhookAddress: (ip: string): boolean => deps.online?.isWebhookAddress(ip) ?? false,
    /** The checkout: the order's YooKassa payment; answers the confirmation page to send the customer to. */
    startPayment: (userId: string, order: Order, options: StartPayment) =>
      startPayment(deps, userId, order, options),
    /** POST /api/payments/yookassa. */
    handleWebhook: (ip: string, body: unknown): Promise<SyncResult | 'ignored'> =>
      handleWebhook(deps, ip, body),
    /** The order page: the payment's state (read again from the provider while pending). */
    getOrderPayment: (userId: string, orderId: string): Promise<OrderPaymentView | null> =>
      getOrderPayment(deps, userId, orderId),
    /** The scheduled job: unpaid orders cancelled after the window, refunds sent. */
    runJobs: async (): Promise<{ cancelled: number; refunds: number }> => ({
      cancelled: await expireUnpaid(deps),
      refunds: await sendRefunds(deps),
    }),
    listSavedCards: (userId: string): Promise<SavedCard[]> => listSavedCards(deps, userId),
    removeSavedCard: (userId: string, cardId: string): Promise<void> => removeSavedCard(deps, userId, cardId),
    savedCardProviderId: (userId: string, cardId: string): Promise<string> =>
      savedCardProviderId(deps, userId, cardId),
    /** /lk?active=discount: the card (issued on the first visit), its balance and history. */
    getDiscountCard: (userId: string): Promise<DiscountCard> => getDiscountCard(deps, userId),
    /** The card's number, if issued (nothing is issued by asking). */
    findCardNumber: (userId: string): Promise<string | null> => findCardNumber(deps, userId),
    /** The cabinet dropdown: the card's number, issued now if the customer has none yet. */
    cardNumber: (userId: string): Promise<string> => issueCardNumber(deps, userId),
    /** The orders module's status hook: the bonus ledger follows done and cancelled orders, refunds too. */
    onOrderStatus: async (tx: Executor, order: OrderStatusChange, status: OrderStatus): Promise<void> => {
      await onOrderStatus(deps, tx, order, status);
      // Out of assembly with its final total: what was paid beyond it goes back (ADR 055).
      if ((status === 'ready' || status === 'on_the_way') && order.totalKopecks !== undefined) {
        await refundDifference(deps, tx, order.id, order.totalKopecks);
      }
      if (status !== 'cancelled') return;
      await releasePromoUse(tx, order.id, nowOf(deps));
      await refundCancelled(deps, tx, order.id);
    },
    /** The orders module's checkout hook: a promo code and bonus points off the new orders. */
    applyCheckoutDiscounts: (
      tx: Executor,
      userId: string,
      orders: readonly CheckoutOrder[],
      request: { bonusKopecks: number; promo: string | null },
    ): Promise<CheckoutDiscount[]> => applyCheckoutDiscounts(deps, tx, userId, orders, request),
    /** `npm run promo:create`. */
    createPromoCode: (input: PromoCodeCreate): Promise<PromoCodeView> => createPromoCode(deps, input),
    /** The operator console's list of promo codes. */
    listPromoCodes: (): Promise<PromoCodeView[]> => listPromoCodeViews(deps),
    /** A shop's own bonus percentages (the defaults otherwise). */
    setShopBonusPercents: (storeId: string, percents: BonusPercents): Promise<void> =>
      upsertShopBonusPercents(deps.db, storeId, percents),
    /** `npm run shop:bonus`: each shop's percentages, in the order asked (the defaults where it has none). */
    shopBonusPercents: (storeIds: readonly string[]): Promise<BonusPercents[]> =>
      shopBonusPercents(deps.db, storeIds),
    /** The checkout page's 'Применить': what a promo code would take off (nothing is taken). */
    previewPromoCode: (
      userId: string,
      orders: readonly { storeId: string; goods: number }[],
      code: string,
    ): Promise<PromoPreview> => previewPromoCode(deps, userId, orders, code),
    /** The checkout page: the balance of points and each shop's share they may pay. */
    checkoutBonus: (userId: string, storeIds: readonly string[]) => checkoutBonus(deps, userId, storeIds),
    /** The checkout page: the customer's balance of points (kopecks). */
    bonusBalance: (userId: string): Promise<number> => bonusBalance(deps.db, userId),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
