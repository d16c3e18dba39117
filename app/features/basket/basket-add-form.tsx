import { BASKET_ACTION, BASKET_ADD_FORM_ID } from './basket-form';

/**
 * The page's one form of the grid cards' 'В корзину' (BASKET_ADD_FORM_ID), once in the root layout: a card's
 * button posted by the browser itself (before hydration, or without JavaScript) sends its line as its own
 * field, and the resource route adds it and goes back to the page (ADR 043), or a guest to the login page.
 * With JavaScript the cards post through the basket's fetchers instead.
 */
export function BasketAddForm() {
  return <form id={BASKET_ADD_FORM_ID} method="post" action={BASKET_ACTION} hidden />;
}
