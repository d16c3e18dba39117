/**
 * The signed-in basket's changes from the storefront (docs/decisions/030, 043): the form read with the API's
 * contracts, then the same basket service calls as PATCH /api/user/me/basket and
 * DELETE /api/user/me/basket/{pointId}, answering, as they do, the whole basket; and a guest basket's
 * preview, as POST /api/basket/preview.
 */
import {
  BasketChangeSchema,
  BasketChoiceSchema,
  BasketLineQuerySchema,
  BasketPointParamsSchema,
  BasketPreviewSchema,
  type ReplacementOption,
} from '@core/contracts/basket';
import { CONFIRMED } from '@core/contracts/form-fields';
import { z } from '@core/contracts/z';
import type { LoadContext } from '@server/services';
import { redirect } from 'react-router';
import { formText, parseWith } from '~/lib/actions.server';
import { requireUser } from '~/lib/auth.server';
import { BASKET_FIELD, BASKET_PAGE, type BasketActionResult, readStepField } from './basket-form';
import { CHOICE_FIELD, CHOICE_INTENT } from './line-choice-form';

/** What a signed-in customer's form may ask (a preview is read before anyone is asked for). */
const IntentSchema = z.enum(['change', 'remove-point', CHOICE_INTENT], {
  error: 'Неизвестное действие с корзиной',
});

/** An optional choice field: '' (the select's 'Как при оформлении', no replacement) is null. */
const orNull = (value: string): string | null => (value === '' ? null : value);

/** A number field as the contract sees it: '' and words stay strings, so the contract's message is given. */
function numberOrText(value: string): number | string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return Number.isFinite(Number(trimmed)) ? Number(trimmed) : value;
}

/** The guest basket a preview carries; a form that is not JSON is bad input, said in the contract's words. */
function previewInput(text: string): unknown {
  try {
    return { data: JSON.parse(text) };
  } catch {
    return { data: text };
  }
}

/**
 * Runs one intent. A line's change and a point's removal need the signed-in customer, asked for before the
 * form is read (a guest: 401); a preview is for guests and needs nobody. AppErrors (bad input, not sold at
 * the point, a full basket) go back to the widget or the page with their status.
 */
export async function runBasketIntent(
  context: Pick<LoadContext, 'viewer' | 'services' | 'clientIp'>,
  form: FormData,
): Promise<BasketActionResult> {
  const { basket } = context.services;
  if (formText(form, BASKET_FIELD.intent) === 'preview') {
    const { data } = parseWith(BasketPreviewSchema, previewInput(formText(form, BASKET_FIELD.data)));
    return { ok: true, intent: 'preview', basket: await basket.previewBasket(data) };
  }
  const user = requireUser(context);
  // No intent: a line's change (the product cards' controls leave the field out: a grid repeats it, ADR 044).
  const intent = parseWith(IntentSchema, formText(form, BASKET_FIELD.intent) || 'change');
  const warehouseId = formText(form, BASKET_FIELD.point);
  if (intent === 'remove-point') {
    const { pointId } = parseWith(BasketPointParamsSchema, { pointId: warehouseId });
    return { ok: true, intent, basket: await basket.removePoint(user._id, pointId) };
  }
  if (intent === CHOICE_INTENT) {
    // A line's choice for a missing item (ADR 055): PUT /api/user/me/basket/choice's contract and service.
    const choice = parseWith(BasketChoiceSchema, {
      point: warehouseId,
      product: formText(form, BASKET_FIELD.product),
      on_missing: orNull(formText(form, CHOICE_FIELD.onMissing)),
      replacement: orNull(formText(form, CHOICE_FIELD.replacement)),
    });
    const answer = await basket.chooseOnMissing(
      user._id,
      {
        pointId: choice.point,
        productId: choice.product,
        onMissing: choice.on_missing,
        replacementId: choice.replacement ?? null,
      },
      context.clientIp,
    );
    return { ok: true, intent, basket: answer };
  }
  // A grid card's basket button posted by the browser itself names the whole step in one field (ADR 044).
  const step = readStepField(form.get(BASKET_FIELD.step));
  const change = parseWith(
    BasketChangeSchema,
    step
      ? { warehouse_id: step.pointId, product_id: step.productId, delta: numberOrText(step.delta) }
      : {
          warehouse_id: warehouseId,
          product_id: formText(form, BASKET_FIELD.product),
          quantity: numberOrText(formText(form, BASKET_FIELD.quantity)),
          delta: numberOrText(formText(form, BASKET_FIELD.delta)),
        },
  );
  // The basket as the service read it after the change: the controls show it, no loader reads it again.
  return { ok: true, intent: 'change', basket: await basket.changeItem(user._id, change) };
}

/**
 * GET /resources/basket?warehouse_id=…&product_id=…: the similar products a signed-in customer's line may be
 * replaced with (GET /api/user/me/basket/replacements' service), read only when the customer asks to pick one.
 */
export async function findLineReplacements(
  context: Pick<LoadContext, 'viewer' | 'services' | 'clientIp'>,
  query: URLSearchParams,
): Promise<{ ok: true; replacements: ReplacementOption[] }> {
  const user = requireUser(context);
  const line = parseWith(BasketLineQuerySchema, {
    point: query.get(BASKET_FIELD.point) ?? '',
    product: query.get(BASKET_FIELD.product) ?? '',
  });
  const replacements = await context.services.basket.listReplacements(
    user._id,
    { pointId: line.point, productId: line.product },
    context.clientIp,
  );
  return { ok: true, replacements };
}

/** What /basket's action answers when it asks before removing a point's group. */
export type RemovalQuestion = { ok: true; intent: 'confirm-remove-point'; pointId: string };

/**
 * /basket's own forms, before and without JavaScript: the same intents, then back to the basket (post,
 * redirect, get: a reload never posts twice). 'Удалить все' must be confirmed: a post without the yes is
 * answered with the question, which the page asks in a form of its own (the dialog sends the yes with JS).
 */
export async function runBasketPageIntent(
  context: Pick<LoadContext, 'viewer' | 'services' | 'clientIp'>,
  form: FormData,
): Promise<RemovalQuestion | Response> {
  if (
    formText(form, BASKET_FIELD.intent) === 'remove-point' &&
    formText(form, BASKET_FIELD.confirm) !== CONFIRMED
  ) {
    requireUser(context);
    const { pointId } = parseWith(BasketPointParamsSchema, { pointId: formText(form, BASKET_FIELD.point) });
    return { ok: true, intent: 'confirm-remove-point', pointId };
  }
  await runBasketIntent(context, form);
  return redirect(BASKET_PAGE);
}
