import { describe, expect, it } from 'vitest';
import { formatSalary, groupThousands, SALARY_BY_AGREEMENT } from './salary';

const NBSP = '\u00a0';

describe('groupThousands', () => {
  it('separates thousands with a non-breaking space', () => {
    expect(groupThousands(0)).toBe('0');
    expect(groupThousands(999)).toBe('999');
    expect(groupThousands(1000)).toBe(`1${NBSP}000`);
    expect(groupThousands(45_000)).toBe(`45${NBSP}000`);
    expect(groupThousands(1_250_000)).toBe(`1${NBSP}250${NBSP}000`);
  });

  it('rounds to whole roubles and keeps the sign', () => {
    expect(groupThousands(44_999.6)).toBe(`45${NBSP}000`);
    expect(groupThousands(-1500)).toBe(`−1${NBSP}500`);
    expect(groupThousands(-0.4)).toBe('0');
  });
});

describe('formatSalary', () => {
  it('writes a lower bound as «от»', () => {
    expect(formatSalary(45_000, null)).toBe(`от 45${NBSP}000${NBSP}₽`);
  });

  it('writes an upper bound as «до»', () => {
    expect(formatSalary(null, 60_000)).toBe(`до 60${NBSP}000${NBSP}₽`);
  });

  it('writes a range with both bounds, smaller first', () => {
    expect(formatSalary(45_000, 60_000)).toBe(`от 45${NBSP}000 до 60${NBSP}000${NBSP}₽`);
    expect(formatSalary(60_000, 45_000)).toBe(`от 45${NBSP}000 до 60${NBSP}000${NBSP}₽`);
  });

  it('writes one amount when both bounds are equal', () => {
    expect(formatSalary(50_000, 50_000)).toBe(`50${NBSP}000${NBSP}₽`);
  });

  it('says the salary is by agreement without a usable bound', () => {
    expect(SALARY_BY_AGREEMENT).toBe('Доход по договорённости');
    expect(formatSalary(null, null)).toBe(SALARY_BY_AGREEMENT);
    expect(formatSalary(0, undefined)).toBe(SALARY_BY_AGREEMENT);
    expect(formatSalary(Number.NaN, -1)).toBe(SALARY_BY_AGREEMENT);
  });
});
