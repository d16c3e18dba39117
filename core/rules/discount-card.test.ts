import { describe, expect, it } from 'vitest';
import {
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
