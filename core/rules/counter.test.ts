import { describe, expect, it } from 'vitest';
import { COUNTER_MAX, COUNTER_MIN, clampCount, counterBounds, counterLabels } from './counter';

describe('clampCount', () => {
  it('defaults to 0..999', () => {
    expect(COUNTER_MIN).toBe(0);
    expect(COUNTER_MAX).toBe(999);
    expect(clampCount(-1)).toBe(0);
    expect(clampCount(0)).toBe(0);
    expect(clampCount(42)).toBe(42);
    expect(clampCount(999)).toBe(999);
    expect(clampCount(1000)).toBe(999);
  });

  it('honours narrower bounds such as the favourites 1..100', () => {
    const favourites = { min: 1, max: 100 };
    expect(clampCount(0, favourites)).toBe(1);
    expect(clampCount(50, favourites)).toBe(50);
    expect(clampCount(101, favourites)).toBe(100);
  });

  it('rounds fractions down and turns NaN into the minimum', () => {
    expect(clampCount(2.9)).toBe(2);
    expect(clampCount(Number.NaN)).toBe(0);
    expect(clampCount(Number.NaN, { min: 1 })).toBe(1);
    expect(clampCount(Number.POSITIVE_INFINITY)).toBe(999);
    expect(clampCount(Number.NEGATIVE_INFINITY)).toBe(0);
  });

  it('never lets min exceed max', () => {
    expect(counterBounds({ min: 5, max: 2 })).toEqual({ min: 5, max: 5 });
    expect(clampCount(1, { min: 5, max: 2 })).toBe(5);
  });
});

describe('counterLabels', () => {
  it('names the item on the field and on both buttons', () => {
    expect(counterLabels('Айран 0,5 л')).toEqual({
      field: 'Количество: Айран 0,5 л',
      decrement: 'Уменьшить количество: Айран 0,5 л',
      increment: 'Увеличить количество: Айран 0,5 л',
    });
  });

  it('says the bare words without a name', () => {
    const bare = { field: 'Количество', decrement: 'Уменьшить', increment: 'Увеличить' };
    expect(counterLabels()).toEqual(bare);
    expect(counterLabels('  ')).toEqual(bare);
  });
});
