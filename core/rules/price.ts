import { formatNumber } from './number-format';

/** Money is kept in kopecks; the UI shows roubles. */
export const KOPECKS_PER_ROUBLE = 100;

/**
 * SPEC §9 price helper: the price before a discount, `ceil(value / (100 - percent) * 100)`, in whole roubles.
 * Computed on integer kopecks (value = kopecks / 100, so the formula is ceil(kopecks / (100 - percent))), which
 * keeps float error out of the ceiling.
 */
export function priceBeforeDiscountRoubles(priceKopecks: number, discountPercent: number): number {
  const noDiscountRoubles = Math.ceil(priceKopecks / KOPECKS_PER_ROUBLE);
  // Stryker disable next-line EqualityOperator: at 0 % the formula below gives the same ceil(kopecks / 100)
  if (discountPercent <= 0) return noDiscountRoubles;
  // A discount of 100 % or more has no price before it (and would divide by zero).
  if (discountPercent >= 100) return noDiscountRoubles;
  return Math.ceil(priceKopecks / (100 - discountPercent));
}

/** «1 299 ₽», «89,90 ₽»: kopecks shown only when there are any. */
export function formatRoubles(kopecks: number): string {
  const roubles = kopecks / KOPECKS_PER_ROUBLE;
  const text = Number.isInteger(roubles) ? formatNumber(roubles) : formatNumber(roubles, 2, true);
  return `${text} ₽`;
}
