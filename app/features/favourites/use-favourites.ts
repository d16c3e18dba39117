/**
 * What the hearts and the header badge show (SPEC §4): the signed-in customer's favourite ids from the root
 * loader, and over them the toggles still on their way (the fetchers' forms), so a click shows at once.
 */
import type { FavouriteForm, FavouriteKeys } from '@core/contracts/favourites';
import { countWithPending, type FavouriteType, type PendingToggle } from '@core/rules/favourites';
import { useFetchers } from 'react-router';
import { useRootData } from '~/lib/root-data';

const NO_KEYS: FavouriteKeys = { product: [], store: [], article: [] };

/** The fetcher of one item's heart: every heart of that item on the page shares it, and so its state. */
export function favouriteFetcherKey(type: FavouriteType, id: string): string {
  return `favourite:${type}:${id}`;
}

/** The saved favourites (nothing for a guest, or when they failed to load: SPEC §8 ignores that). */
export function useSavedFavourites(): FavouriteKeys {
  return useRootData()?.favourites ?? NO_KEYS;
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

/** The toggle a fetcher's form is sending, if it is one (FavouriteFormSchema's toggle, ADR 042). */
export function pendingToggleOf(form: FormData | undefined): PendingToggle | null {
  if (form === undefined) return null;
  const field = (name: keyof Extract<FavouriteForm, { intent: 'toggle' }>) => form.get(name);
  if (field('intent') !== 'toggle') return null;
  const type = field('type');
  const id = field('id');
  if ((type !== 'product' && type !== 'store' && type !== 'article') || typeof id !== 'string') return null;
  return { type, id, active: field('active') === 'true' };
}

/** The header badge's number: every favourite, the clicks on their way included. */
export function useFavouritesCount(): number {
  const saved = useSavedFavourites();
  const pending = useFetchers().flatMap((fetcher) => pendingToggleOf(fetcher.formData) ?? []);
  return countWithPending(saved, pending);
}
