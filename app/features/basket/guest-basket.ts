import type { Basket, BasketItem, BasketProduct } from '@core/contracts/basket';
import {
  removePoint as dropPoint,
  findLine,
  nextQuantity,
  type QuantityChange,
  setLine,
} from '@core/rules/basket';
import { saleUnitOf } from '@core/rules/sold-by-weight';
import { GUEST_BASKET_STORAGE_KEY, readGuestBasket, writeGuestBasket } from './basket-data';

/**
 * A guest's basket (SPEC §4: it lives on the device): local storage, and a copy in memory that the components
 * subscribe to (useSyncExternalStore). It is the browser's own data, not a copy of the server's: a change is
 * made here at once, by the shared rules (core/rules/basket), and other tabs follow through the `storage`
 * event. The signed-in basket is not here: it is the root loader's (basket-context.tsx, docs/decisions/030).
 */
export function createGuestBasket(storage: () => Storage | null) {
  let basket: Basket | null = null;
  const listeners = new Set<() => void>();

  function publish(next: Basket): void {
    if (next === basket) return;
    basket = next;
    for (const listener of listeners) listener();
  }

  function write(next: Basket): void {
    publish(next);
    writeGuestBasket(storage(), next);
  }

  /** What the device holds now (another tab changed it, or the login merged it into the account's). */
  function reload(): void {
    publish(readGuestBasket(storage()));
  }

  function snapshot(): Basket {
    basket ??= readGuestBasket(storage());
    return basket;
  }

  const onStorage = (event: StorageEvent) => {
    if (event.key === GUEST_BASKET_STORAGE_KEY || event.key === null) reload();
  };

  return {
    subscribe(listener: () => void): () => void {
      if (listeners.size === 0 && typeof window !== 'undefined')
        window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== 'undefined')
          window.removeEventListener('storage', onStorage);
      };
    },

    getSnapshot: snapshot,

    reload,

    /**
     * Sets (`{ quantity }`) or steps (`{ delta }`) the line of `product` at a point, capped at the stock the
     * caller knows (`product.count`); 0 removes it. The product is kept with the line, so the basket shows it
     * without asking the server.
     */
    change(pointId: string, product: BasketProduct, change: QuantityChange): void {
      const current = snapshot();
      const before = findLine(current, pointId, product._id)?.quantity ?? 0;
      const quantity = nextQuantity(before, change, product.count, saleUnitOf(product.by_weight));
      if (quantity === before) return;
      const item: BasketItem = { product, quantity, is_over_stock: false };
      write(setLine(current, pointId, item));
    },

    removePoint(pointId: string): void {
      const current = snapshot();
      const next = dropPoint(current, pointId);
      if (next !== current) write(next);
    },

    /**
     * Today's prices and stock for the basket `sent` (POST preview): taken unless the basket changed while
     * the answer was on its way.
     */
    adoptPreview(sent: Basket, answer: Basket): void {
      if (basket === sent) write(answer);
    },
  };
}

export type GuestBasket = ReturnType<typeof createGuestBasket>;

function localStorageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage switched off
  }
}

/** This tab's guest basket (only read in the browser: the server renders a guest's basket as not read yet). */
export const guestBasket = createGuestBasket(localStorageOrNull);
