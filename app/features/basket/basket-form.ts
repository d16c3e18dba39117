/**
 * The basket's forms (docs/decisions/043): the resource route every basket control posts to, its intents and
 * field names (the API's own: `warehouse_id`, `product_id`, `quantity`, `delta`), and how a form on its way
 * reads back as the change it will make. Shared by the controls (browser) and the actions (server); no Zod
 * here, so the controls' bundles stay small.
 */
import type { Basket } from '@core/contracts/basket';
import type { PendingBasketChange } from '@core/rules/basket';

/** POST: every change of the signed-in basket, and a guest basket's preview; GET is 404. */
export const BASKET_ACTION = '/resources/basket';
/** The basket page: its own forms (before and without JavaScript) post here and come back (post, redirect, get). */
export const BASKET_PAGE = '/basket';

export const BASKET_FIELD = {
  /** change (also when absent: the cards' controls leave it out, ADR 044), remove-point or preview. */
  intent: 'intent',
  point: 'warehouse_id',
  product: 'product_id',
  /** change: the quantity to set (the basket page's bin sends 0, which removes the line). */
  quantity: 'quantity',
  /** change: the step (− and +, or what a typed number adds); steps of one line add up in any order. */
  delta: 'delta',
  /** remove-point without JavaScript: 'yes' once the customer has answered the question. */
  confirm: 'confirm',
  /** preview: the guest basket as `toBasketData` stores it, JSON (BasketDataSchema). */
  data: 'data',
  /**
   * Without JavaScript: the page to go back to once the change is made (post, redirect, get). The controls
   * leave it out and the server reads the Referer's path (app/lib/document-post.server.ts, ADR 044).
   */
  redirectTo: 'redirectTo',
} as const;

/** What a change of the signed-in basket answers: the whole basket as the server has it after it. */
export type BasketChangeAnswer = { ok: true; intent: 'change' | 'remove-point'; basket: Basket };

export type BasketActionResult = BasketChangeAnswer | { ok: true; intent: 'preview'; basket: Basket };

const wholeNumber = (value: FormDataEntryValue | null): number | null => {
  if (typeof value !== 'string' || !/^-?\d+$/.test(value.trim())) return null;
  return Number(value);
};

/** The change a basket form is sending, if it is one (a preview changes nothing). */
export function pendingChangeOf(form: FormData | undefined): PendingBasketChange | null {
  if (form === undefined) return null;
  const intent = form.get(BASKET_FIELD.intent);
  const pointId = form.get(BASKET_FIELD.point);
  if (typeof pointId !== 'string') return null;
  if (intent === 'remove-point') return { pointId, productId: null, change: { delta: 0 } };
  const productId = form.get(BASKET_FIELD.product);
  // No intent is a line's change (the cards' controls leave it out, ADR 044).
  if ((intent !== null && intent !== 'change') || typeof productId !== 'string') return null;
  const quantity = wholeNumber(form.get(BASKET_FIELD.quantity));
  if (quantity !== null) return { pointId, productId, change: { quantity } };
  const delta = wholeNumber(form.get(BASKET_FIELD.delta));
  return delta === null ? null : { pointId, productId, change: { delta } };
}
