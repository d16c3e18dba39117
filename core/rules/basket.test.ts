import { describe, expect, it } from 'vitest';
import {
  BASKET_MAX_LINES,
  type BasketMap,
  capQuantity,
  changesToShow,
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

describe('the signed-in basket while changes are on their way', () => {
  const change = (
    sequence: number,
    pointId: string,
    productId: string | null,
    quantity: number,
  ): PendingBasketChange => ({ sequence, pointId, productId, quantity });
  const loaded: BasketMap<Line> = { p1: [line('a', 2), line('b', 1)], p2: [line('c', 4)] };

  it('shows each line at its latest change; 0 removes it and an emptied point is dropped', () => {
    const shown = withPendingChanges(loaded, [change(1, 'p1', 'a', 3), change(2, 'p1', 'a', 4)]);
    expect(shown.basket.p1).toEqual([line('a', 4), line('b', 1)]);
    expect(shown.added).toEqual([]);
    const emptied = withPendingChanges(loaded, [change(3, 'p2', 'c', 0)]);
    expect(emptied.basket).toEqual({ p1: loaded.p1 });
    expect(withPendingChanges(loaded, [])).toEqual({ basket: loaded, added: [] });
  });

  it('drops a removed point, and brings back a line of it added again after the removal', () => {
    const removed = withPendingChanges(loaded, [change(1, 'p1', null, 0)]);
    expect(removed.basket).toEqual({ p2: loaded.p2 });
    const again = withPendingChanges(loaded, [change(1, 'p1', null, 0), change(2, 'p1', 'b', 2)]);
    expect(again.basket).toEqual({ p2: loaded.p2, p1: [line('b', 2)] });
  });

  it('gives back a line the basket did not have (no product to show yet), until it is removed again', () => {
    const adding = [change(1, 'p3', 'x', 1), change(2, 'p3', 'x', 2)];
    expect(withPendingChanges(loaded, adding)).toEqual({ basket: loaded, added: [change(2, 'p3', 'x', 2)] });
    expect(withPendingChanges(loaded, [...adding, change(3, 'p3', 'x', 0)]).added).toEqual([]);
    expect(withPendingChanges(loaded, [...adding, change(3, 'p3', null, 0)]).added).toEqual([]);
    expect(withPendingChanges(loaded, [change(1, 'p3', 'x', 0)])).toEqual({ basket: loaded, added: [] });
    // Another point's removal leaves it be.
    expect(
      withPendingChanges(loaded, [adding[0] as PendingBasketChange, change(2, 'p1', null, 0)]).added,
    ).toEqual([adding[0]]);
  });

  it('shows nothing over the loaded basket once no change is on its way', () => {
    expect(changesToShow([], [change(5, 'p1', 'a', 9)])).toEqual([]);
  });

  it('keeps a later click that was answered first over an earlier one still on its way', () => {
    // Clicks 3 → 4 → 5 of one line: the answer of the third came back before the first's.
    const first = change(1, 'p1', 'a', 3);
    const third = change(3, 'p1', 'a', 5);
    const latest = [third, change(2, 'p2', 'c', 1)];
    const shown = changesToShow([first], latest);
    expect(shown).toEqual([first, third]);
    expect(withPendingChanges(loaded, shown).basket.p1?.[0]).toEqual(line('a', 5));
    // Another line's answered change, or an older one of this line, is the loaded basket's business.
    expect(changesToShow([first], [change(0, 'p1', 'a', 1), change(4, 'p1', 'b', 7)])).toEqual([first]);
    expect(changesToShow([first], [change(4, 'p2', 'a', 7), change(5, 'p2', null, 0)])).toEqual([first]);
  });

  it('orders what it shows by when the customer made it, a point’s removal included', () => {
    const removal = change(2, 'p1', null, 0);
    const pending = [change(4, 'p1', 'b', 1), change(1, 'p1', 'a', 3)];
    expect(changesToShow(pending, [removal]).map((item) => item.sequence)).toEqual([1, 2, 4]);
    expect(changesToShow([change(1, 'p1', 'a', 3)], [removal])).toEqual([change(1, 'p1', 'a', 3), removal]);
    // A line added again after its point's removal that is still on its way.
    const readded = change(3, 'p1', 'b', 2);
    expect(changesToShow([removal], [readded, change(3, 'p2', 'c', 1)])).toEqual([removal, readded]);
  });
});
