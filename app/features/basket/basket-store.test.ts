import type { Basket, BasketProduct } from '@core/contracts/basket';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../../tests/setup/memory-storage';
import { GUEST_BASKET_STORAGE_KEY, parseBasket, readGuestBasket } from './basket-data';
import { type BasketApi, type BasketNotice, createBasketStore } from './basket-store';

type Call = {
  method: string;
  path: string;
  body?: unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
};

/** An API whose calls wait until the test answers them, in the order they were made. */
function fakeApi() {
  const calls: Call[] = [];
  const call = (method: string) => (path: string, body?: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      calls.push({ method, path, body, resolve, reject });
    });
  const api: BasketApi = {
    get: call('GET'),
    post: call('POST'),
    put: call('PUT'),
    patch: call('PATCH'),
    delete: call('DELETE'),
  };
  return { api, calls };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

const product = (id: string, count: number, name = `Товар ${id}`): BasketProduct => ({
  _id: id,
  slug: `tovar-${id}`,
  name,
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

function setup({ signedIn = false, initial = null as Basket | null } = {}) {
  const storage = new MemoryStorage();
  const notices: BasketNotice[] = [];
  const { api, calls } = fakeApi();
  const store = createBasketStore({
    initial,
    isSignedIn: signedIn,
    api,
    storage: () => storage,
    notify: (notice) => notices.push(notice),
    describeError: (error) => (error instanceof Error ? error.message : 'ошибка'),
  });
  let renders = 0;
  store.subscribe(() => {
    renders += 1;
  });
  return { store, storage, notices, calls, renders: () => renders };
}

describe('the guest basket', () => {
  it('is not ready until the device copy is read, then shows it', () => {
    const { store, storage } = setup();
    storage.setItem(GUEST_BASKET_STORAGE_KEY, JSON.stringify(basketWith('p1', 'milk', 2)));
    expect(store.getIsReady()).toBe(false);
    store.startGuest();
    expect(store.getIsReady()).toBe(true);
    expect(store.quantityOf('p1', 'milk')).toBe(2);
    expect(store.getLineCount()).toBe(1);
  });

  it('adds, steps and removes by the shared rules and keeps the device copy', () => {
    const { store, storage, calls } = setup();
    store.startGuest();
    store.change('p1', product('milk', 3), { delta: 1 });
    store.change('p1', product('milk', 3), { quantity: 7 });
    expect(store.quantityOf('p1', 'milk')).toBe(3);
    store.change('p2', product('bread', 5), { delta: 1 });
    expect(readGuestBasket(storage)).toEqual(store.getBasket());
    expect(Object.keys(store.getBasket())).toEqual(['p1', 'p2']);

    store.change('p1', product('milk', 3), { quantity: 0 });
    expect(Object.keys(store.getBasket())).toEqual(['p2']);
    store.removePoint('p2');
    expect(store.getBasket()).toEqual({});
    expect(storage.getItem(GUEST_BASKET_STORAGE_KEY)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('does nothing for 0 of a line that is not there, and tells no one', () => {
    const { store, renders } = setup();
    store.startGuest();
    const before = renders();
    store.change('p1', product('milk', 3), { delta: -1 });
    store.change('p1', product('milk', 3), { quantity: 0 });
    expect(renders()).toBe(before);
  });

  it('takes today’s prices and stock from the preview unless the customer changed something meanwhile', async () => {
    const { store, storage, calls } = setup();
    store.startGuest();
    store.change('p1', product('milk', 3), { delta: 1 });
    void store.refresh();
    await tick();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/basket/preview',
      body: { data: { p1: [{ product: 'milk', quantity: 1 }] } },
    });
    calls[0]?.resolve(basketWith('p1', 'milk', 1, 0));
    await tick();
    expect(store.getBasket().p1?.[0]).toMatchObject({ is_over_stock: true, product: { count: 0 } });
    expect(readGuestBasket(storage).p1?.[0]?.product.count).toBe(0);

    void store.refresh();
    await tick();
    store.change('p1', product('milk', 9), { quantity: 4 });
    calls[1]?.resolve(basketWith('p1', 'milk', 1));
    await tick();
    expect(store.quantityOf('p1', 'milk')).toBe(4);
  });
});

describe('the signed-in basket', () => {
  it('shows a change at once, sends one call at a time, and adopts the last answer only', async () => {
    const { store, calls } = setup({ signedIn: true, initial: {} });
    expect(store.getIsReady()).toBe(true);
    store.change('p1', product('milk', 10), { delta: 1 });
    store.change('p1', product('milk', 10), { delta: 1 });
    store.change('p1', product('milk', 10), { quantity: 5 });
    expect(store.quantityOf('p1', 'milk')).toBe(5);
    await tick();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'PATCH',
      path: '/api/user/me/basket',
      body: { warehouse_id: 'p1', product_id: 'milk', delta: 1 },
    });

    calls[0]?.resolve(basketWith('p1', 'milk', 1));
    await tick();
    // Older answers do not undo what the customer already sees.
    expect(store.quantityOf('p1', 'milk')).toBe(5);
    calls[1]?.resolve(basketWith('p1', 'milk', 2));
    await tick();
    expect(calls[2]?.body).toEqual({ warehouse_id: 'p1', product_id: 'milk', quantity: 5 });
    // The server has the last word: another tab had added two more.
    calls[2]?.resolve(basketWith('p1', 'milk', 7));
    await tick();
    expect(store.quantityOf('p1', 'milk')).toBe(7);
  });

  it('tells the customer when the point had less than asked', async () => {
    const { store, calls, notices } = setup({ signedIn: true, initial: {} });
    store.change('p1', product('milk', 10, 'Молоко'), { quantity: 4 });
    await tick();
    calls[0]?.resolve(basketWith('p1', 'milk', 2, 2));
    await tick();
    expect(store.quantityOf('p1', 'milk')).toBe(2);
    expect(notices).toEqual([{ type: 'info', title: 'Осталось 2 шт.', content: 'Молоко' }]);

    store.change('p2', product('honey', 10, 'Мёд'), { delta: 1 });
    await tick();
    calls[1]?.resolve(basketWith('p1', 'milk', 2, 2));
    await tick();
    expect(notices[1]).toEqual({ type: 'info', title: 'Товар закончился', content: 'Мёд' });
  });

  it('warns and reloads the basket when a change fails', async () => {
    const { store, calls, notices } = setup({ signedIn: true, initial: basketWith('p1', 'milk', 1) });
    store.removePoint('p1');
    expect(store.getBasket()).toEqual({});
    await tick();
    expect(calls[0]).toMatchObject({ method: 'DELETE', path: '/api/user/me/basket/p1' });
    calls[0]?.reject(new Error('Нет связи с сервером'));
    await tick();
    expect(notices).toEqual([{ type: 'warning', title: 'Нет связи с сервером' }]);
    expect(calls[1]).toMatchObject({ method: 'GET', path: '/api/user/me/basket' });
    calls[1]?.resolve(basketWith('p1', 'milk', 1));
    await tick();
    expect(store.quantityOf('p1', 'milk')).toBe(1);
  });
});

describe('signing in and out', () => {
  it('merges the guest basket, clears the device copy and tells what could not be added', async () => {
    const { store, storage, calls, notices } = setup();
    store.startGuest();
    store.change('p1', product('milk', 5), { quantity: 2 });
    store.change('p2', product('jam', 5), { quantity: 1 });

    const merged = store.mergeGuest();
    void store.startServer(null);
    await tick();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      path: '/api/user/me/basket/points',
      body: { data: { p1: [{ product: 'milk', quantity: 2 }], p2: [{ product: 'jam', quantity: 1 }] } },
    });
    calls[0]?.resolve({ ...basketWith('p1', 'milk', 3), ...basketWith('p9', 'bread', 1) });
    await merged;
    expect(storage.getItem(GUEST_BASKET_STORAGE_KEY)).toBeNull();
    expect(store.quantityOf('p1', 'milk')).toBe(3);
    expect(notices.map((notice) => notice.title)).toEqual(['Часть товаров закончилась']);
    await tick();
    // Then the basket is read afresh.
    expect(calls[1]).toMatchObject({ method: 'GET' });
  });

  it('ignores answers about the previous customer’s basket after signing out', async () => {
    const { store, calls } = setup({ signedIn: true, initial: {} });
    store.change('p1', product('milk', 5), { delta: 1 });
    store.startGuest();
    expect(store.getBasket()).toEqual({});
    await tick();
    calls[0]?.resolve(basketWith('p1', 'milk', 1));
    await tick();
    expect(store.getBasket()).toEqual({});
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
});
