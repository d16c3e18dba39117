import { describe, expect, it } from 'vitest';
import {
  deliveryFeeFor,
  deliveryTermsOf,
  fullPriceKopecks,
  minimumOrderText,
  missingForFreeDelivery,
  missingForMinimum,
  orderTotals,
  splitByMinimum,
  sumTotals,
  totalsWithFee,
} from './order-totals';

const terms = { fee: 19_900, freeFrom: 200_000 };

describe('fullPriceKopecks', () => {
  it('is the price helper of SPEC §9 in kopecks, and the price itself without a discount', () => {
    // ceil(89.90 / (100 - 10) * 100) = 100 ₽
    expect(fullPriceKopecks(8990, 10)).toBe(10_000);
    expect(fullPriceKopecks(8990, 0)).toBe(8990);
    expect(fullPriceKopecks(8990, 100)).toBe(8990);
  });
});

describe('orderTotals', () => {
  it('adds up on the issue’s pickup order: Товары − Скидка = Итого', () => {
    // Two lines with discounts and one without; the goods cost 949 ₽.
    const lines = [
      { price: 31_900, discount: 25, quantity: 1 }, // full 426 ₽
      { price: 21_900, discount: 25, quantity: 2 }, // full 292 ₽ each
      { price: 19_200, discount: 0, quantity: 1 },
    ];
    const totals = orderTotals(lines, terms, 'pickup');
    expect(totals.goods).toBe(94_900);
    expect(totals).toEqual({
      items: 42_600 + 2 * 29_200 + 19_200,
      savings: 42_600 + 2 * 29_200 + 19_200 - 94_900,
      goods: 94_900,
      fee: 0,
      total: 94_900,
    });
    expect(totals.items - totals.savings + totals.fee).toBe(totals.total);
  });

  it('always adds up, whatever the prices, discounts and quantities', () => {
    for (const price of [1, 99, 8990, 12_345, 100_001]) {
      for (const discount of [0, 1, 7, 33, 50, 99]) {
        for (const quantity of [1, 3, 999]) {
          for (const fulfilment of ['delivery', 'pickup'] as const) {
            const totals = orderTotals([{ price, discount, quantity }], terms, fulfilment);
            expect(totals.items - totals.savings + totals.fee).toBe(totals.total);
            expect(totals.savings).toBeGreaterThanOrEqual(0);
            expect(totals.goods).toBe(price * quantity);
          }
        }
      }
    }
  });

  it('charges delivery below the free threshold of the goods sum, never for pickup', () => {
    const line = (price: number) => [{ price, discount: 50, quantity: 1 }];
    expect(orderTotals(line(150_000), terms, 'delivery').fee).toBe(19_900);
    // The full price (3 000 ₽) is above the threshold, the goods (1 500 ₽) are not: the goods count.
    expect(orderTotals(line(150_000), terms, 'delivery').total).toBe(169_900);
    expect(orderTotals(line(200_000), terms, 'delivery').fee).toBe(0);
    expect(orderTotals(line(150_000), terms, 'pickup').fee).toBe(0);
    expect(orderTotals(line(10), { fee: 9_900, freeFrom: null }, 'delivery').fee).toBe(9_900);
  });

  it('keeps a placed order’s own fee', () => {
    expect(totalsWithFee([{ price: 10_000, discount: 0, quantity: 2 }], 15_000)).toEqual({
      items: 20_000,
      savings: 0,
      goods: 20_000,
      fee: 15_000,
      total: 35_000,
    });
  });

  it('sums several orders placed together', () => {
    const a = orderTotals([{ price: 8990, discount: 10, quantity: 2 }], terms, 'delivery');
    const b = orderTotals([{ price: 50_000, discount: 0, quantity: 1 }], terms, 'pickup');
    const sum = sumTotals([a, b]);
    expect(sum).toEqual({
      items: a.items + b.items,
      savings: a.savings + b.savings,
      goods: a.goods + b.goods,
      fee: a.fee + b.fee,
      total: a.total + b.total,
    });
    expect(sum.items - sum.savings + sum.fee).toBe(sum.total);
    expect(sumTotals([])).toEqual({ items: 0, savings: 0, goods: 0, fee: 0, total: 0 });
  });
});

describe('delivery terms and what is missing', () => {
  it('reads the API store shape', () => {
    expect(deliveryTermsOf({ delivery_fee: 15_000, free_delivery_from: null })).toEqual({
      fee: 15_000,
      freeFrom: null,
    });
  });

  it('is free from the threshold', () => {
    expect(deliveryFeeFor(199_999, terms, 'delivery')).toBe(19_900);
    expect(deliveryFeeFor(200_000, terms, 'delivery')).toBe(0);
    expect(deliveryFeeFor(0, { fee: 9_900, freeFrom: 0 }, 'delivery')).toBe(0);
  });

  it('says how much is missing for the minimum order, in the project’s roubles', () => {
    expect(missingForMinimum(38_000, 50_000)).toBe(12_000);
    expect(missingForMinimum(50_000, 50_000)).toBe(0);
    expect(missingForMinimum(90_000, 50_000)).toBe(0);
    expect(minimumOrderText(12_000)).toBe('Добавьте товаров ещё на 120 ₽');
    expect(minimumOrderText(123_450)).toBe('Добавьте товаров ещё на 1\u00a0234,50 ₽');
  });

  it('says how much is missing for free delivery, only where delivery costs something', () => {
    expect(missingForFreeDelivery(150_000, terms, 'delivery')).toBe(50_000);
    expect(missingForFreeDelivery(250_000, terms, 'delivery')).toBe(0);
    expect(missingForFreeDelivery(150_000, terms, 'pickup')).toBe(0);
    expect(missingForFreeDelivery(150_000, { fee: 19_900, freeFrom: null }, 'delivery')).toBe(0);
    expect(missingForFreeDelivery(150_000, { fee: 0, freeFrom: 200_000 }, 'delivery')).toBe(0);
  });
});

describe('splitByMinimum', () => {
  const group = (shop: string, goods: number, minOrder: number) => ({ shop, goods, minOrder });
  const measure = (item: ReturnType<typeof group>) => item;

  it('lets every shop that reaches its own minimum go, while a short one waits with what it misses', () => {
    const dairy = group('Молочная ферма', 60_000, 50_000);
    const bakery = group('Пекарня', 38_000, 50_000);
    const butcher = group('Мясная лавка', 100_000, 100_000);
    expect(splitByMinimum([dairy, bakery, butcher], measure)).toEqual({
      ready: [dairy, butcher],
      waiting: [{ group: bakery, missing: 12_000 }],
    });
  });

  it('holds every group back only when none reaches its minimum', () => {
    const bakery = group('Пекарня', 0, 50_000);
    expect(splitByMinimum([bakery], measure)).toEqual({
      ready: [],
      waiting: [{ group: bakery, missing: 50_000 }],
    });
    expect(splitByMinimum([], measure)).toEqual({ ready: [], waiting: [] });
  });

  it('sends a shop with no minimum, whatever its sum', () => {
    const free = group('Зелень', 1, 0);
    expect(splitByMinimum([free], measure)).toEqual({ ready: [free], waiting: [] });
  });
});
