/**
 * The changes of favourites and sets from the storefront's widgets (resource route /resources/favourites,
 * docs/decisions/019, 020): the form read with the API's contracts, then the same service calls as the
 * /api/user/me/favorites… handlers.
 */
import {
  type FavouriteForm,
  FavouriteFormSchema,
  type FavouriteIntent,
  type SetToBasketResult,
} from '@core/contracts/favourites';
import type { DeliveryArea } from '@core/rules/delivery-area';
import { type AssortmentScope, scopeOf } from '@core/rules/delivery-area';
import { FAVOURITE_TYPES } from '@core/rules/favourites';
import type { Services } from '@server/services';
import { formText, parseForm } from '~/lib/actions.server';
import { REDIRECT_TO_FIELD } from '~/lib/document-post.server';

export type FavouriteActionResult =
  | { ok: true; intent: 'toggle'; active: boolean; count: number }
  | { ok: true; intent: 'create-set'; set: { _id: string; title: string }; hasProduct: boolean }
  | { ok: true; intent: 'add-to-set' | 'rename-set'; set: { _id: string; title: string } }
  | {
      ok: true;
      intent: Exclude<
        FavouriteIntent,
        'toggle' | 'create-set' | 'add-to-set' | 'rename-set' | 'set-to-basket'
      >;
    }
  | { ok: true; intent: 'set-to-basket'; result: SetToBasketResult };

/**
 * A heart's post without JavaScript (FAVOURITES_FORM_ID): its button's own field, `product=<id>` (or `store`,
 * `article`), is the toggle of that item, the intent the form does not write. Any other form as it came.
 */
export function heartButtonToggle(form: FormData): FormData {
  if (form.has('intent')) return form;
  const type = FAVOURITE_TYPES.find((name) => form.has(name));
  if (!type) return form;
  // No `active`: the server toggles either way (SPEC §7); it is the widget's own state.
  const fields = { intent: 'toggle', type, id: formText(form, type) } satisfies FavouriteForm;
  const toggle = new FormData();
  for (const [name, value] of Object.entries(fields)) toggle.set(name, value);
  const page = form.get(REDIRECT_TO_FIELD);
  if (page !== null) toggle.set(REDIRECT_TO_FIELD, page);
  return toggle;
}

/**
 * Runs one change for the signed-in customer, read with FavouriteFormSchema (ADR 042); AppErrors (bad input,
 * not found, limits) go to the widget.
 */
export async function runFavouriteIntent(
  favourites: Services['favourites'],
  userId: string,
  area: DeliveryArea | undefined,
  form: FormData,
): Promise<FavouriteActionResult> {
  const input = parseForm(form, FavouriteFormSchema);
  const scope: AssortmentScope | undefined = scopeOf(area);
  switch (input.intent) {
    case 'toggle': {
      const result = await favourites.toggleFavourite(userId, { type: input.type, id: input.id });
      return { ok: true, intent: input.intent, active: result.active, count: result.result };
    }
    case 'create-set': {
      // The product is checked with the form, before the set is made: a bad id leaves no empty set behind.
      const set = await favourites.createSet(userId, input.title);
      if (input.product) await favourites.addToSet(userId, set._id, { product: input.product });
      return {
        ok: true,
        intent: input.intent,
        set: { _id: set._id, title: set.title },
        hasProduct: input.product !== undefined,
      };
    }
    case 'rename-set': {
      const set = await favourites.renameSet(userId, input.set, input.title);
      return { ok: true, intent: input.intent, set: { _id: set._id, title: set.title } };
    }
    case 'delete-set':
      await favourites.deleteSet(userId, input.set);
      return { ok: true, intent: input.intent };
    case 'add-to-set': {
      const set = await favourites.addToSet(userId, input.set, { product: input.product });
      return { ok: true, intent: input.intent, set: { _id: set._id, title: set.title } };
    }
    case 'remove-from-set':
      await favourites.removeFromSet(userId, input.set, input.product);
      return { ok: true, intent: input.intent };
    case 'set-count':
      await favourites.setCount(userId, input.set, { product: input.product, count: input.count });
      return { ok: true, intent: input.intent };
    case 'clear-set':
      await favourites.clearSet(userId, input.set);
      return { ok: true, intent: input.intent };
    case 'set-to-basket':
      return {
        ok: true,
        intent: input.intent,
        result: await favourites.addSetToBasket(userId, input.set, scope),
      };
  }
}
