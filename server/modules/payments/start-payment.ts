/**
 * Paying an order online (issue 25): a YooKassa payment for the order's total with its 54-ФЗ receipt, under
 * an Idempotence-Key derived from the order, so a retried checkout or a second press never pays twice. Our
 * row is written first; the provider's id and confirmation URL are added when it answers.
 */
import type { Order } from '@core/contracts/orders';
import {
  buildReceipt,
  discountReceiptLines,
  isVatCode,
  kopecksToValue,
  paymentDescription,
  receiptTotal,
} from '@core/rules/payments';
import { AppError } from '../../errors';
import {
  nowOf,
  ONLINE_PAYMENT_OFF,
  type OnlinePayments,
  PAYMENT_FAILED,
  type PaymentsDeps,
} from './payments.deps';
import { findPaymentByKey, insertPayment, updatePayment } from './payments.repository';
import { GatewayError } from './yookassa';

export type StartPayment = {
  method: 'online' | 'sbp';
  /** Where the customer comes back to (the order's page). */
  returnUrl: string;
  /** The customer agreed that the card is saved. */
  saveCard?: boolean;
  /** A saved card's provider id (one tap, no confirmation page). */
  savedMethodId?: string | null;
  email?: string | null;
};

/** The key YooKassa keeps the payment under: one payment per order. */
export const paymentKeyOf = (orderId: string): string => `order-${orderId}`;

function onlineOf(deps: Pick<PaymentsDeps, 'online'>): OnlinePayments {
  if (!deps.online) throw new AppError('bad_request', ONLINE_PAYMENT_OFF);
  return deps.online;
}

/**
 * Creates (or finds again) the order's payment; answers where to send the customer: the confirmation page,
 * or null when nothing is left to confirm (a saved card's payment, or one already paid).
 */
export async function startPayment(
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'online' | 'log'>,
  userId: string,
  order: Order,
  options: StartPayment,
): Promise<{ confirmationUrl: string | null }> {
  const online = onlineOf(deps);
  if (order.status !== 'awaiting_payment') return { confirmationUrl: null };
  const key = paymentKeyOf(order._id);
  const existing = await findPaymentByKey(deps.db, key);
  if (existing?.providerId) {
    return { confirmationUrl: existing.status === 'pending' ? existing.confirmationUrl : null };
  }
  const receipt = buildReceipt({
    phone: order.phone,
    email: options.email ?? null,
    // Each line with its product's VAT code; a promo code and points spread over the lines to the kopeck.
    lines: discountReceiptLines(
      order.items.map((item) => ({
        name: item.name,
        quantity: item.quantity,
        priceKopecks: item.price,
        vatCode: item.vat_code !== null && isVatCode(item.vat_code) ? item.vat_code : online.vatCode,
      })),
      order.promo_discount + order.bonus_spent,
    ),
    deliveryFeeKopecks: order.delivery_fee,
    deliveryVatCode: online.deliveryVatCode,
  });
  // The receipt must add up to the amount to the kopeck, or the provider refuses it.
  if (receiptTotal(receipt) !== order.total)
    throw new Error(`receipt of order ${order.number} does not add up`);
  const row =
    existing ??
    (await insertPayment(deps.db, {
      orderId: order._id,
      userId,
      idempotenceKey: key,
      method: options.savedMethodId ? 'saved' : options.method === 'sbp' ? 'sbp' : 'bank_card',
      amountKopecks: order.total,
      saveMethod: options.method === 'online' && Boolean(options.saveCard) && !options.savedMethodId,
      createdAt: nowOf(deps),
      updatedAt: nowOf(deps),
    }));
  try {
    const payment = await online.gateway.createPayment(
      {
        amount: { value: kopecksToValue(order.total), currency: 'RUB' },
        capture: true,
        description: paymentDescription(order.number),
        metadata: { order: String(order.number), order_id: order._id },
        receipt,
        ...(options.savedMethodId
          ? { payment_method_id: options.savedMethodId }
          : {
              confirmation: { type: 'redirect' as const, return_url: options.returnUrl },
              payment_method_data: {
                type: options.method === 'sbp' ? ('sbp' as const) : ('bank_card' as const),
              },
              ...(row.saveMethod ? { save_payment_method: true } : {}),
            }),
      },
      key,
    );
    const confirmationUrl = payment.confirmation?.confirmation_url ?? null;
    await updatePayment(deps.db, row.id, {
      providerId: payment.id,
      confirmationUrl,
      updatedAt: nowOf(deps),
    });
    return { confirmationUrl: payment.status === 'pending' ? confirmationUrl : null };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    deps.log?.warn({ err: error, order: order.number }, 'YooKassa refused or failed to create a payment');
    throw new AppError('unavailable', PAYMENT_FAILED);
  }
}
