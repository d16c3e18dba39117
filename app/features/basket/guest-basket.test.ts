import type { Basket, BasketProduct } from '@core/contracts/basket';
import { findLine } from '@core/rules/basket';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../../tests/setup/memory-storage';
import { GUEST_BASKET_STORAGE_KEY, parseBasket, readGuestBasket } from './basket-data';
import { createGuestBasket } from './guest-basket';

const product = (id: string, count: number): BasketProduct => ({
  _id: id,
  slug: `tovar-${id}`,
  name: `Товар ${id}`,
  img: null,
  price: 10_000,
  discount: 0,
  weight: 500,
  store: { _id: 'shop', name: 'Ферма', slug: 'ferma' },
  count,
});

const basketWith = (pointId: string, id: string, quantity: number, count = 10): Basket => ({
  [pointId]: [{ product: product(id, count), quantity, is_over_stock: quantity > count }],
});

function setup() {
  const storage = new MemoryStorage();
  const basket = createGuestBasket(() => storage);
  let renders = 0;
  basket.subscribe(() => {
    renders += 1;
  });
  const quantityOf = (pointId: string, productId: string) =>
    findLine(basket.getSnapshot(), pointId, productId)?.quantity;
  return { basket, storage, quantityOf, renders: () => renders };
}

/** SPEC §4: a guest's basket lives on the device and changes there at once, by the shared rules. */
describe('the guest basket', () => {
  it('shows what the device holds', () => {
    const { storage, quantityOf } = setup();
    storage.setItem(GUEST_BASKET_STORAGE_KEY, JSON.stringify(basketWith('p1', 'milk', 2)));
    expect(quantityOf('p1', 'milk')).toBe(2);
  });

  it('adds, steps and removes by the shared rules and keeps the device copy', () => {
    const { basket, storage, quantityOf } = setup();
    basket.change('p1', product('milk', 3), { delta: 1 });
    basket.change('p1', product('milk', 3), { quantity: 7 });
    expect(quantityOf('p1', 'milk')).toBe(3);
    basket.change('p2', product('bread', 5), { delta: 1 });
    expect(readGuestBasket(storage)).toEqual(basket.getSnapshot());
    expect(Object.keys(basket.getSnapshot())).toEqual(['p1', 'p2']);

    basket.change('p1', product('milk', 3), { quantity: 0 });
    expect(Object.keys(basket.getSnapshot())).toEqual(['p2']);
    basket.removePoint('p2');
    expect(basket.getSnapshot()).toEqual({});
    expect(storage.getItem(GUEST_BASKET_STORAGE_KEY)).toBeNull();
  });

  it('does nothing for 0 of a line that is not there, nor for a step past the stock, and tells no one', () => {
    const { basket, renders } = setup();
    basket.change('p1', product('milk', 1), { delta: 1 });
    const before = renders();
    basket.change('p2', product('milk', 3), { delta: -1 });
    basket.change('p2', product('milk', 3), { quantity: 0 });
    basket.change('p1', product('milk', 1), { delta: 1 });
    basket.removePoint('p9');
    expect(renders()).toBe(before);
  });

  it('reads the device again when told (another tab, or the login took the basket)', () => {
    const { basket, storage, quantityOf, renders } = setup();
    basket.change('p1', product('milk', 3), { delta: 2 });
    storage.removeItem(GUEST_BASKET_STORAGE_KEY);
    expect(quantityOf('p1', 'milk')).toBe(2);
    const before = renders();
    basket.reload();
    expect(basket.getSnapshot()).toEqual({});
    expect(renders()).toBe(before + 1);
  });

  it('takes today’s prices and stock from the preview unless the customer changed something meanwhile', () => {
    const { basket, storage, quantityOf } = setup();
    basket.change('p1', product('milk', 3), { delta: 1 });
    const sent = basket.getSnapshot();
    basket.adoptPreview(sent, basketWith('p1', 'milk', 1, 0));
    expect(basket.getSnapshot().p1?.[0]).toMatchObject({ is_over_stock: true, product: { count: 0 } });
    expect(readGuestBasket(storage).p1?.[0]?.product.count).toBe(0);

    const later = basket.getSnapshot();
    basket.change('p1', product('milk', 9), { quantity: 4 });
    basket.adoptPreview(later, basketWith('p1', 'milk', 1));
    expect(quantityOf('p1', 'milk')).toBe(4);
  });
});

describe('parseBasket', () => {
  it('drops malformed lines and empty groups, and recomputes the stock flag', () => {
    const good = basketWith('p1', 'milk', 4, 2).p1?.[0];
    expect(
      parseBasket({
        p1: [
          { ...good, is_over_stock: false },
          { product: { _id: 'x' }, quantity: 1 },
        ],
        p2: [{ ...good, quantity: 0 }],
        p3: 'нет',
      }),
    ).toEqual({ p1: [{ ...good, is_over_stock: true }] });
    expect(parseBasket([])).toBeNull();
    expect(parseBasket('корзина')).toBeNull();
  });

  it('keeps grams of goods sold by weight with their terms', () => {
    const cheese = { ...product('cheese', 5_000), by_weight: { step: 100, min: 200, piece: null } };
    const line = { product: cheese, quantity: 1_200, is_over_stock: false };
    expect(parseBasket({ p1: [line] })).toEqual({ p1: [line] });
    // Pieces stay within the counter's 999, grams within 20 kg; terms without a step are no terms.
    expect(parseBasket({ p1: [{ product: product('milk', 5_000), quantity: 1_200 }] })).toEqual({});
    expect(parseBasket({ p1: [{ ...line, quantity: 20_001 }] })).toEqual({});
    expect(
      parseBasket({ p1: [{ ...line, quantity: 900, product: { ...cheese, by_weight: { min: 200 } } }] }),
    ).toEqual({ p1: [{ product: product('cheese', 5_000), quantity: 900, is_over_stock: false }] });
  });
});
