/**
 * The resource routes of favourites and sets (docs/decisions/019, 020): their paths, the intents the action
 * understands and the names of the form fields. Shared by the widgets (browser) and the action (server); no
 * Zod here, so the widgets' bundles stay small.
 */
import type { FavouriteType } from '@core/rules/favourites';

/** POST: every change of favourites and sets; GET is 404. */
export const FAVOURITES_ACTION = '/resources/favourites';
/** GET: the customer's sets for the 'Добавить в набор' popup (`?product=` marks the sets that have it). */
export const FAVOURITE_SETS_LOADER = '/resources/favourites/sets';

export const FAVOURITE_INTENTS = [
  'toggle',
  'create-set',
  'rename-set',
  'delete-set',
  'add-to-set',
  'remove-from-set',
  'set-count',
  'clear-set',
  'set-to-basket',
] as const;
export type FavouriteIntent = (typeof FAVOURITE_INTENTS)[number];

export const FAVOURITE_FIELD = {
  intent: 'intent',
  /** toggle: product, store or article. */
  type: 'type',
  /** toggle: the item's id. */
  id: 'id',
  /**
   * toggle: what the heart will show once done ('true' / 'false'). The server toggles regardless (SPEC §7);
   * the widget reads it back for its optimistic state, so two quick clicks show what two toggles make.
   */
  active: 'active',
  set: 'set',
  product: 'product',
  count: 'count',
  title: 'title',
} as const;

/** The form of a heart's click. */
export function toggleForm(type: FavouriteType, id: string, willBeActive: boolean): Record<string, string> {
  return {
    [FAVOURITE_FIELD.intent]: 'toggle',
    [FAVOURITE_FIELD.type]: type,
    [FAVOURITE_FIELD.id]: id,
    [FAVOURITE_FIELD.active]: String(willBeActive),
  };
}

/** SPEC §2: the popup's title and the product cards' button. */
export const ADD_TO_SET_TITLE = 'Добавить в набор';
/** SPEC §2: the empty state of the popup (and of the Наборы tab). */
export const NO_SETS_TEXT = 'У вас нет наборов';

/** The tabs of /favourites (SPEC §3 types, and the sets), in the query `?tab=`. */
export const FAVOURITE_TABS = [
  { key: 'products', label: 'Товары' },
  { key: 'stores', label: 'Магазины' },
  { key: 'articles', label: 'Статьи' },
  { key: 'sets', label: 'Наборы' },
] as const;
export type FavouriteTab = (typeof FAVOURITE_TABS)[number]['key'];

export function isFavouriteTab(value: string | null): value is FavouriteTab {
  return FAVOURITE_TABS.some((tab) => tab.key === value);
}

export function favouritesTabHref(tab: FavouriteTab): string {
  return tab === 'products' ? '/favourites' : `/favourites?tab=${tab}`;
}
