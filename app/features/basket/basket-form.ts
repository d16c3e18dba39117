/**
 * The signed-in basket's forms (docs/decisions/030): the resource route the widgets' fetchers post to, its
 * intents and field names (the API's own: `warehouse_id`, `product_id`, `quantity`, `delta`), and how a
 * pending form reads back as the change it will make. Shared by the widgets (browser) and the actions (server);
 * no Zod here, so the widgets' bundles stay small.
 */
import type { Basket } from '@core/contracts/basket';
import type { PendingBasketChange } from '@core/rules/basket';

/** POST: every change of the signed-in basket, and a guest basket's preview; GET is 404. */
export const BASKET_ACTION = '/resources/basket';
/** The basket page: its own forms (before and without JavaScript) post here and come back (post, redirect, get). */
export const BASKET_PAGE = '/basket';

export const BASKET_FIELD = {
  intent: 'intent',
  point: 'warehouse_id',
  product: 'product_id',
  /** change: the quantity to set (the basket page's 0 removes a line). */
  quantity: 'quantity',
  /** change: the step (− and +, or what a typed number adds); steps of one line add up in any order. */
  delta: 'delta',
  /**
   * change: the quantity the widgets show while the change is on its way, and the order it was made in.
   * The server does not read them (it applies `delta` or `quantity` under the basket's lock); the browser
   * reads them back from the pending forms, so the latest click is what every counter shows.
   */
  wanted: 'wanted',
  sequence: 'sequence',
  /** remove-point without JavaScript: 'yes' once the customer has answered the question. */
  confirm: 'confirm',
  /** preview: the guest basket as `toBasketData` stores it, JSON (BasketDataSchema). */
  data: 'data',
} as const;

/** What a change answers: the line as the server has it now (0 and null stock: it is not in the basket). */
export type BasketLineAnswer = {
  ok: true;
  intent: 'change';
  quantity: number;
  /** The point's stock of the product, when the line is in the basket. */
  count: number | null;
};

export type BasketActionResult =
  | BasketLineAnswer
  | { ok: true; intent: 'remove-point' }
  | { ok: true; intent: 'preview'; basket: Basket };

/** The form of a line's change: a step (or a set, when `quantity` is given) and what the widgets show meanwhile. */
export function lineChangeForm(change: {
  pointId: string;
  productId: string;
  delta: number;
  wanted: number;
  sequence: number;
}): Record<string, string> {
  return {
    [BASKET_FIELD.intent]: 'change',
    [BASKET_FIELD.point]: change.pointId,
    [BASKET_FIELD.product]: change.productId,
    [BASKET_FIELD.delta]: String(change.delta),
    [BASKET_FIELD.wanted]: String(change.wanted),
    [BASKET_FIELD.sequence]: String(change.sequence),
  };
}

export function removePointForm(pointId: string, sequence: number): Record<string, string> {
  return {
    [BASKET_FIELD.intent]: 'remove-point',
    [BASKET_FIELD.point]: pointId,
    [BASKET_FIELD.sequence]: String(sequence),
  };
}

const wholeNumber = (value: FormDataEntryValue | null): number | null => {
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) return null;
  return Number(value);
};

/** The change a basket fetcher's form is sending, if it is one (a preview changes nothing). */
export function pendingChangeOf(form: FormData | undefined): PendingBasketChange | null {
  if (form === undefined) return null;
  const intent = form.get(BASKET_FIELD.intent);
  const pointId = form.get(BASKET_FIELD.point);
  const sequence = wholeNumber(form.get(BASKET_FIELD.sequence));
  if (typeof pointId !== 'string' || sequence === null) return null;
  if (intent === 'remove-point') return { sequence, pointId, productId: null, quantity: 0 };
  const productId = form.get(BASKET_FIELD.product);
  const wanted = wholeNumber(form.get(BASKET_FIELD.wanted));
  if (intent !== 'change' || typeof productId !== 'string' || wanted === null) return null;
  return { sequence, pointId, productId, quantity: wanted };
}
