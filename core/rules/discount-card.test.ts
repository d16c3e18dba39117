import { describe, expect, it } from 'vitest';
import {
  BONUS_ENTRY_LABELS,
  balanceOf,
  bonusEarned,
  bonusSpendable,
  DEFAULT_BONUS_PERCENTS,
  discountCardNumber,
  ean13CheckDigit,
  formatCardNumber,
  isDiscountCardNumber,
  isEan13Valid,
  isLuhnValid,
  splitBonus,
} from './discount-card';

describe('discount card numbers', () => {
  it('checks Luhn and EAN-13 as the standards define them', () => {
    expect(isLuhnValid('79927398713')).toBe(true);
    expect(isLuhnValid('79927398710')).toBe(false);
    expect(isLuhnValid('12a4')).toBe(false);
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(isEan13Valid('4006381333931')).toBe(true);
    expect(isEan13Valid('4006381333932')).toBe(false);
    expect(isEan13Valid('400638133393')).toBe(false);
  });

  it('makes 13-digit numbers valid both ways from serials, or none for about one serial in ten', () => {
    expect(discountCardNumber(1)).toBe('2900000000124');
    let none = 0;
    for (let serial = 0; serial < 2_000; serial += 1) {
      const number = discountCardNumber(serial);
      if (number === null) {
        none += 1;
        continue;
      }
      expect(number).toHaveLength(13);
      expect(number.slice(2, 11)).toBe(String(serial).padStart(9, '0'));
      expect(isDiscountCardNumber(number)).toBe(true);
    }
    expect(none).toBeGreaterThan(100);
    expect(none).toBeLessThan(300);
    expect(discountCardNumber(-1)).toBeNull();
    expect(discountCardNumber(1e9)).toBeNull();
    expect(discountCardNumber(1.5)).toBeNull();
    expect(isDiscountCardNumber('4006381333931')).toBe(false);
  });

  it('groups the number by four', () => {
    expect(formatCardNumber('2900000000124')).toBe('2900 0000 0012 4');
  });
});

describe('bonus points', () => {
  it('earns 5% of the goods in whole roubles', () => {
    expect(bonusEarned(37_035)).toBe(1_800);
    expect(bonusEarned(1_999)).toBe(0);
    expect(bonusEarned(2_000)).toBe(100);
    expect(bonusEarned(-500)).toBe(0);
    expect(bonusEarned(10_000, 10)).toBe(1_000);
  });

  it('spends at most 30% of an order and never more than the balance, in whole roubles', () => {
    expect(bonusSpendable(100_000, 1_000_000)).toBe(30_000);
    expect(bonusSpendable(100_050, 1_000_000)).toBe(30_000);
    expect(bonusSpendable(100_000, 12_345)).toBe(12_300);
    expect(bonusSpendable(100_000, 0)).toBe(0);
    expect(bonusSpendable(-1, 500)).toBe(0);
  });

  it('sums the ledger', () => {
    expect(balanceOf([{ amountKopecks: 600 }, { amountKopecks: -600 }, { amountKopecks: 1_800 }])).toBe(
      1_800,
    );
    expect(balanceOf([])).toBe(0);
  });
});

describe('bonus points across a checkout', () => {
  it('has the default percentages', () => {
    expect(DEFAULT_BONUS_PERCENTS).toEqual({ earnPercent: 5, spendMaxPercent: 30 });
  });

  it('spends each order at most its share, all at most the request and the balance, whole roubles', () => {
    const orders = [
      { goods: 100_000, spendMaxPercent: 30 },
      { goods: 50_050, spendMaxPercent: 10 },
    ];
    expect(splitBonus(orders, 1_000_000, 1_000_000)).toEqual([30_000, 5_000]);
    expect(splitBonus(orders, 32_000, 1_000_000)).toEqual([30_000, 2_000]);
    expect(splitBonus(orders, 1_000_000, 31_099)).toEqual([30_000, 1_000]);
    expect(splitBonus(orders, 20_000, 1_000_000)).toEqual([20_000, 0]);
    expect(splitBonus(orders, 0, 1_000_000)).toEqual([0, 0]);
    expect(splitBonus(orders, 1_000_000, 0)).toEqual([0, 0]);
    expect(splitBonus(orders, 1_000_000, -500)).toEqual([0, 0]);
    expect(splitBonus([], 1_000, 1_000)).toEqual([]);
  });
});

describe('discount card numbers at their edges', () => {
  it('takes digits only, all of them, for Luhn', () => {
    expect(isLuhnValid('')).toBe(false);
    expect(isLuhnValid('0')).toBe(true);
    expect(isLuhnValid('18')).toBe(true); // 1 doubled is 2: 2 + 8 = 10
    expect(isLuhnValid('59')).toBe(true); // 5 doubled is 10 → 1: 1 + 9 = 10
    expect(isLuhnValid('x79927398713')).toBe(false);
    expect(isLuhnValid('79927398713x')).toBe(false);
    expect(isLuhnValid('7992 7398713')).toBe(false);
    // A doubled 5 is 10 → 1 (minus 9), not 10; a doubled 4 is 8, left as it is.
    expect(isLuhnValid('50')).toBe(false);
    expect(isLuhnValid('42')).toBe(true);
    expect(isLuhnValid('91')).toBe(true); // 9 doubled is 18 → 9: 1 + 9 = 10
    expect(isLuhnValid('92')).toBe(false);
  });

  it('checks EAN-13 on exactly 13 digits', () => {
    expect(isEan13Valid('a006381333931')).toBe(false);
    expect(isEan13Valid('4006381333931a')).toBe(false);
    expect(isEan13Valid('40063813339310')).toBe(false);
    expect(isEan13Valid(' 4006381333931')).toBe(false);
    expect(ean13CheckDigit('000000000000')).toBe(0);
    expect(ean13CheckDigit('000000000010')).toBe(9);
    expect(ean13CheckDigit('000000000001')).toBe(7);
  });

  it('knows our cards by their prefix and both checks', () => {
    const card = discountCardNumber(1) as string;
    expect(isDiscountCardNumber(card)).toBe(true);
    // Valid EAN-13 and Luhn, another prefix: not ours.
    const foreign = `1${card.slice(1)}`;
    expect(isDiscountCardNumber(foreign)).toBe(false);
    expect(isDiscountCardNumber('2900000000125')).toBe(false);
    // EAN-13 right, Luhn wrong: a serial's other twelfth digits.
    const body = card.slice(0, 11);
    for (let twelfth = 0; twelfth <= 9; twelfth += 1) {
      const first12 = `${body}${twelfth}`;
      const number = `${first12}${ean13CheckDigit(first12)}`;
      expect(isDiscountCardNumber(number)).toBe(number === card);
    }
  });

  it('makes numbers only from whole serials below 10^9', () => {
    expect(discountCardNumber(-1)).toBeNull();
    expect(discountCardNumber(1.5)).toBeNull();
    expect(discountCardNumber(1e9)).toBeNull();
    expect(discountCardNumber(Number.NaN)).toBeNull();
    const last = [999_999_999, 999_999_998, 999_999_997].map(discountCardNumber).find(Boolean);
    expect(last).toMatch(/^29999999\d{5}$/);
    expect(discountCardNumber(0)).toMatch(/^29000000000\d\d$/);
  });

  it('names every ledger entry in Russian', () => {
    expect(BONUS_ENTRY_LABELS).toEqual({
      earn: 'Начислено за заказ',
      spend: 'Списано в заказе',
      refund: 'Возвращено за отменённый заказ',
      revoke: 'Отменено начисление за заказ',
    });
  });
});
