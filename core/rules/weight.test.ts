import { describe, expect, it } from 'vitest';
import { formatPackSize, formatWeight } from './weight';

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

describe('formatPackSize', () => {
  it.each([
    ['Айран 0,5 л', 500, '0,5 л'],
    ['Молоко коровье цельное 3 л', 3000, '3 л'],
    ['Кефир 1,4 л', 1450, '1,4 л'],
    ['Сок яблочный 200 мл', 210, '200 мл'],
    ['Квас 1.5 Л', 1500, '1,5 л'],
    ['Морс клюквенный 0,3л.', 300, '0,3 л'],
  ])('shows the volume of a liquid: %s (%i g) → %s', (name, weight, expected) => {
    expect(formatPackSize({ name, weight })).toBe(expected);
  });

  it.each([
    ['Творог деревенский 9% 500 г', 500, '500 г'],
    ['Курица домашняя, тушка 1,6 кг', 1600, '1,6 кг'],
    ['Яйца куриные деревенские 10 шт.', 550, '550 г'],
    // Litres mentioned anywhere but as the pack: not a liquid's pack.
    ['Банка 3 л для засолки, стеклянная', 450, '450 г'],
    ['Хлеб «Бородинский»', 400, '400 г'],
  ])('shows the weight of anything else: %s (%i g) → %s', (name, weight, expected) => {
    expect(formatPackSize({ name, weight }).replace(/\s/g, ' ')).toBe(expected);
  });
});
