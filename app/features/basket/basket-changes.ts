/**
 * This tab's changes of the signed-in basket on their way to the server (docs/decisions/043), in the browser.
 *
 * Every basket control's form is a fetcher's submission to /resources/basket; its route's `clientAction`
 * runs them through here, one at a time in the order they were made: each answer (the whole basket) is then
 * read on the server after every earlier change of this tab and before any later one, so the controls show
 * the newest answer with exactly the changes still waiting on top (useOptimisticBasket). Steps add up on the
 * server in any order, so another tab's changes count too; each answer carries them.
 *
 * Kept here, outside React, and nowhere else: the newest answer (React Router keeps a fetcher's answer only
 * while a component holds that fetcher) and which forms it answered (so a form still on its way in the
 * router's state is not counted twice once its answer is shown).
 */
import type { Basket } from '@core/contracts/basket';
import type { ToastInput } from '@core/rules/toast-queue';
import { failureOf } from '~/lib/action-result';
import { parseBasket } from './basket-data';
import { type BasketActionResult, pendingChangeOf } from './basket-form';
import { guestBasket } from './guest-basket';

/** The newest basket this tab heard from the server, numbered in the order the answers came. */
export type BasketAnswer = { basket: Basket; epoch: number };

/** A success's answer, checked: the whole basket (a change's, a removal's or a preview's). */
function successOf(answer: unknown): BasketActionResult | undefined {
  if (typeof answer !== 'object' || answer === null || !('ok' in answer) || answer.ok !== true)
    return undefined;
  if (!('intent' in answer) || !('basket' in answer) || typeof answer.basket !== 'object' || !answer.basket)
    return undefined;
  const { intent } = answer;
  const basket = parseBasket(answer.basket);
  if (!basket || (intent !== 'change' && intent !== 'remove-point' && intent !== 'preview')) return undefined;
  return { ok: true, intent, basket };
}

/** A form sent: what the control showed once it was made (for the notice when the stock was shorter). */
type Sent = { form: FormData; expected: number | null; name?: string };

const REFUSAL_TOAST_ID = 'basket-refused';

let newest: BasketAnswer | null = null;
const listeners = new Set<() => void>();
const noticeListeners = new Set<(toast: ToastInput) => void>();
/** Forms submitted and not yet claimed by their clientAction, oldest first. */
const sent: Sent[] = [];
/** Forms whose answer is in `newest` (or that failed): no longer on their way. */
const answered = new WeakSet<FormData>();
/** The guest basket a preview was asked for, taken unless it changed meanwhile. */
let previewed: Basket | null = null;
let queue: Promise<void> = Promise.resolve();

function publish(): void {
  for (const listener of listeners) listener();
}

function tell(toast: ToastInput): void {
  for (const listener of noticeListeners) listener(toast);
}

export const basketAnswers = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): BasketAnswer | null => newest,
  getServerSnapshot: (): BasketAnswer | null => null,
  /** Whether this form's change is in the newest answer (or was refused): it is no longer on its way. */
  isAnswered: (form: FormData): boolean => answered.has(form),
};

/** Toasts about the answers (a refusal, a line the stock cut short): the basket's provider shows them. */
export function onBasketNotice(listener: (toast: ToastInput) => void): () => void {
  noticeListeners.add(listener);
  return () => noticeListeners.delete(listener);
}

/**
 * Called as a control submits a change (before the router sends it): the form, and the quantity the
 * control shows once it is made.
 */
export function noteBasketForm(form: FormData, expected: number | null, name?: string): void {
  sent.push({ form, expected, name });
}

/** A guest basket's preview is about to be asked for: its answer is taken unless the basket changed. */
export function notePreview(basket: Basket): void {
  previewed = basket;
}

const sameEntries = (a: FormData, b: FormData): boolean => {
  const left = [...a.entries()];
  const right = [...b.entries()];
  return (
    left.length === right.length &&
    left.every(([name, value], index) => {
      const other = right[index];
      return other !== undefined && other[0] === name && other[1] === value;
    })
  );
};

/** The oldest form noted with these fields: the one this request carries (forms are sent in order). */
function claim(form: FormData): Sent | null {
  const index = sent.findIndex((item) => sameEntries(item.form, form));
  if (index === -1) return null;
  const [item] = sent.splice(index, 1);
  return item ?? null;
}

/** 'Осталось N шт.' when the latest change of a line got fewer than the control showed (the stock fell). */
function shortfallNotice(item: Sent, basket: Basket): ToastInput | null {
  const change = pendingChangeOf(item.form);
  if (!change?.productId || item.expected === null) return null;
  const { pointId, productId } = change;
  // A later change of the same line still on its way speaks for the line.
  if (
    sent.some((later) => {
      const other = pendingChangeOf(later.form);
      return other?.pointId === pointId && other.productId === productId;
    })
  )
    return null;
  const line = basket[pointId]?.find((item) => item.product._id === productId);
  const quantity = line?.quantity ?? 0;
  if (quantity >= item.expected) return null;
  return {
    type: 'info',
    title: quantity === 0 ? 'Товар закончился' : `Осталось ${quantity} шт.`,
    content: item.name ?? line?.product.name,
  };
}

function settle(item: Sent | null, answer: unknown): void {
  if (item) answered.add(item.form);
  const success = successOf(answer);
  if (success) {
    newest = { basket: success.basket, epoch: (newest?.epoch ?? 0) + 1 };
    publish();
    const notice = item ? shortfallNotice(item, success.basket) : null;
    if (notice) tell(notice);
    return;
  }
  publish();
  const failure = failureOf(answer);
  // Quick clicks refused for one reason are told once.
  if (failure?.message) tell({ id: REFUSAL_TOAST_ID, type: 'warning', title: failure.message });
}

/**
 * The resource route's clientAction: a change waits for this tab's earlier ones, then goes to the server; its
 * answer becomes the newest basket, and the form stops counting as on its way, at the same moment. A
 * preview (a guest's basket, nothing stored) goes at once, and today's prices replace the stored ones.
 */
export async function runBasketChange<T>(request: Request, serverAction: () => Promise<T>): Promise<T> {
  const form = await request.clone().formData();
  if (pendingChangeOf(form) === null) {
    const answer = await serverAction();
    const preview = successOf(answer);
    if (preview?.intent === 'preview' && previewed) {
      guestBasket.adoptPreview(previewed, preview.basket);
      previewed = null;
    }
    return answer;
  }
  const item = claim(form);
  const earlier = queue;
  let done = () => {};
  queue = new Promise<void>((resolve) => {
    done = resolve;
  });
  await earlier;
  try {
    const answer = await serverAction();
    settle(item, answer);
    return answer;
  } catch (error) {
    settle(item, undefined);
    throw error;
  } finally {
    done();
  }
}

/** Tests only: forgets everything (a new tab). */
export function resetBasketChanges(): void {
  newest = null;
  sent.length = 0;
  previewed = null;
  queue = Promise.resolve();
  publish();
}
