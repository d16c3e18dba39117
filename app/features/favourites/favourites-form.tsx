import { FAVOURITES_ACTION, FAVOURITES_FORM_ID } from './favourite-routes';

/**
 * The page's one form of the hearts (FAVOURITES_FORM_ID), once in the root layout: a heart posted by the
 * browser itself posts it, and the resource route toggles the item its button names and goes back to the
 * page (ADR 043), or a guest to the login page. With JavaScript the hearts' fetchers post instead.
 */
export function FavouritesForm() {
  return <form id={FAVOURITES_FORM_ID} method="post" action={FAVOURITES_ACTION} hidden />;
}
