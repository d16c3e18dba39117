import type { Basket, BasketProduct } from '@core/contracts/basket';
import {
  changesToShow,
  countLines,
  findLine,
  nextQuantity,
  type PendingBasketChange,
  type QuantityChange,
  withPendingChanges,
} from '@core/rules/basket';
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useFetcher, useFetchers, useRouteLoaderData, useSubmit } from 'react-router';
import { useToast } from '~/components/ui/toast';
import { useOptionalUser } from '~/features/auth/user';
import { useHydrated } from '~/lib/use-hydrated';
import type { loader as rootLoader } from '~/root';
import type { action as basketAction } from '~/routes/resources/basket';
import { BASKET_ACTION, lineChangeForm, pendingChangeOf, removePointForm } from './basket-form';
import { guestBasket } from './guest-basket';

/**
 * What every basket control needs, the same for a guest and a signed-in customer: the basket as it is shown
 * now, and the two changes a customer makes.
 */
export type BasketApi = {
  basket: Basket;
  /** False while a guest's basket is not read from the device yet (the server's render, hydration). */
  isReady: boolean;
  /** The signed-in basket could not be loaded with the page. */
  hasFailed: boolean;
  /** Lines in the basket: the header badge. */
  lineCount: number;
  quantityOf(pointId: string, productId: string): number;
  /**
   * Sets (`{ quantity }`) or steps (`{ delta }`) the line of `product` at a point, capped at the stock the
   * caller knows (`product.count`); 0 removes it.
   */
  change(pointId: string, product: BasketProduct, change: QuantityChange): void;
  /** Removes a point's whole group. */
  removePoint(pointId: string): void;
};

const BasketContext = createContext<BasketApi | null>(null);

const EMPTY: Basket = {};
const emptyGuestBasket = () => EMPTY;

const lineKey = (pointId: string, productId: string | null) => `${pointId}:${productId ?? '*'}`;
const CHANGE_KEY_PREFIX = 'basket-change:';
const REFUSAL_TOAST_ID = 'basket-refused';

/** Orders the changes of this tab (the fetchers' keys and the forms' `sequence`). */
let lastSequence = 0;

type Shown = { basket: Basket; added: readonly PendingBasketChange[] };
type KeyedChange = PendingBasketChange & { key: string };
type LatestChange = PendingBasketChange & { name?: string };

function quantityIn(shown: Shown, pointId: string, productId: string): number {
  const line = findLine(shown.basket, pointId, productId);
  if (line) return line.quantity;
  return (
    shown.added.find((change) => change.pointId === pointId && change.productId === productId)?.quantity ?? 0
  );
}

/**
 * The basket for the whole app (SPEC §4 Basket; docs/decisions/030), behind one API:
 *
 * - a guest's lives on the device (guest-basket.ts) and changes there at once;
 * - a signed-in customer's is the root loader's. A change posts to the resource route /resources/basket with a
 *   fetcher of its own, and is shown at once from the fetchers' forms: every line shows the latest change
 *   made of it while any change of it is on its way, so quick clicks count up without flicker whatever order
 *   the answers come back in. The router then revalidates the root loader, which has the server's last word
 *   (stock); the forms carry steps (`delta`), which add up on the server in any order.
 */
export function BasketProvider({ children }: { children: ReactNode }) {
  const isAuthenticated = useOptionalUser() !== null;
  const loaded = useRouteLoaderData<typeof rootLoader>('root')?.basket ?? null;
  const isHydrated = useHydrated();
  const guest = useSyncExternalStore(guestBasket.subscribe, guestBasket.getSnapshot, emptyGuestBasket);
  const fetchers = useFetchers();
  const submit = useSubmit();
  /** The latest change made of each line and point (and the product's name, for the notice). */
  const latest = useRef(new Map<string, LatestChange>());
  /** Changes whose outcome is not told yet (ChangeOutcome). */
  const [outstanding, setOutstanding] = useState<readonly KeyedChange[]>([]);
  const settle = useCallback((key: string) => {
    // With the router's own updates (transitions): a page being rendered is not started over for it.
    startTransition(() => setOutstanding((list) => list.filter((item) => item.key !== key)));
  }, []);

  // A guest again (logout, or from the start): whatever the device holds now.
  useEffect(() => {
    if (!isAuthenticated) guestBasket.reload();
  }, [isAuthenticated]);

  const pending: KeyedChange[] = [];
  if (isAuthenticated) {
    for (const fetcher of fetchers) {
      if (fetcher.state === 'idle' || fetcher.formAction !== BASKET_ACTION) continue;
      const change = pendingChangeOf(fetcher.formData);
      if (change) pending.push({ ...change, key: fetcher.key });
    }
  }
  const pendingKey = pending.map((change) => change.key).join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `pendingKey` stands for `pending`; `latest` is read when the changes on their way change.
  const shown = useMemo<Shown>(() => {
    if (!isAuthenticated) return { basket: isHydrated ? guest : EMPTY, added: [] };
    return withPendingChanges(loaded ?? EMPTY, changesToShow(pending, latest.current.values()));
  }, [isAuthenticated, isHydrated, guest, loaded, pendingKey]);
  // What the next click counts from: the basket as last rendered (changes are rendered at once, flushSync).
  const current = useRef(shown);
  current.current = shown;

  /** Posts a change of the signed-in basket with a fetcher of its own. */
  const send = useCallback(
    (change: LatestChange, form: Record<string, string>) => {
      const key = `${CHANGE_KEY_PREFIX}${change.sequence}`;
      latest.current.set(lineKey(change.pointId, change.productId), change);
      setOutstanding((list) => [...list, { ...change, key }]);
      void submit(form, {
        method: 'post',
        action: BASKET_ACTION,
        navigate: false,
        fetcherKey: key,
        // Rendered before the next click is handled, so that click counts from this one.
        flushSync: true,
        // Only the root loader has the basket (its shouldRevalidate asks for it); pages keep their data.
        defaultShouldRevalidate: false,
      });
    },
    [submit],
  );

  const change = useCallback(
    (pointId: string, product: BasketProduct, step: QuantityChange) => {
      if (!isAuthenticated) {
        guestBasket.change(pointId, product, step);
        return;
      }
      const before = quantityIn(current.current, pointId, product._id);
      const wanted = nextQuantity(before, step, product.count);
      if (wanted === before) return;
      lastSequence += 1;
      const sequence = lastSequence;
      send(
        { sequence, pointId, productId: product._id, quantity: wanted, name: product.name },
        lineChangeForm({ pointId, productId: product._id, delta: wanted - before, wanted, sequence }),
      );
    },
    [isAuthenticated, send],
  );

  const removePoint = useCallback(
    (pointId: string) => {
      if (!isAuthenticated) {
        guestBasket.removePoint(pointId);
        return;
      }
      lastSequence += 1;
      const sequence = lastSequence;
      send({ sequence, pointId, productId: null, quantity: 0 }, removePointForm(pointId, sequence));
    },
    [isAuthenticated, send],
  );

  const value = useMemo<BasketApi>(
    () => ({
      basket: shown.basket,
      isReady: isAuthenticated ? loaded !== null : isHydrated,
      hasFailed: isAuthenticated && loaded === null,
      lineCount: countLines(shown.basket) + shown.added.length,
      quantityOf: (pointId, productId) => quantityIn(shown, pointId, productId),
      change,
      removePoint,
    }),
    [shown, isAuthenticated, isHydrated, loaded, change, removePoint],
  );

  return (
    <BasketContext value={value}>
      {children}
      {outstanding.map((item) => (
        <ChangeOutcome key={item.key} change={item} latest={latest.current} onSettled={settle} />
      ))}
    </BasketContext>
  );
}

/**
 * Tells the customer how one change of the signed-in basket ended, once its answer is here: a refusal as a
 * warning toast with the server's message (a guest again, a point that no longer sells the product, a full
 * basket), and the latest change of a line that the point's stock cut short as 'Осталось N шт.' or
 * 'Товар закончился'. It holds the change's fetcher until then (so its answer is kept to be read, however
 * quickly the router moved on), and lets go of it afterwards, so the router forgets both.
 */
function ChangeOutcome({
  change,
  latest,
  onSettled,
}: {
  change: KeyedChange;
  latest: ReadonlyMap<string, LatestChange>;
  onSettled: (key: string) => void;
}) {
  const fetcher = useFetcher<typeof basketAction>({ key: change.key });
  const toast = useToast();
  const hasStarted = useRef(false);
  if (fetcher.state !== 'idle') hasStarted.current = true;
  const answer = fetcher.data;
  const isDone = fetcher.state === 'idle' && (hasStarted.current || answer !== undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: told once, when the change is done.
  useEffect(() => {
    if (!isDone) return;
    onSettled(change.key);
    if (!answer) return; // The action failed outright: the error page says so.
    if (!answer.ok) {
      // Quick clicks refused for one reason are told once.
      toast.close(REFUSAL_TOAST_ID);
      toast.show({ id: REFUSAL_TOAST_ID, type: 'warning', title: answer.message });
      return;
    }
    if (answer.intent !== 'change' || change.productId === null) return;
    const newest = latest.get(lineKey(change.pointId, change.productId));
    if (newest?.sequence !== change.sequence || answer.quantity >= change.quantity) return;
    toast.show({
      type: 'info',
      title: answer.quantity === 0 ? 'Товар закончился' : `Осталось ${answer.quantity} шт.`,
      content: newest.name,
    });
  }, [isDone]);
  return null;
}

export function useBasket(): BasketApi {
  const value = useContext(BasketContext);
  if (!value) throw new Error('useBasket must be used inside <BasketProvider>');
  return value;
}

/** How many of a product are in the basket at a point (what its counters show). */
export function useBasketQuantity(pointId: string | undefined, productId: string): number {
  const { quantityOf } = useBasket();
  return pointId ? quantityOf(pointId, productId) : 0;
}

/** Lines in the basket, for the header badge (0 until a guest's device copy is read). */
export function useBasketCount(): number {
  return useContext(BasketContext)?.lineCount ?? 0;
}
