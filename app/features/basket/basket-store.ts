import type { Basket, BasketItem, BasketProduct } from '@core/contracts/basket';
import {
  countLines,
  removePoint as dropPoint,
  findLine,
  nextQuantity,
  type QuantityChange,
  setLine,
  toBasketData,
} from '@core/rules/basket';
import { parseBasket, readGuestBasket, writeGuestBasket } from './basket-data';

/** The calls the basket makes (app/lib/api-client's `api` in the app, a fake in tests). */
export type BasketApi = {
  get(path: string): Promise<unknown>;
  post(path: string, body: unknown): Promise<unknown>;
  put(path: string, body: unknown): Promise<unknown>;
  patch(path: string, body: unknown): Promise<unknown>;
  delete(path: string): Promise<unknown>;
};

export type BasketNotice = { type: 'warning' | 'info'; title: string; content?: string };

export type BasketStoreOptions = {
  /** The signed-in basket the page was rendered with (root loader); null for a guest or when it failed. */
  initial: Basket | null;
  isSignedIn: boolean;
  api: BasketApi;
  /** Local storage, or null where there is none (the server render). */
  storage: () => Storage | null;
  notify: (notice: BasketNotice) => void;
  /** A customer-readable message for a failed call. */
  describeError: (error: unknown) => string;
};

/**
 * The basket of this browser tab, outside React so that each add-to-basket control re-renders only when its
 * own line changes (useSyncExternalStore with a selector). The same calls serve both baskets:
 *
 * - a guest's lives in local storage and changes at once, by the shared rules (core/rules/basket);
 * - a signed-in customer's lives on the server: a change shows at once (by the same rules), the calls go out
 *   one after another, and the server's answer is adopted when no other change is on its way — it has the
 *   last word on stock.
 */
export function createBasketStore(options: BasketStoreOptions) {
  const { api } = options;
  let basket: Basket = options.initial ?? {};
  let isReady = options.isSignedIn && options.initial !== null;
  let mode: 'guest' | 'server' = options.isSignedIn ? 'server' : 'guest';
  let lineCount = countLines(basket);
  /** Bumps at sign-in and sign-out: answers about the previous customer's basket are then ignored. */
  let epoch = 0;
  /** Bumps at every local change: a guest preview answered after a change is not adopted. */
  let version = 0;
  /** Server changes sent and not yet answered. */
  let pending = 0;
  let queue: Promise<unknown> = Promise.resolve();
  let merging: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  function publish(next: Basket, ready = true): void {
    if (next === basket && ready === isReady) return;
    basket = next;
    isReady = ready;
    lineCount = countLines(next);
    for (const listener of listeners) listener();
  }

  /** Calls to the server run one at a time, in the order the customer made the changes. */
  function enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  }

  function warn(error: unknown): void {
    options.notify({ type: 'warning', title: options.describeError(error) });
  }

  async function reload(startedEpoch: number): Promise<void> {
    try {
      const answer = parseBasket(await api.get('/api/user/me/basket'));
      if (answer && startedEpoch === epoch && pending === 0 && mode === 'server') publish(answer);
    } catch (error) {
      if (startedEpoch !== epoch) return;
      warn(error);
      if (!isReady) publish(basket);
    }
  }

  /** Sends one change of a signed-in basket and tells the customer when the point had less than asked. */
  function send(request: () => Promise<unknown>, check?: (answer: Basket) => void): void {
    pending += 1;
    const startedEpoch = epoch;
    void enqueue(async () => {
      let answer: Basket | null = null;
      try {
        answer = parseBasket(await request());
      } catch (error) {
        pending -= 1;
        if (startedEpoch !== epoch) return;
        warn(error);
        if (pending === 0) await reload(startedEpoch);
        return;
      }
      pending -= 1;
      if (!answer || startedEpoch !== epoch) return;
      check?.(answer);
      if (pending === 0) publish(answer);
    });
  }

  function changeLocally(next: Basket): void {
    version += 1;
    publish(next);
    if (mode === 'guest') writeGuestBasket(options.storage(), next);
  }

  /** Today's prices and stock: the server's basket, or the guest basket as the server sees it now. */
  function refresh(): Promise<void> {
    const startedEpoch = epoch;
    if (mode === 'server') return enqueue(() => reload(startedEpoch));
    const startedVersion = version;
    const guest = basket;
    if (Object.keys(guest).length === 0) return Promise.resolve();
    return enqueue(async () => {
      try {
        const answer = parseBasket(await api.post('/api/basket/preview', { data: toBasketData(guest) }));
        if (!answer || startedEpoch !== epoch || startedVersion !== version) return;
        publish(answer);
        writeGuestBasket(options.storage(), answer);
      } catch {
        // The stored copy is still shown; today's prices come with the next visit.
      }
    });
  }

  /**
   * SPEC §4 Login 3: the guest basket is uploaded and merged into the signed-in one (nothing lost, the
   * larger quantity wins, capped at stock), then the device copy is cleared. Lines the points cannot
   * sell any more are not added: the customer is told.
   */
  function mergeGuest(): Promise<void> {
    if (merging) return merging;
    const guest = readGuestBasket(options.storage());
    if (Object.keys(guest).length === 0) return Promise.resolve();
    pending += 1;
    merging = enqueue(async () => {
      let answer: Basket | null;
      try {
        answer = parseBasket(await api.put('/api/user/me/basket/points', { data: toBasketData(guest) }));
      } finally {
        pending -= 1;
        merging = null;
      }
      writeGuestBasket(options.storage(), {});
      mode = 'server';
      if (!answer) return;
      const isMissing = Object.entries(guest).some(([pointId, group]) =>
        group.some((line) => !findLine(answer, pointId, line.product._id)),
      );
      if (isMissing) {
        options.notify({
          type: 'info',
          title: 'Часть товаров закончилась',
          content: 'Их нет в наличии, в корзину они не попали',
        });
      }
      if (pending === 0) publish(answer);
    });
    return merging;
  }

  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getBasket: (): Basket => basket,
    getIsReady: (): boolean => isReady,
    /** Lines in the basket: the header badge. */
    getLineCount: (): number => lineCount,
    quantityOf: (pointId: string, productId: string): number =>
      findLine(basket, pointId, productId)?.quantity ?? 0,

    /**
     * Sets (`{ quantity }`) or steps (`{ delta }`) the line of `product` at a point, capped at the stock the
     * caller knows (`product.count`); 0 removes it. The product travels with the change so a guest basket can
     * show it without asking the server.
     */
    change(pointId: string, product: BasketProduct, change: QuantityChange): void {
      const current = findLine(basket, pointId, product._id)?.quantity ?? 0;
      const quantity = nextQuantity(current, change, product.count);
      if (quantity === current) return;
      const item: BasketItem = { product, quantity, is_over_stock: false };
      changeLocally(setLine(basket, pointId, item));
      if (mode === 'guest') return;
      const body =
        'delta' in change
          ? { warehouse_id: pointId, product_id: product._id, delta: change.delta }
          : { warehouse_id: pointId, product_id: product._id, quantity };
      send(
        () => api.patch('/api/user/me/basket', body),
        (answer) => {
          const got = findLine(answer, pointId, product._id)?.quantity ?? 0;
          if (got >= quantity) return;
          options.notify({
            type: 'info',
            title: got === 0 ? 'Товар закончился' : `Осталось ${got} шт.`,
            content: product.name,
          });
        },
      );
    },

    /** Removes a point's whole group. */
    removePoint(pointId: string): void {
      if (!(pointId in basket)) return;
      changeLocally(dropPoint(basket, pointId));
      if (mode === 'server') send(() => api.delete(`/api/user/me/basket/${encodeURIComponent(pointId)}`));
    },

    refresh,

    /** Signed out (or a guest from the start): the basket of this device. */
    startGuest(): void {
      epoch += 1;
      mode = 'guest';
      publish(readGuestBasket(options.storage()));
    },

    /** Another tab changed the guest basket. */
    reloadGuest(): void {
      if (mode === 'guest') publish(readGuestBasket(options.storage()));
    },

    /**
     * Signed in: the server's basket. `loaded` is what the page was rendered with; without it the basket
     * is asked for. A guest basket still on the device is merged in first.
     */
    startServer(loaded: Basket | null): Promise<void> {
      epoch += 1;
      mode = 'server';
      if (loaded && pending === 0) publish(loaded);
      const merged = mergeGuest().catch((error: unknown) => warn(error));
      return loaded ? merged : merged.then(refresh);
    },

    /** A fresher basket from the page's data (the root loader ran again), unless changes are on their way. */
    adoptLoaded(loaded: Basket): void {
      if (mode === 'server' && pending === 0) publish(loaded);
    },

    mergeGuest,
  };
}

export type BasketStore = ReturnType<typeof createBasketStore>;
