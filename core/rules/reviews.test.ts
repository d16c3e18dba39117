import { describe, expect, it } from 'vitest';
import { applyChange, averageOf, countOf, isStar, NO_STARS, ratingLabel, shareOf } from './reviews';

describe('review arithmetic', () => {
  it('counts, averages to one decimal and shares whole percent; nothing without reviews', () => {
    expect(countOf(NO_STARS)).toBe(0);
    expect(averageOf(NO_STARS)).toBe(0);
    expect(shareOf(NO_STARS, 5)).toBe(0);
    const stars = { 1: 1, 2: 0, 3: 1, 4: 2, 5: 3 };
    expect(countOf(stars)).toBe(7);
    // (1 + 3 + 8 + 15) / 7 = 3.857…
    expect(averageOf(stars)).toBe(3.9);
    expect(shareOf(stars, 5)).toBe(43);
    expect(shareOf(stars, 2)).toBe(0);
  });

  it('moves a review between stars, adds a new one and takes a hidden one out', () => {
    const stars = { 1: 0, 2: 1, 3: 0, 4: 0, 5: 0 };
    expect(applyChange(stars, 2, 4)).toEqual({ 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 });
    expect(applyChange(stars, null, 5)).toEqual({ 1: 0, 2: 1, 3: 0, 4: 0, 5: 1 });
    expect(applyChange(stars, 2, null)).toEqual(NO_STARS);
    expect(applyChange(stars, null, null)).toEqual(stars);
    // The counts given are never changed in place.
    expect(stars).toEqual({ 1: 0, 2: 1, 3: 0, 4: 0, 5: 0 });
  });

  it('knows a star and names a rating for screen readers', () => {
    expect([0, 1, 5, 6, 4.5].map(isStar)).toEqual([false, true, true, false, false]);
    expect(ratingLabel(4)).toBe('Оценка 4 из 5');
  });
});
