import type { Basket } from '@core/contracts/basket';
import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { useToast } from '~/components/ui/toast';
import { useOptionalUser } from '~/features/auth/user';
import { api, errorMessage } from '~/lib/api-client';
import { GUEST_BASKET_STORAGE_KEY } from './basket-data';
import { type BasketStore, createBasketStore } from './basket-store';

const BasketContext = createContext<BasketStore | null>(null);

const EMPTY: Basket = {};

function localStorageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage switched off
  }
}

/**
 * The basket for the whole app (SPEC §4 Basket): a guest's in local storage, a signed-in customer's on the
 * server, behind one API. `loaded` is the signed-in basket the root loader read, so the page is rendered
 * with it and the counters are right at first paint. At login the guest basket is merged in by the login
 * action, before the page data is refreshed (ADR 028).
 */
export function BasketProvider({ loaded, children }: { loaded: Basket | null; children: ReactNode }) {
  const user = useOptionalUser();
  const toast = useToast();
  const [store] = useState(() =>
    createBasketStore({
      initial: loaded,
      isSignedIn: user !== null,
      api: {
        get: (path) => api.get(path),
        post: (path, body) => api.post(path, body),
        put: (path, body) => api.put(path, body),
        patch: (path, body) => api.patch(path, body),
        delete: (path) => api.delete(path),
      },
      storage: localStorageOrNull,
      notify: (notice) => toast.show(notice),
      describeError: errorMessage,
    }),
  );

  const userId = user?._id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: who is signed in decides; `loaded` is read once here.
  useEffect(() => {
    if (userId) void store.startServer(loaded);
    else store.startGuest();
  }, [store, userId]);

  useEffect(() => {
    if (loaded) store.adoptLoaded(loaded);
  }, [store, loaded]);

  // Other tabs: a guest's basket changes in storage; a signed-in one is read again when the tab comes back.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === GUEST_BASKET_STORAGE_KEY || event.key === null) store.reloadGuest();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible' && userId) void store.refresh();
    };
    window.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [store, userId]);

  return <BasketContext value={store}>{children}</BasketContext>;
}

export function useBasketStore(): BasketStore {
  const store = useContext(BasketContext);
  if (!store) throw new Error('useBasketStore must be used inside <BasketProvider>');
  return store;
}

/** How many of a product are in the basket at a point; re-renders only when that number changes. */
export function useBasketQuantity(pointId: string | undefined, productId: string): number {
  const store = useBasketStore();
  const read = () => (pointId ? store.quantityOf(pointId, productId) : 0);
  return useSyncExternalStore(store.subscribe, read, read);
}

/** Lines in the basket, for the header badge (0 until a guest's device copy is read). */
export function useBasketCount(): number {
  const store = useContext(BasketContext);
  const subscribe = store?.subscribe ?? noSubscription;
  const read = () => store?.getLineCount() ?? 0;
  return useSyncExternalStore(subscribe, read, read);
}

/** The whole basket and whether it is known yet (a guest's is read from the device after hydration). */
export function useBasket(): { basket: Basket; isReady: boolean } {
  const store = useBasketStore();
  const basket = useSyncExternalStore(store.subscribe, store.getBasket, store.getBasket);
  const isReady = useSyncExternalStore(store.subscribe, store.getIsReady, store.getIsReady);
  return { basket: isReady ? basket : EMPTY, isReady };
}

const noSubscription = () => () => {};
