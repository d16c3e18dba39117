import { BASKET_ACTION, BASKET_STEP_FORM_ID } from './basket-form';

/**
 * The page's one form of the grid cards' basket buttons ('В корзину', − and +: BASKET_STEP_FORM_ID), once in
 * the root layout: a card's button posted by the browser itself (before hydration, or without JavaScript)
 * sends its step as its own field, and the resource route makes it and goes back to the page (ADR 043), or a
 * guest to the login page. With JavaScript the cards post through the basket's fetchers instead.
 */
export function BasketStepForm() {
  return <form id={BASKET_STEP_FORM_ID} method="post" action={BASKET_ACTION} hidden />;
}
