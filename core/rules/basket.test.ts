import { describe, expect, it } from 'vitest';
import {
  BASKET_MAX_LINES,
  type BasketMap,
  capQuantity,
  countLines,
  countPieces,
  findLine,
  isOverStock,
  mergeBaskets,
  nextQuantity,
  type PendingBasketChange,
  productIdOf,
  removePoint,
  setLine,
  toBasketData,
  withPendingChanges,
} from './basket';

type Line = { product: string; quantity: number };
const line = (product: string, quantity: number): Line => ({ product, quantity });

describe('capQuantity', () => {
  it('keeps a quantity within the stock of the point', () => {
    expect(capQuantity(3, 10)).toBe(3);
    expect(capQuantity(12, 10)).toBe(10);
    expect(capQuantity(1, 0)).toBe(0);
  });

  it('keeps the counter range 0–999 whatever the stock', () => {
    expect(capQuantity(5000, 10_000)).toBe(999);
    expect(capQuantity(-4, 10)).toBe(0);
    expect(capQuantity(2.7, 10)).toBe(2);
    expect(capQuantity(Number.NaN, 10)).toBe(0);
  });

  it('reads nonsense stock as none', () => {
    expect(capQuantity(3, -2)).toBe(0);
    expect(capQuantity(3, Number.NaN)).toBe(0);
    expect(capQuantity(3, 4.9)).toBe(3);
    expect(capQuantity(5, 4.9)).toBe(4);
  });
});

describe('nextQuantity', () => {
  it('sets a quantity, capped at the stock', () => {
    expect(nextQuantity(2, { quantity: 5 }, 10)).toBe(5);
    expect(nextQuantity(2, { quantity: 50 }, 10)).toBe(10);
    expect(nextQuantity(2, { quantity: 0 }, 10)).toBe(0);
  });

  it('steps from the current quantity, and a step up stops at the stock', () => {
    expect(nextQuantity(2, { delta: 1 }, 10)).toBe(3);
    expect(nextQuantity(10, { delta: 1 }, 10)).toBe(10);
    expect(nextQuantity(1, { delta: -1 }, 10)).toBe(0);
    expect(nextQuantity(0, { delta: -1 }, 10)).toBe(0);
    expect(nextQuantity(998, { delta: 5 }, 5000)).toBe(999);
  });

  it('caps a line whose stock fell below it on its next change, even a step down', () => {
    expect(nextQuantity(8, { delta: -1 }, 3)).toBe(3);
    expect(nextQuantity(8, { delta: 1 }, 3)).toBe(3);
    expect(nextQuantity(8, { delta: -1 }, 0)).toBe(0);
  });
});

describe('setLine', () => {
  const basket: BasketMap<Line> = { a: [line('milk', 1), line('bread', 2)], b: [line('honey', 1)] };

  it('sets the quantity of a line in place', () => {
    const next = setLine(basket, 'a', line('milk', 4));
    expect(next).toEqual({ a: [line('milk', 4), line('bread', 2)], b: [line('honey', 1)] });
    expect(basket.a?.[0]?.quantity).toBe(1);
  });

  it('adds a new line at the end of its group, and a new point at the end of the basket', () => {
    expect(setLine(basket, 'a', line('kefir', 1)).a?.map(productIdOf)).toEqual(['milk', 'bread', 'kefir']);
    expect(Object.keys(setLine(basket, 'c', line('cheese', 2)))).toEqual(['a', 'b', 'c']);
  });

  it('removes a line set to 0 and keeps the rest of the group', () => {
    expect(setLine(basket, 'a', line('milk', 0))).toEqual({ a: [line('bread', 2)], b: [line('honey', 1)] });
  });

  it('drops a point whose group becomes empty', () => {
    const next = setLine(basket, 'b', line('honey', 0));
    expect(next).toEqual({ a: basket.a });
    expect('b' in next).toBe(false);
  });

  it('does nothing for 0 of a line that is not in the basket', () => {
    expect(setLine(basket, 'a', line('kefir', 0))).toBe(basket);
    expect(setLine(basket, 'z', line('kefir', 0))).toBe(basket);
  });

  it('works on lines that carry the whole product', () => {
    const shown = { a: [{ product: { _id: 'milk', name: 'Молоко' }, quantity: 1 }] };
    const next = setLine(shown, 'a', { product: { _id: 'milk', name: 'Молоко' }, quantity: 3 });
    expect(next.a).toHaveLength(1);
    expect(findLine(next, 'a', 'milk')?.quantity).toBe(3);
  });
});

describe('reading a basket', () => {
  const basket: BasketMap<Line> = { a: [line('milk', 3), line('bread', 1)], b: [line('milk', 7)] };

  it('finds lines by point and product', () => {
    expect(findLine(basket, 'b', 'milk')).toEqual(line('milk', 7));
    expect(findLine(basket, 'a', 'milk')).toEqual(line('milk', 3));
    expect(findLine(basket, 'a', 'honey')).toBeUndefined();
    expect(findLine(basket, 'z', 'milk')).toBeUndefined();
  });

  it('counts lines for the badge, not pieces', () => {
    expect(countLines(basket)).toBe(3);
    expect(countLines({})).toBe(0);
  });

  it('flags lines above the stock', () => {
    expect(isOverStock(3, 5)).toBe(false);
    expect(isOverStock(5, 5)).toBe(false);
    expect(isOverStock(6, 5)).toBe(true);
    expect(isOverStock(1, 0)).toBe(true);
  });

  it('removes a whole point', () => {
    expect(removePoint(basket, 'a')).toEqual({ b: basket.b });
    expect(removePoint(basket, 'z')).toBe(basket);
  });

  it('compacts shown lines to ids for storage and upload', () => {
    expect(toBasketData({ a: [{ product: { _id: 'milk' }, quantity: 2 }] })).toEqual({
      a: [line('milk', 2)],
    });
  });
});

describe('mergeBaskets (login)', () => {
  const stock: Record<string, number> = {
    'a:milk': 10,
    'a:bread': 4,
    'b:honey': 2,
    'b:jam': 0,
    'c:cheese': 6,
  };
  const stockOf = (pointId: string, productId: string) => stock[`${pointId}:${productId}`] ?? 0;

  it('keeps every line of both and takes the larger quantity, capped at the stock', () => {
    const server: BasketMap<Line> = { a: [line('milk', 2), line('bread', 3)] };
    const guest: BasketMap<Line> = { a: [line('milk', 5), line('bread', 1)], c: [line('cheese', 9)] };
    expect(mergeBaskets(server, guest, stockOf)).toEqual({
      a: [line('milk', 5), line('bread', 3)],
      c: [line('cheese', 6)],
    });
  });

  it('leaves lines only the signed-in basket has exactly as they were, even above the stock', () => {
    const server: BasketMap<Line> = { b: [line('honey', 5)] };
    expect(mergeBaskets(server, { a: [line('milk', 1)] }, stockOf)).toEqual({
      b: [line('honey', 5)],
      a: [line('milk', 1)],
    });
  });

  it('caps a line in both at the stock', () => {
    expect(mergeBaskets({ b: [line('honey', 5)] }, { b: [line('honey', 1)] }, stockOf)).toEqual({
      b: [line('honey', 2)],
    });
  });

  it('does not add a guest line the point has nothing of', () => {
    expect(mergeBaskets({}, { b: [line('jam', 2)], z: [line('milk', 1)] }, stockOf)).toEqual({});
  });

  it('changes nothing when the guest basket is empty', () => {
    const server: BasketMap<Line> = { a: [line('milk', 2)] };
    expect(mergeBaskets(server, {}, stockOf)).toBe(server);
  });

  it('takes the larger of repeated guest lines', () => {
    expect(mergeBaskets({}, { a: [line('milk', 2), line('milk', 7), line('milk', 3)] }, stockOf)).toEqual({
      a: [line('milk', 7)],
    });
  });

  it('stops adding guest lines at the line limit, but still raises lines already there', () => {
    const server: BasketMap<Line> = { a: [line('milk', 1)] };
    const guest: BasketMap<Line> = { a: [line('bread', 1), line('milk', 4)], c: [line('cheese', 1)] };
    expect(mergeBaskets(server, guest, stockOf, 2)).toEqual({ a: [line('milk', 4), line('bread', 1)] });
  });

  it(`holds at most ${BASKET_MAX_LINES} lines unless told otherwise`, () => {
    const guest: BasketMap<Line> = {
      a: Array.from({ length: BASKET_MAX_LINES + 1 }, (_, index) => line(`p${index}`, 1)),
    };
    const merged = mergeBaskets({}, guest, () => 5);
    expect(merged.a).toHaveLength(BASKET_MAX_LINES);
    expect(findLine(merged, 'a', `p${BASKET_MAX_LINES}`)).toBeUndefined();
  });
});

describe('pieces of a group', () => {
  const group = [
    { quantity: 2, product: { price: 8990, count: 10 } },
    { quantity: 5, product: { price: 10_000, count: 3 } },
    { quantity: 1, product: { price: 5000, count: 0 } },
  ];

  it('counts only what the point can sell', () => {
    expect(countPieces(group)).toBe(5);
    expect(countPieces([])).toBe(0);
  });
});

describe('the signed-in basket while changes are on their way (ADR 043)', () => {
  type Shown = { product: { _id: string; count: number }; quantity: number };
  const shown = (product: string, quantity: number, count = 10): Shown => ({
    product: { _id: product, count },
    quantity,
  });
  const step = (pointId: string, productId: string | null, delta: number): PendingBasketChange => ({
    pointId,
    productId,
    change: { delta },
  });
  const set = (pointId: string, productId: string, quantity: number): PendingBasketChange => ({
    pointId,
    productId,
    change: { quantity },
  });
  const answer: BasketMap<Shown> = { p1: [shown('a', 2), shown('b', 1, 3)], p2: [shown('c', 4)] };

  it('adds the steps on their way to the answer, in order; a set replaces what came before', () => {
    const { basket } = withPendingChanges(answer, [
      step('p1', 'a', 1),
      step('p1', 'a', 1),
      step('p1', 'a', -1),
    ]);
    expect(basket.p1?.[0]?.quantity).toBe(3);
    expect(withPendingChanges(answer, [step('p1', 'a', 5), set('p1', 'a', 1)]).basket.p1?.[0]?.quantity).toBe(
      1,
    );
    expect(withPendingChanges(answer, [set('p1', 'a', 1), step('p1', 'a', 5)]).basket.p1?.[0]?.quantity).toBe(
      6,
    );
    expect(withPendingChanges(answer, [])).toEqual({ basket: answer, added: new Map() });
  });

  it('caps a step at the stock the answer gave, as the server will', () => {
    const { basket } = withPendingChanges(answer, [
      step('p1', 'b', 1),
      step('p1', 'b', 1),
      step('p1', 'b', 1),
    ]);
    expect(basket.p1?.[1]?.quantity).toBe(3);
    const fallen = { p1: [shown('a', 5, 2)] };
    expect(withPendingChanges(fallen, [step('p1', 'a', -1)]).basket.p1?.[0]?.quantity).toBe(2);
  });

  it('removes a line at 0 and drops an emptied point; a point’s removal drops its group', () => {
    expect(withPendingChanges(answer, [step('p2', 'c', -4)]).basket).toEqual({ p1: answer.p1 });
    expect(withPendingChanges(answer, [set('p1', 'a', 0)]).basket.p1).toEqual([shown('b', 1, 3)]);
    expect(withPendingChanges(answer, [step('p1', null, 0)]).basket).toEqual({ p2: answer.p2 });
    // Removed, then added again: at the end of its group, from nothing.
    const again = withPendingChanges(answer, [set('p1', 'a', 0), step('p1', 'a', 1)]).basket;
    expect(again.p1).toEqual([shown('b', 1, 3), shown('a', 1)]);
  });

  it('counts a line the answer does not have in `added`, until it is stepped to 0 or its point removed', () => {
    const adding = [step('p3', 'x', 1), step('p3', 'x', 1)];
    expect(withPendingChanges(answer, adding)).toEqual({ basket: answer, added: new Map([['p3:x', 2]]) });
    expect(withPendingChanges(answer, [...adding, step('p3', 'x', -2)]).added.size).toBe(0);
    expect(withPendingChanges(answer, [...adding, step('p3', null, 0)]).added.size).toBe(0);
    expect(withPendingChanges(answer, [...adding, step('p1', null, 0)]).added.get('p3:x')).toBe(2);
    expect(withPendingChanges(answer, [step('p3', 'x', -1)]).added.size).toBe(0);
    expect(withPendingChanges(answer, [step('p3', 'x', 5000)]).added.get('p3:x')).toBe(999);
  });
});
