/**
 * The basket's forms (docs/decisions/043): the resource route every basket control posts to, its intents and
 * field names (the API's own: `warehouse_id`, `product_id`, `quantity`, `delta`), and how a form on its way
 * reads back as the change it will make. Shared by the controls (browser) and the actions (server); no Zod
 * here, so the controls' bundles stay small.
 */
import type { Basket } from '@core/contracts/basket';
import type { PendingBasketChange } from '@core/rules/basket';
import { PIECE_UNIT, type SaleUnit, saleUnitOf } from '@core/rules/sold-by-weight';

/** POST: every change of the signed-in basket, and a guest basket's preview; GET is 404. */
export const BASKET_ACTION = '/resources/basket';
/** The basket page: its own forms (before and without JavaScript) post here and come back (post, redirect, get). */
export const BASKET_PAGE = '/basket';
/**
 * The page's one form a grid card's basket buttons belong to ('В корзину', − and +: BasketStepForm, in the
 * root layout): each button names its step in its own value (BASKET_FIELD.step), so a grid writes no form and
 * no hidden fields per card (ADR 044, "The cards' basket buttons without a form each").
 */
export const BASKET_STEP_FORM_ID = 'buy';

export const BASKET_FIELD = {
  /**
   * change (also when absent: the cards' controls leave it out, ADR 044), remove-point, preview, or choice (a
   * line's choice for a missing item: line-choice-form.ts).
   */
  intent: 'intent',
  point: 'warehouse_id',
  product: 'product_id',
  /** change: the quantity to set (the basket page's bin sends 0, which removes the line). */
  quantity: 'quantity',
  /** change: the step (− and +, or what a typed number adds); steps of one line add up in any order. */
  delta: 'delta',
  /**
   * change of a product sold by weight (ADR 054): its step and minimum in grams, 'step/min', so a line on its
   * way shows its amount before the server's answer. The server ignores it and reads the product's own.
   */
  unit: 'unit',
  /** remove-point without JavaScript: CONFIRMED ('yes') once the customer has answered the question. */
  confirm: 'confirm',
  /** preview: the guest basket as `toBasketData` stores it, JSON (BasketDataSchema). */
  data: 'data',
  /**
   * Without JavaScript: the page to go back to once the change is made (post, redirect, get). The controls
   * leave it out and the server reads the Referer's path (app/lib/document-post.server.ts, ADR 044).
   */
  redirectTo: 'redirectTo',
  /**
   * A grid card's basket button posted by the browser itself (before hydration, or without JavaScript): a
   * line's change in one value, '<point>.<product>.<delta>' (stepFieldValue), as a button of
   * BASKET_STEP_FORM_ID. With JavaScript the card posts the usual fields instead.
   */
  step: 'step',
} as const;

/** BASKET_FIELD.step's value: a step of `delta` of a product's line at a point. */
export function stepFieldValue(pointId: string, productId: string, delta: number): string {
  return `${pointId}.${productId}.${delta}`;
}

/** BASKET_FIELD.step's value as the step it names; null when absent or not three parts. */
export function readStepField(
  value: FormDataEntryValue | null,
): { pointId: string; productId: string; delta: string } | null {
  if (typeof value !== 'string') return null;
  const parts = value.split('.');
  if (parts.length !== 3) return null;
  const [pointId = '', productId = '', delta = ''] = parts;
  return { pointId, productId, delta };
}

/** BASKET_FIELD.unit's value: a weighed product's step and minimum, 'step/min' (unitOf reads it back). */
export function unitFieldValue(unit: SaleUnit): string {
  return `${unit.step}/${unit.min}`;
}

/**
 * A step of a line as a basket form posts it: the fields of a line's form (which product, at which point, a
 * weighed product's unit) and the step. No `intent`: a form without one is a line's change.
 */
export function lineStepForm(pointId: string, productId: string, unit: SaleUnit, delta: number): FormData {
  const form = new FormData();
  form.set(BASKET_FIELD.point, pointId);
  form.set(BASKET_FIELD.product, productId);
  if (unit !== PIECE_UNIT) form.set(BASKET_FIELD.unit, unitFieldValue(unit));
  form.set(BASKET_FIELD.delta, String(delta));
  return form;
}

/** What a change of the signed-in basket answers: the whole basket as the server has it after it. */
export type BasketChangeAnswer = { ok: true; intent: 'change' | 'remove-point' | 'choice'; basket: Basket };

export type BasketActionResult = BasketChangeAnswer | { ok: true; intent: 'preview'; basket: Basket };

const wholeNumber = (value: FormDataEntryValue | null): number | null => {
  if (typeof value !== 'string' || !/^-?\d+$/.test(value.trim())) return null;
  return Number(value);
};

/** A weighed product's 'step/min' (BASKET_FIELD.unit) as its unit; null when absent or malformed. */
function unitOf(value: FormDataEntryValue | null): SaleUnit | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d+)\/(\d+)$/.exec(value);
  if (!match) return null;
  return saleUnitOf({ step: Number(match[1]), min: Number(match[2]), piece: null });
}

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
  if (delta === null) return null;
  const unit = unitOf(form.get(BASKET_FIELD.unit));
  return unit ? { pointId, productId, change: { delta }, unit } : { pointId, productId, change: { delta } };
}
