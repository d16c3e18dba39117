import { describe, expect, it } from 'vitest';
import { formatRoubles, priceBeforeDiscountRoubles } from './price';

describe('priceBeforeDiscountRoubles', () => {
  it.each([
    // [price in kopecks, discount %, expected roubles] — ceil(value / (100 - percent) * 100)
    [8000, 20, 100],
    [8990, 20, 113],
    [9900, 10, 110],
    [19900, 25, 266],
    [100, 50, 2],
    [7000, 30, 100],
  ])('%i kopecks at −%i%% was %i ₽', (kopecks, percent, expected) => {
    expect(priceBeforeDiscountRoubles(kopecks, percent)).toBe(expected);
  });

  it('matches the spec formula evaluated exactly, for every whole-rouble price and discount', () => {
    for (let roubles = 1; roubles <= 500; roubles += 7) {
      for (let percent = 1; percent < 100; percent += 1) {
        // Integer-exact form of ceil(roubles / (100 - percent) * 100).
        const exact = Math.floor((roubles * 100 + (100 - percent) - 1) / (100 - percent));
        expect(priceBeforeDiscountRoubles(roubles * 100, percent), `${roubles} ${percent}`).toBe(exact);
      }
    }
  });

  it('returns the price itself, rounded up to the rouble, without a discount', () => {
    expect(priceBeforeDiscountRoubles(8990, 0)).toBe(90);
    expect(priceBeforeDiscountRoubles(9000, 0)).toBe(90);
  });

  it('treats a discount of 100 % or more, or below 0, as none (no division by zero, no negative price)', () => {
    expect(priceBeforeDiscountRoubles(8990, 100)).toBe(90);
    expect(priceBeforeDiscountRoubles(8990, 150)).toBe(90);
    expect(priceBeforeDiscountRoubles(8990, -5)).toBe(90);
  });

  it('still applies a discount of 99 %', () => {
    expect(priceBeforeDiscountRoubles(100, 99)).toBe(100);
  });
});

describe('formatRoubles', () => {
  const plain = (kopecks: number) => formatRoubles(kopecks).replace(/\s/g, ' ');

  it('groups thousands and shows kopecks only when present', () => {
    expect(plain(129_900)).toBe('1 299 ₽');
    expect(formatRoubles(8990)).toBe('89,90 ₽');
    expect(formatRoubles(5000)).toBe('50 ₽');
  });

  it('writes whole roubles without a fraction, however large', () => {
    expect(formatRoubles(0)).toBe('0 ₽');
    expect(plain(100_000_000)).toBe('1 000 000 ₽');
  });

  it('writes kopecks with two digits and a decimal comma', () => {
    expect(formatRoubles(1)).toBe('0,01 ₽');
    expect(formatRoubles(10)).toBe('0,10 ₽');
    expect(plain(12_345_678)).toBe('123 456,78 ₽');
  });
});
