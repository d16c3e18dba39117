/**
 * The resource routes of favourites and sets (docs/decisions/019, 020), and the storefront's words and tabs.
 * What each post carries is FavouriteFormSchema's (core/contracts/favourites, ADR 042); the hearts type
 * their posts with it (FavouriteForm), without loading Zod, so the widgets' bundles stay small.
 */
import type { FavouriteForm } from '@core/contracts/favourites';
import type { FavouriteType } from '@core/rules/favourites';

/** The button that makes a set, and the title of its popup (set-title-dialog.tsx). */
export const CREATE_SET_LABEL = 'Создать набор';

/** POST: every change of favourites and sets; GET is 404. */
export const FAVOURITES_ACTION = '/resources/favourites';
/** GET: the customer's sets for the 'Добавить в набор' popup (`?product=` marks the sets that have it). */
export const FAVOURITE_SETS_LOADER = '/resources/favourites/sets';
/** The sets loader's query: the product the popup was opened for. */
export const SETS_PRODUCT_PARAM = 'product';

/**
 * The page's one favourites form (FavouritesForm, in the root layout): every heart is a button of it by this
 * id, so a grid writes no form per card (ADR 044). Posted by the browser itself (before hydration, or without
 * JavaScript), a signed-in customer's heart sends its item as its own field, `product=<id>` (or `store`,
 * `article`), which the action toggles; a guest's sends nothing and goes to the login page.
 */
export const FAVOURITES_FORM_ID = 'fav';

/** A form posted without JavaScript: the page the action goes back to (docs/decisions/043). */
export const REDIRECT_TO_FIELD = 'redirectTo';

/** The post of a heart's click: `active` is what the heart will show once done. */
export function toggleForm(type: FavouriteType, id: string, willBeActive: boolean) {
  return {
    intent: 'toggle',
    type,
    id,
    active: willBeActive ? 'true' : 'false',
  } as const satisfies FavouriteForm;
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
