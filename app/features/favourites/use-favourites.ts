/**
 * What the hearts and the header badge show (SPEC §4): the signed-in customer's favourite ids from the root
 * loader, and over them the toggles still on their way (the fetchers' forms), so a click shows at once.
 */
import type { FavouriteKeys } from '@core/contracts/favourites';
import { countWithPending, type FavouriteType, type PendingToggle } from '@core/rules/favourites';
import { useFetchers, useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '~/root';
import { FAVOURITE_FIELD } from './favourite-form';

const NO_KEYS: FavouriteKeys = { product: [], store: [], article: [] };

/** The fetcher of one item's heart: every heart of that item on the page shares it, and so its state. */
export function favouriteFetcherKey(type: FavouriteType, id: string): string {
  return `favourite:${type}:${id}`;
}

/** The saved favourites (nothing for a guest, or when they failed to load: SPEC §8 ignores that). */
export function useSavedFavourites(): FavouriteKeys {
  return useRouteLoaderData<typeof rootLoader>('root')?.favourites ?? NO_KEYS;
}

const lookups = new WeakMap<readonly string[], ReadonlySet<string>>();

/** Whether an item is a saved favourite: one Set per list and loader answer, shared by every heart. */
export function isSavedFavourite(keys: FavouriteKeys, type: FavouriteType, id: string): boolean {
  const list = keys[type];
  let lookup = lookups.get(list);
  if (!lookup) {
    lookup = new Set(list);
    lookups.set(list, lookup);
  }
  return lookup.has(id);
}

/** The toggle a fetcher's form is sending, if it is one. */
export function pendingToggleOf(form: FormData | undefined): PendingToggle | null {
  if (form === undefined) return null;
  if (form.get(FAVOURITE_FIELD.intent) !== 'toggle') return null;
  const type = form.get(FAVOURITE_FIELD.type);
  const id = form.get(FAVOURITE_FIELD.id);
  if ((type !== 'product' && type !== 'store' && type !== 'article') || typeof id !== 'string') return null;
  return { type, id, active: form.get(FAVOURITE_FIELD.active) === 'true' };
}

/** The header badge's number: every favourite, the clicks on their way included. */
export function useFavouritesCount(): number {
  const saved = useSavedFavourites();
  const pending = useFetchers().flatMap((fetcher) => pendingToggleOf(fetcher.formData) ?? []);
  return countWithPending(saved, pending);
}
