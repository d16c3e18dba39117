/**
 * The changes of favourites and sets from the storefront's widgets (resource route /resources/favourites,
 * docs/decisions/019, 020): the form read with the API's contracts, then the same service calls as the
 * /api/user/me/favorites… handlers.
 */
import {
  FavouriteFormSchema,
  type FavouriteIntent,
  type SetToBasketResult,
} from '@core/contracts/favourites';
import type { DeliveryArea } from '@core/rules/delivery-area';
import { type AssortmentScope, scopeOf } from '@core/rules/delivery-area';
import type { Services } from '@server/services';
import { parseForm } from '~/lib/actions.server';

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
