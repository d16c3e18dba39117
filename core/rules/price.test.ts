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

  it('returns the price itself without a discount', () => {
    expect(priceBeforeDiscountRoubles(8990, 0)).toBe(90);
  });
});

describe('formatRoubles', () => {
  it('groups thousands and shows kopecks only when present', () => {
    expect(formatRoubles(129_900).replace(/\s/g, ' ')).toBe('1 299 ₽');
    expect(formatRoubles(8990)).toBe('89,90 ₽');
    expect(formatRoubles(5000)).toBe('50 ₽');
  });
});
