import type { Basket, BasketProduct } from '@core/contracts/basket';
import {
  countLines,
  findLine,
  nextQuantity,
  type PendingBasketChange,
  type QuantityChange,
  withPendingChanges,
} from '@core/rules/basket';
import { saleUnitOf } from '@core/rules/sold-by-weight';
import {
  createContext,
  type FormEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { Form, useFetchers, useSubmit } from 'react-router';
import { useToast } from '~/components/ui/toast';
import { useOptionalUser } from '~/features/auth/user';
import { useRootData } from '~/lib/root-data';
import { useHydrated } from '~/lib/use-hydrated';
import { basketAnswers, noteBasketForm, onBasketNotice } from './basket-changes';
import { BASKET_ACTION, BASKET_FIELD, pendingChangeOf } from './basket-form';
import { guestBasket } from './guest-basket';

/**
 * What every basket control needs, the same for a guest and a signed-in customer: the basket as it is shown
 * now, and the changes a customer makes.
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
   * caller knows (`product.count`); 0 removes it. For what is not a form's button (a typed quantity).
   */
  change(pointId: string, product: BasketProduct, change: QuantityChange): void;
  /** Removes a point's whole group (the dialog's yes). */
  removePoint(pointId: string): void;
  /** A basket form's submit (BasketForm): the fetcher's post, or a guest's change on the device. */
  submitForm(event: FormEvent<HTMLFormElement>, product: BasketProduct | undefined): void;
  /** The same for the fields a control builds itself (a grid card's basket buttons, which have no form). */
  submitFields(form: FormData, product: BasketProduct | undefined): void;
};

const BasketContext = createContext<BasketApi | null>(null);

const EMPTY: Basket = {};
const emptyGuestBasket = () => EMPTY;
const FETCHER_KEY_PREFIX = 'basket:';
const REDIRECT_FIELD = BASKET_FIELD.redirectTo;

type Shown = { basket: Basket; added: ReadonlyMap<string, number> };

function quantityIn(shown: Shown, pointId: string, productId: string): number {
  return (
    findLine(shown.basket, pointId, productId)?.quantity ?? shown.added.get(`${pointId}:${productId}`) ?? 0
  );
}

/**
 * The signed-in basket as the customer sees it (docs/decisions/043, Hydrogen's `useOptimisticCart`): the
 * server's newest word — the root loader's basket, or a basket action's answer that came after it — with the
 * changes still on their way (the basket fetchers' forms, useFetchers) applied on top. No loader runs after
 * a basket action: the answer is the whole basket. `keys` are the basket fetchers the router holds.
 */
export function useOptimisticBasket(loaded: Basket | null): Shown & { keys: string[]; isLoaded: boolean } {
  const answer = useSyncExternalStore(
    basketAnswers.subscribe,
    basketAnswers.getSnapshot,
    basketAnswers.getServerSnapshot,
  );
  // A loader's basket is newer than every answer that came before it (a navigation, a login read it again).
  const [seen, setSeen] = useState(() => ({ loaded, epoch: answer?.epoch ?? 0 }));
  let epochAtLoad = seen.epoch;
  if (seen.loaded !== loaded) {
    epochAtLoad = answer?.epoch ?? 0;
    setSeen({ loaded, epoch: epochAtLoad });
  }
  const base = answer && answer.epoch > epochAtLoad ? answer.basket : loaded;
  const fetchers = useFetchers();
  const keys: string[] = [];
  const pending: PendingBasketChange[] = [];
  for (const fetcher of fetchers) {
    if (fetcher.formAction !== BASKET_ACTION || !fetcher.formData) continue;
    keys.push(fetcher.key);
    if (basketAnswers.isAnswered(fetcher.formData)) continue;
    const change = pendingChangeOf(fetcher.formData);
    if (change) pending.push(change);
  }
  const shown = withPendingChanges(base ?? EMPTY, pending);
  return { ...shown, keys, isLoaded: base !== null };
}

/** The form's fields, with the button that sent it (its `name=value`), as the browser would post them. */
function formDataOf(event: FormEvent<HTMLFormElement>): FormData {
  const form = new FormData(event.currentTarget);
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  if (submitter instanceof HTMLButtonElement && submitter.name) form.append(submitter.name, submitter.value);
  // Where a page without JavaScript goes back to: a fetcher stays on its page, the server is not told.
  form.delete(REDIRECT_FIELD);
  return form;
}

/**
 * The basket for the whole app (SPEC §4 Basket; docs/decisions/043), behind one API:
 *
 * - a guest's lives on the device (guest-basket.ts) and changes there at once;
 * - a signed-in customer's is the server's (useOptimisticBasket). A change is a basket form's post to
 *   /resources/basket through a fetcher of its own, never aborted by the next; the route's clientAction sends
 *   this tab's changes one at a time (basket-changes.ts) and tells how they ended (the toasts below).
 */
export function BasketProvider({ children }: { children: ReactNode }) {
  const isAuthenticated = useOptionalUser() !== null;
  const loaded = useRootData()?.basket ?? null;
  const isHydrated = useHydrated();
  const guest = useSyncExternalStore(guestBasket.subscribe, guestBasket.getSnapshot, emptyGuestBasket);
  const optimistic = useOptimisticBasket(loaded);
  const submit = useSubmit();
  const toast = useToast();

  // A guest again (logout, or from the start): whatever the device holds now.
  useEffect(() => {
    if (!isAuthenticated) guestBasket.reload();
  }, [isAuthenticated]);

  // How the changes ended: a refusal, or a line the stock cut short.
  useEffect(
    () =>
      onBasketNotice((notice) => {
        if (notice.id) toast.close(notice.id);
        toast.show(notice);
      }),
    [toast],
  );

  const shown: Shown = isAuthenticated
    ? optimistic
    : { basket: isHydrated ? guest : EMPTY, added: new Map() };
  // What the next click counts from, and the fetcher keys in use (a key is never reused while on its way).
  const current = useRef(shown);
  current.current = shown;
  const keysInUse = useRef(new Set<string>());
  keysInUse.current = new Set(optimistic.keys);

  const send = useCallback(
    (form: FormData, expected: number | null, name?: string) => {
      let index = 0;
      while (keysInUse.current.has(`${FETCHER_KEY_PREFIX}${index}`)) index += 1;
      const key = `${FETCHER_KEY_PREFIX}${index}`;
      keysInUse.current.add(key);
      noteBasketForm(form, expected, name);
      void submit(form, {
        method: 'post',
        action: BASKET_ACTION,
        navigate: false,
        fetcherKey: key,
        // Rendered before the next click is handled, so that click counts from this one.
        flushSync: true,
        // The answer is the whole basket: no loader runs again for it (the root's 401 rule aside).
        defaultShouldRevalidate: false,
      });
    },
    [submit],
  );

  const sendChange = useCallback(
    (form: FormData, product: BasketProduct | undefined) => {
      const change = pendingChangeOf(form);
      if (!change) return;
      const { pointId, productId } = change;
      if (!isAuthenticated) {
        if (productId === null) guestBasket.removePoint(pointId);
        else if (product) guestBasket.change(pointId, product, change.change);
        return;
      }
      if (productId === null) {
        send(form, null);
        return;
      }
      const before = quantityIn(current.current, pointId, productId);
      const line = findLine(current.current.basket, pointId, productId);
      const stock = line?.product.count ?? product?.count;
      const unit = saleUnitOf(line?.product.by_weight ?? product?.by_weight);
      send(form, nextQuantity(before, change.change, stock ?? Number.MAX_SAFE_INTEGER, unit), product?.name);
    },
    [isAuthenticated, send],
  );

  const change = useCallback(
    (pointId: string, product: BasketProduct, step: QuantityChange) => {
      const form = new FormData();
      form.set(BASKET_FIELD.intent, 'change');
      form.set(BASKET_FIELD.point, pointId);
      form.set(BASKET_FIELD.product, product._id);
      if ('quantity' in step) form.set(BASKET_FIELD.quantity, String(step.quantity));
      else form.set(BASKET_FIELD.delta, String(step.delta));
      sendChange(form, product);
    },
    [sendChange],
  );

  const removePoint = useCallback(
    (pointId: string) => {
      const form = new FormData();
      form.set(BASKET_FIELD.intent, 'remove-point');
      form.set(BASKET_FIELD.point, pointId);
      sendChange(form, undefined);
    },
    [sendChange],
  );

  const submitForm = useCallback(
    (event: FormEvent<HTMLFormElement>, product: BasketProduct | undefined) => {
      event.preventDefault();
      sendChange(formDataOf(event), product);
    },
    [sendChange],
  );

  const value = useMemo<BasketApi>(
    () => ({
      basket: shown.basket,
      isReady: isAuthenticated ? optimistic.isLoaded : isHydrated,
      hasFailed: isAuthenticated && !optimistic.isLoaded,
      lineCount: countLines(shown.basket) + shown.added.size,
      quantityOf: (pointId, productId) => quantityIn(shown, pointId, productId),
      change,
      removePoint,
      submitForm,
      submitFields: sendChange,
    }),
    [shown, isAuthenticated, isHydrated, optimistic.isLoaded, change, removePoint, submitForm, sendChange],
  );

  return <BasketContext value={value}>{children}</BasketContext>;
}

/**
 * A basket control's form (docs/decisions/043): a real form posting to /resources/basket, so it works before
 * hydration and without JavaScript (the server then goes back to this page); with JavaScript a fetcher posts
 * it and the basket shows the change at once. `product`: what a guest's basket keeps of the line.
 */
export function BasketForm({
  product,
  className,
  children,
}: {
  product?: BasketProduct;
  className?: string;
  children: ReactNode;
}) {
  const { submitForm } = useBasket();
  // No `redirectTo` field: without JavaScript the server goes back to the Referer's page (ADR 044), and a
  // resource route has no route module to discover (grids render dozens of these forms).
  return (
    <Form
      method="post"
      action={BASKET_ACTION}
      navigate={false}
      discover="none"
      className={className}
      onSubmit={(event) => submitForm(event, product)}
    >
      {children}
    </Form>
  );
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
