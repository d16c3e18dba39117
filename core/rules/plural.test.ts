import { describe, expect, it } from 'vitest';
import { formatCount, type PluralForms, pluralForm } from './plural';

const SERVINGS: PluralForms = ['порция', 'порции', 'порций'];
const NBSP = '\u00a0';

describe('pluralForm', () => {
  it('uses the first form for 1 and numbers ending in 1 except 11', () => {
    for (const n of [1, 21, 31, 101, 1001]) expect(pluralForm(n, SERVINGS), String(n)).toBe('порция');
  });

  it('uses the second form for 2–4 and numbers ending in 2–4 except 12–14', () => {
    for (const n of [2, 3, 4, 22, 23, 34, 102, 1004])
      expect(pluralForm(n, SERVINGS), String(n)).toBe('порции');
  });

  it('uses the third form for 0, 5–20 and 11–14 in every hundred', () => {
    for (const n of [0, 5, 6, 9, 10, 11, 12, 13, 14, 15, 19, 20, 25, 100, 111, 112, 114, 211, 1000]) {
      expect(pluralForm(n, SERVINGS), String(n)).toBe('порций');
    }
  });

  it('treats negative numbers like positive ones', () => {
    expect(pluralForm(-1, SERVINGS)).toBe('порция');
    expect(pluralForm(-3, SERVINGS)).toBe('порции');
    expect(pluralForm(-12, SERVINGS)).toBe('порций');
  });

  it('uses the second form for fractions and the third for nonsense', () => {
    expect(pluralForm(1.5, SERVINGS)).toBe('порции');
    expect(pluralForm(0.5, SERVINGS)).toBe('порции');
    expect(pluralForm(Number.NaN, SERVINGS)).toBe('порций');
    expect(pluralForm(Number.POSITIVE_INFINITY, SERVINGS)).toBe('порций');
  });
});

describe('formatCount', () => {
  it('joins the count and the word with a non-breaking space', () => {
    expect(formatCount(1, SERVINGS)).toBe(`1${NBSP}порция`);
    expect(formatCount(3, SERVINGS)).toBe(`3${NBSP}порции`);
    expect(formatCount(5, SERVINGS)).toBe(`5${NBSP}порций`);
    expect(formatCount(21, SERVINGS)).toBe(`21${NBSP}порция`);
    expect(formatCount(11, ['вакансия', 'вакансии', 'вакансий'])).toBe(`11${NBSP}вакансий`);
  });
});
