/**
 * Online payment rules (issue 25, docs/decisions/046): YooKassa's statuses, amounts in its 'rubles.kopecks'
 * strings from our kopecks, the 54-ФЗ receipt of an order, and how long an unpaid order keeps its stock.
 */

/** YooKassa's payment statuses; 'pending' until the customer confirms, then one of the final ones. */
export const ONLINE_PAYMENT_STATUSES = ['pending', 'waiting_for_capture', 'succeeded', 'canceled'] as const;
export type OnlinePaymentStatus = (typeof ONLINE_PAYMENT_STATUSES)[number];

export const REFUND_STATUSES = ['pending', 'succeeded', 'canceled'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const ONLINE_PAYMENT_STATUS_LABELS: Record<OnlinePaymentStatus, string> = {
  pending: 'Ожидает оплаты',
  waiting_for_capture: 'Оплата подтверждается',
  succeeded: 'Оплачен',
  canceled: 'Оплата не прошла',
};

/** An order paid online keeps its stock this long; unpaid, it is cancelled and the stock returns. */
export const PAYMENT_WINDOW_MIN = 15;

/** A status only moves forward: pending → waiting_for_capture → succeeded | canceled. */
export function isPaymentStatusForward(from: OnlinePaymentStatus, to: OnlinePaymentStatus): boolean {
  if (from === to) return false;
  if (from === 'succeeded' || from === 'canceled') return false;
  if (from === 'waiting_for_capture') return to === 'succeeded' || to === 'canceled';
  return true;
}

/** 12345 kopecks → '123.45' (YooKassa's amount.value); never a float on the way. */
export function kopecksToValue(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks) || kopecks < 0) throw new RangeError(`Bad amount: ${kopecks}`);
  return `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`;
}

/** '123.45' → 12345; null for anything that is not a non-negative amount with at most two decimals. */
export function valueToKopecks(value: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * VAT codes of 54-ФЗ receipts as YooKassa numbers them: 1 without VAT, 2 at 0%, 3 at 10%, 4 at 20%, 5 at
 * 10/110, 6 at 20/120 (and 7–10 for 5% and 7% since 2025). Groceries are mostly 10%, the rest 20%.
 */
export const VAT_CODES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export type VatCode = (typeof VAT_CODES)[number];
export const DEFAULT_VAT_CODE: VatCode = 4;
export const DEFAULT_DELIVERY_VAT_CODE: VatCode = 4;

export type ReceiptLine = { name: string; quantity: number; priceKopecks: number; vatCode: VatCode };

export function isVatCode(value: number): value is VatCode {
  return (VAT_CODES as readonly number[]).includes(value);
}

/**
 * The receipt's lines after a discount off the whole order (a promo code, bonus points): spread over the lines
 * by their sums (largest remainders, so to the kopeck), each line's unit price then whole kopecks — a line
 * whose new sum does not divide by its quantity is split in two, one kopeck apart. The lines then add up to
 * their old sum minus the discount exactly.
 */
export function discountReceiptLines(lines: readonly ReceiptLine[], discountKopecks: number): ReceiptLine[] {
  const sums = lines.map((line) => line.priceKopecks * line.quantity);
  const goods = sums.reduce((total, sum) => total + sum, 0);
  const discount = Math.min(Math.max(0, discountKopecks), goods);
  // Stryker disable next-line ConditionalExpression: an empty receipt has no goods to divide by
  if (goods === 0) return [];
  const exact = sums.map((sum) => (discount * sum) / goods);
  const shares = exact.map(Math.floor);
  let left = discount - shares.reduce((total, share) => total + share, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder); // stable: tied lines keep their order
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return lines.flatMap((line, index) => {
    const sum = (sums[index] ?? 0) - (shares[index] ?? 0);
    const unit = Math.floor(sum / line.quantity);
    const dearer = sum - unit * line.quantity;
    // `dearer` is below the quantity, so the first part always has units.
    const parts: ReceiptLine[] = [{ ...line, quantity: line.quantity - dearer, priceKopecks: unit }];
    if (dearer > 0) parts.push({ ...line, quantity: dearer, priceKopecks: unit + 1 });
    return parts;
  });
}

export type Receipt = {
  customer: { phone?: string; email?: string };
  items: {
    description: string;
    quantity: string;
    amount: { value: string; currency: 'RUB' };
    vat_code: VatCode;
    payment_subject: 'commodity' | 'service';
    payment_mode: 'full_prepayment';
  }[];
};

/** YooKassa's description and item names are at most 128 characters. */
const clip = (text: string): string => (text.length > 128 ? `${text.slice(0, 127)}…` : text);

/**
 * The receipt of an order (54-ФЗ): each line at the price per unit actually paid (after the product's
 * discount), the delivery fee as a service line. The items' sum equals the payment's amount exactly.
 */
export function buildReceipt(input: {
  phone: string | null;
  email: string | null;
  lines: readonly ReceiptLine[];
  deliveryFeeKopecks: number;
  deliveryVatCode?: VatCode;
}): Receipt {
  const customer = input.email ? { email: input.email } : { phone: (input.phone ?? '').replace(/^\+/, '') };
  const items: Receipt['items'] = input.lines.map((line) => ({
    description: clip(line.name),
    quantity: String(line.quantity),
    amount: { value: kopecksToValue(line.priceKopecks), currency: 'RUB' },
    vat_code: line.vatCode,
    payment_subject: 'commodity',
    payment_mode: 'full_prepayment',
  }));
  if (input.deliveryFeeKopecks > 0) {
    items.push({
      description: 'Доставка',
      quantity: '1',
      amount: { value: kopecksToValue(input.deliveryFeeKopecks), currency: 'RUB' },
      vat_code: input.deliveryVatCode ?? DEFAULT_DELIVERY_VAT_CODE,
      payment_subject: 'service',
      payment_mode: 'full_prepayment',
    });
  }
  return { customer, items };
}

/** The sum of a receipt's items in kopecks (each amount is per unit). */
export function receiptTotal(receipt: Receipt): number {
  return receipt.items.reduce(
    (total, item) => total + (valueToKopecks(item.amount.value) ?? 0) * Number(item.quantity),
    0,
  );
}

export const paymentDescription = (orderNumber: number): string => `Заказ №${orderNumber} в «Фреш»`;
