/**
 * The discount card (issue 25): a 13-digit number that is valid both by Luhn (the number a cashier types) and
 * as an EAN-13 (the barcode the till scans), and the bonus points rules. Points are kopecks-denominated
 * (1 point = 1 ₽ = 100 kopecks) and only ever derive from ledger rows.
 */

/** The card numbers' first digits: '2' is EAN-13's in-store range (never a real product's barcode). */
export const DISCOUNT_CARD_PREFIX = '29';
export const DISCOUNT_CARD_LENGTH = 13;

/** DESIGN-style defaults; a shop may override them (earn after a done order, spend at checkout). */
export const BONUS_EARN_PERCENT = 5;
export const BONUS_SPEND_MAX_PERCENT = 30;

const digitsOf = (text: string): number[] => [...text].map(Number);

/** Luhn: from the right, every second digit doubled (minus 9 above 9); the sum is a multiple of 10. */
export function isLuhnValid(number: string): boolean {
  if (!/^\d+$/.test(number)) return false;
  const sum = digitsOf(number)
    .reverse()
    .reduce((total, digit, index) => {
      if (index % 2 === 0) return total + digit;
      const doubled = digit * 2;
      return total + (doubled > 9 ? doubled - 9 : doubled);
    }, 0);
  return sum % 10 === 0;
}

/** EAN-13's check digit of its first 12 digits (weights 1 and 3 from the left). */
export function ean13CheckDigit(first12: string): number {
  const sum = digitsOf(first12).reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}

export function isEan13Valid(number: string): boolean {
  return /^\d{13}$/.test(number) && ean13CheckDigit(number.slice(0, 12)) === Number(number[12]);
}

export function isDiscountCardNumber(number: string): boolean {
  return number.startsWith(DISCOUNT_CARD_PREFIX) && isEan13Valid(number) && isLuhnValid(number);
}

/**
 * A card number from a serial (0 ≤ serial < 10^9): the prefix, the serial in 9 digits, then a twelfth digit
 * chosen so that the EAN-13 check digit also makes the Luhn sum right. About one serial in ten has no such
 * digit: null, and the caller takes the next serial.
 */
export function discountCardNumber(serial: number): string | null {
  if (!Number.isInteger(serial) || serial < 0 || serial >= 1e9) return null;
  const body = `${DISCOUNT_CARD_PREFIX}${String(serial).padStart(9, '0')}`;
  for (let twelfth = 0; twelfth <= 9; twelfth += 1) {
    const first12 = `${body}${twelfth}`;
    const number = `${first12}${ean13CheckDigit(first12)}`;
    if (isLuhnValid(number)) return number;
  }
  return null;
}

/** 2900 0000 1234 5: groups of four for reading aloud and typing. */
export function formatCardNumber(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Points earned on a done order: a share of the goods paid (in kopecks), rounded down to whole roubles. */
export function bonusEarned(paidItemsKopecks: number, percent = BONUS_EARN_PERCENT): number {
  return Math.floor((Math.max(0, paidItemsKopecks) * percent) / 100 / 100) * 100;
}

/** The most points an order may spend: a share of its total, whole roubles, never above the balance. */
export function bonusSpendable(
  orderKopecks: number,
  balanceKopecks: number,
  percent = BONUS_SPEND_MAX_PERCENT,
): number {
  const cap = Math.floor((Math.max(0, orderKopecks) * percent) / 100 / 100) * 100;
  return Math.max(0, Math.min(cap, Math.floor(balanceKopecks / 100) * 100));
}

export const BONUS_ENTRY_KINDS = ['earn', 'spend', 'refund', 'revoke'] as const;
export type BonusEntryKind = (typeof BONUS_ENTRY_KINDS)[number];

export const BONUS_ENTRY_LABELS: Record<BonusEntryKind, string> = {
  earn: 'Начислено за заказ',
  spend: 'Списано в заказе',
  refund: 'Возвращено за отменённый заказ',
  revoke: 'Отменено начисление за заказ',
};

/** The balance is the sum of the ledger, never a stored number. */
export function balanceOf(entries: readonly { amountKopecks: number }[]): number {
  return entries.reduce((total, entry) => total + entry.amountKopecks, 0);
}

/** A shop's bonus percentages (its own row, or the defaults above). */
export type BonusPercents = { earnPercent: number; spendMaxPercent: number };
export const DEFAULT_BONUS_PERCENTS: BonusPercents = {
  earnPercent: BONUS_EARN_PERCENT,
  spendMaxPercent: BONUS_SPEND_MAX_PERCENT,
};

/**
 * The points a checkout spends on each of its orders, in kopecks: each order at most its shop's share of its
 * goods, all together at most what the customer asked for and what the balance holds, in whole roubles.
 */
export function splitBonus(
  orders: readonly { goods: number; spendMaxPercent: number }[],
  requestedKopecks: number,
  balanceKopecks: number,
): number[] {
  let left = Math.min(requestedKopecks, balanceKopecks);
  return orders.map((order) => {
    const spent = bonusSpendable(order.goods, left, order.spendMaxPercent);
    left -= spent;
    return spent;
  });
}
