import { describe, expect, it } from 'vitest';
import { formatWeight } from './weight';

describe('formatWeight', () => {
  it.each([
    [1, '1 г'],
    [250, '250 г'],
    [999, '999 г'],
    [1000, '1 кг'],
    [1500, '1,5 кг'],
    [2250, '2,25 кг'],
    [1234, '1,23 кг'],
    [12_000, '12 кг'],
  ])('%i g → %s', (grams, expected) => {
    expect(formatWeight(grams).replace(/\s/g, ' ')).toBe(expected);
  });
});
