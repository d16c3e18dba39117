/**
 * The changes of favourites and sets from the storefront's widgets (resource route /resources/favourites,
 * docs/decisions/019, 020): the form read with the API's contracts, then the same service calls as the
 * /api/user/me/favorites… handlers.
 */
import {
  SetAddProductSchema,
  SetParamsSchema,
  SetProductCountSchema,
  SetRemoveProductSchema,
  SetTitleInputSchema,
  type SetToBasketResult,
  ToggleQuerySchema,
} from '@core/contracts/favourites';
import { z } from '@core/contracts/z';
import type { DeliveryArea } from '@core/rules/delivery-area';
import { type AssortmentScope, scopeOf } from '@core/rules/delivery-area';
import type { Services } from '@server/services';
import { formText, parseWith } from '~/lib/actions.server';
import { FAVOURITE_FIELD, FAVOURITE_INTENTS, type FavouriteIntent } from './favourite-form';

const IntentSchema = z.enum(FAVOURITE_INTENTS, { error: 'Неизвестное действие с избранным' });

export type FavouriteActionResult =
  | { ok: true; intent: 'toggle'; active: boolean; count: number }
  | { ok: true; intent: 'create-set'; set: { _id: string; title: string }; hasProduct: boolean }
  | { ok: true; intent: 'add-to-set'; set: { _id: string; title: string } }
  | {
      ok: true;
      intent: Exclude<FavouriteIntent, 'toggle' | 'create-set' | 'add-to-set' | 'set-to-basket'>;
    }
  | { ok: true; intent: 'set-to-basket'; result: SetToBasketResult };

/** A number field as the contract sees it: '' and words stay strings, so the counter's message is given. */
function numberOrText(value: string): number | string {
  const trimmed = value.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : value;
}

/** Runs one intent for the signed-in customer; AppErrors (bad input, not found, limits) go to the widget. */
export async function runFavouriteIntent(
  favourites: Services['favourites'],
  userId: string,
  area: DeliveryArea | undefined,
  form: FormData,
): Promise<FavouriteActionResult> {
  const intent = parseWith(IntentSchema, formText(form, FAVOURITE_FIELD.intent));
  const setId = () => parseWith(SetParamsSchema, { id: formText(form, FAVOURITE_FIELD.set) }).id;
  const scope: AssortmentScope | undefined = scopeOf(area);
  switch (intent) {
    case 'toggle': {
      const query = parseWith(ToggleQuerySchema, {
        type: formText(form, FAVOURITE_FIELD.type),
        id: formText(form, FAVOURITE_FIELD.id),
      });
      const result = await favourites.toggleFavourite(userId, query);
      return { ok: true, intent, active: result.active, count: result.result };
    }
    case 'create-set': {
      const { title } = parseWith(SetTitleInputSchema, { title: formText(form, FAVOURITE_FIELD.title) });
      const product = formText(form, FAVOURITE_FIELD.product);
      // The product is checked before the set is made: a bad id leaves no empty set behind.
      const input = product ? parseWith(SetAddProductSchema, { product }) : null;
      const set = await favourites.createSet(userId, title);
      if (input) await favourites.addToSet(userId, set._id, input);
      return { ok: true, intent, set: { _id: set._id, title: set.title }, hasProduct: input !== null };
    }
    case 'rename-set': {
      const id = setId();
      const { title } = parseWith(SetTitleInputSchema, { title: formText(form, FAVOURITE_FIELD.title) });
      await favourites.renameSet(userId, id, title);
      return { ok: true, intent };
    }
    case 'delete-set':
      await favourites.deleteSet(userId, setId());
      return { ok: true, intent };
    case 'add-to-set': {
      const id = setId();
      const input = parseWith(SetAddProductSchema, { product: formText(form, FAVOURITE_FIELD.product) });
      const set = await favourites.addToSet(userId, id, input);
      return { ok: true, intent, set: { _id: set._id, title: set.title } };
    }
    case 'remove-from-set': {
      const id = setId();
      const { product } = parseWith(SetRemoveProductSchema, {
        product: formText(form, FAVOURITE_FIELD.product),
      });
      await favourites.removeFromSet(userId, id, product);
      return { ok: true, intent };
    }
    case 'set-count': {
      const id = setId();
      const input = parseWith(SetProductCountSchema, {
        product: formText(form, FAVOURITE_FIELD.product),
        count: numberOrText(formText(form, FAVOURITE_FIELD.count)),
      });
      await favourites.setCount(userId, id, input);
      return { ok: true, intent };
    }
    case 'clear-set':
      await favourites.clearSet(userId, setId());
      return { ok: true, intent };
    case 'set-to-basket':
      return { ok: true, intent, result: await favourites.addSetToBasket(userId, setId(), scope) };
  }
}
