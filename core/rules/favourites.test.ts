import { describe, expect, it } from 'vitest';
import { countWithPending, describeShortfalls, mergedSetCount, SET_COUNT_MAX } from './favourites';

describe('mergedSetCount', () => {
  it('adds a product to a set with the count asked, at least 1', () => {
    expect(mergedSetCount(null, 1)).toBe(1);
    expect(mergedSetCount(null, 0)).toBe(1);
    expect(mergedSetCount(null, 7)).toBe(7);
  });

  it('merges a duplicate into its line, the counts adding up to at most 100', () => {
    expect(mergedSetCount(2, 3)).toBe(5);
    expect(mergedSetCount(98, 5)).toBe(SET_COUNT_MAX);
    expect(mergedSetCount(SET_COUNT_MAX, 1)).toBe(SET_COUNT_MAX);
  });
});

describe('describeShortfalls', () => {
  it('says nothing when everything went in', () => {
    expect(describeShortfalls([])).toBeNull();
  });

  it('names what the area does not have', () => {
    expect(
      describeShortfalls([
        { name: 'Молоко', reason: 'unavailable', requested: 2, added: 0 },
        { name: 'Хлеб', reason: 'unavailable', requested: 1, added: 0 },
      ]),
    ).toBe('Нет в наличии в вашем районе: Молоко, Хлеб.');
  });

  it('gives one sentence per reason in a fixed order, with how many of what was short went in', () => {
    expect(
      describeShortfalls([
        { name: 'Сыр', reason: 'limited', requested: 5, added: 2 },
        { name: 'Кефир', reason: 'basket_full', requested: 1, added: 0 },
        { name: 'Творог', reason: 'unavailable', requested: 1, added: 0 },
      ]),
    ).toBe(
      'Нет в наличии в вашем районе: Творог. Добавлено меньше, чем в наборе (столько осталось): Сыр — 2 из 5. ' +
        'Не поместилось в корзину: Кефир.',
    );
  });
});

describe('countWithPending', () => {
  const saved = { product: ['p1', 'p2'], store: ['s1'], article: [] };

  it('counts every saved favourite of every type', () => {
    expect(countWithPending(saved, [])).toBe(3);
    expect(countWithPending({ product: [], store: [], article: ['a1'] }, [])).toBe(1);
  });

  it('adds an item on its way in and takes away one on its way out', () => {
    expect(countWithPending(saved, [{ type: 'article', id: 'a1', active: true }])).toBe(4);
    expect(countWithPending(saved, [{ type: 'product', id: 'p1', active: false }])).toBe(2);
    expect(countWithPending(saved, [{ type: 'store', id: 's1', active: false }])).toBe(2);
  });

  it('ignores a pending toggle that changes nothing', () => {
    expect(countWithPending(saved, [{ type: 'product', id: 'p1', active: true }])).toBe(3);
    expect(countWithPending(saved, [{ type: 'store', id: 'x', active: false }])).toBe(3);
  });

  it('tells types apart: a product id is not a saved shop', () => {
    expect(countWithPending(saved, [{ type: 'product', id: 's1', active: true }])).toBe(4);
    expect(countWithPending(saved, [{ type: 'store', id: 'p1', active: false }])).toBe(3);
  });

  it('takes the last pending toggle of an item', () => {
    const twice = [
      { type: 'article', id: 'a1', active: true },
      { type: 'article', id: 'a1', active: false },
    ] as const;
    expect(countWithPending(saved, twice)).toBe(3);
    expect(countWithPending(saved, [...twice].reverse())).toBe(4);
    expect(
      countWithPending(saved, [
        { type: 'article', id: 'a1', active: true },
        { type: 'article', id: 'a2', active: true },
      ]),
    ).toBe(5);
  });
});
