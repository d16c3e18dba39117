/**
 * What an order costs, in kopecks: one rule for the basket summary, checkout, the order page and the server
 * that places and presents orders (issue 11), so that 'Товары − Скидка + Доставка = Итого' always adds up.
 *
 * - items: the lines at their full price (before the discount, SPEC §9's price helper);
 * - savings: what the discounts take off that;
 * - goods: what the goods cost the customer (items − savings) — the sum a shop's minimum order and its free
 *   delivery threshold are measured against;
 * - fee: the delivery fee (free from the shop's threshold; pickup is always free);
 * - total: goods + fee.
 */
import type { Fulfilment } from './orders';
import { formatRoubles, KOPECKS_PER_ROUBLE, priceBeforeDiscountRoubles } from './price';
import { linePriceKopecks } from './sold-by-weight';

/**
 * A line as it is charged: the unit price paid (kopecks), its discount (percent) and how many. A weighed
 * line (`isByWeight`, ADR 054) has its price per kilogram and its quantity in grams.
 */
export type PricedLine = { price: number; discount: number; quantity: number; isByWeight?: boolean };

/** A shop's delivery terms: its fee, and the goods sum from which delivery is free (null: never). */
export type DeliveryTerms = { fee: number; freeFrom: number | null };

export type OrderTotals = { items: number; savings: number; goods: number; fee: number; total: number };

export const ZERO_TOTALS: OrderTotals = { items: 0, savings: 0, goods: 0, fee: 0, total: 0 };

/** The unit price before the discount, in kopecks (the crossed-out price of a card); the price itself without one. */
export function fullPriceKopecks(price: number, discount: number): number {
  if (discount <= 0 || discount >= 100) return price;
  return priceBeforeDiscountRoubles(price, discount) * KOPECKS_PER_ROUBLE;
}

/** The API's store shape (`delivery_fee`, `free_delivery_from`) as delivery terms. */
export function deliveryTermsOf(store: {
  delivery_fee: number;
  free_delivery_from: number | null;
}): DeliveryTerms {
  return { fee: store.delivery_fee, freeFrom: store.free_delivery_from };
}

/** Delivery is free from the shop's threshold; pickup is always free. */
export function deliveryFeeFor(goods: number, terms: DeliveryTerms, fulfilment: Fulfilment): number {
  if (fulfilment === 'pickup') return 0;
  return terms.freeFrom !== null && goods >= terms.freeFrom ? 0 : terms.fee;
}

/** Items, savings and goods of some lines, with a delivery fee already known (a placed order's). */
export function totalsWithFee(lines: readonly PricedLine[], fee: number): OrderTotals {
  let items = 0;
  let goods = 0;
  for (const line of lines) {
    const isByWeight = line.isByWeight === true;
    items += linePriceKopecks(fullPriceKopecks(line.price, line.discount), line.quantity, isByWeight);
    goods += linePriceKopecks(line.price, line.quantity, isByWeight);
  }
  return { items, savings: items - goods, goods, fee, total: goods + fee };
}

/** What one point's order costs, the fee from the shop's terms and the way it is fulfilled. */
export function orderTotals(
  lines: readonly PricedLine[],
  terms: DeliveryTerms,
  fulfilment: Fulfilment,
): OrderTotals {
  const withoutFee = totalsWithFee(lines, 0);
  return totalsWithFee(lines, deliveryFeeFor(withoutFee.goods, terms, fulfilment));
}

/** Several orders placed together (the basket's and checkout's 'К оплате'). */
export function sumTotals(all: readonly OrderTotals[]): OrderTotals {
  return all.reduce(
    (sum, one) => ({
      items: sum.items + one.items,
      savings: sum.savings + one.savings,
      goods: sum.goods + one.goods,
      fee: sum.fee + one.fee,
      total: sum.total + one.total,
    }),
    ZERO_TOTALS,
  );
}

/** How much more the goods must cost to reach the shop's minimum order ('Добавьте товаров ещё на …'); 0 when reached. */
export function missingForMinimum(goods: number, minOrder: number): number {
  return Math.max(0, minOrder - goods);
}

/** How much more makes delivery free; 0 when it already is, for pickup, or when the shop never waives the fee. */
export function missingForFreeDelivery(goods: number, terms: DeliveryTerms, fulfilment: Fulfilment): number {
  if (fulfilment === 'pickup' || terms.freeFrom === null || terms.fee === 0) return 0;
  return Math.max(0, terms.freeFrom - goods);
}

/** What a basket group's goods cost, and its shop's minimum order (kopecks). */
export type MinimumCheck = { goods: number; minOrder: number };

/**
 * Which basket groups can be ordered now (issue 21): each shop's minimum order is its own, so a group below
 * it waits in the basket, saying how much it misses, while the other shops' groups go to checkout.
 */
export function splitByMinimum<T>(
  groups: readonly T[],
  measure: (group: T) => MinimumCheck,
): { ready: T[]; waiting: { group: T; missing: number }[] } {
  const ready: T[] = [];
  const waiting: { group: T; missing: number }[] = [];
  for (const group of groups) {
    const { goods, minOrder } = measure(group);
    const missing = missingForMinimum(goods, minOrder);
    if (missing > 0) waiting.push({ group, missing });
    else ready.push(group);
  }
  return { ready, waiting };
}

/** What a group below its shop's minimum order says, and what the server answers when it is placed anyway. */
export function minimumOrderText(missing: number): string {
  return `Добавьте товаров ещё на ${formatRoubles(missing)}`;
}
