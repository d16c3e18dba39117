import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber } from './number-format';

describe('formatNumber', () => {
  it.each([
    [0, 0, false, '0'],
    [999, 0, false, '999'],
    [1234, 0, false, '1\u00a0234'],
    [1234567, 0, false, '1\u00a0234\u00a0567'],
    [-12345, 0, false, '-12\u00a0345'],
    [1.5, 2, false, '1,5'],
    [1.5, 2, true, '1,50'],
    [0.01, 2, true, '0,01'],
    [12.345, 1, false, '12,3'],
    [2.5, 0, false, '3'],
    [-0.001, 2, false, '0'],
    [1e-7, 2, true, '0,00'],
    [0.005, 2, false, '0,01'],
  ])('%d with %i decimals (zeros kept: %s) is «%s»', (value, digits, keepZeros, expected) => {
    expect(formatNumber(value, digits, keepZeros)).toBe(expected);
  });

  // Intl.NumberFormat('ru-RU') is the oracle: the rule replaces it in the pages and must write what it wrote.
  const whole = new Intl.NumberFormat('ru-RU');
  const kopecks = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const upToTwo = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

  it('writes whole numbers as Intl does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (value) => {
        expect(formatNumber(value)).toBe(whole.format(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('writes kopecks as roubles with two decimals as Intl does', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), (value) => {
        expect(formatNumber(value / 100, 2, true)).toBe(kopecks.format(value / 100));
      }),
      { numRuns: 2000 },
    );
  });

  it('writes grams as kilograms with up to two decimals as Intl does', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (value) => {
        expect(formatNumber(value / 1000, 2)).toBe(upToTwo.format(value / 1000));
      }),
      { numRuns: 2000 },
    );
  });
});
