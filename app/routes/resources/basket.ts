import { data } from 'react-router';
import { findLineReplacements, runBasketIntent } from '~/features/basket/basket-actions.server';
import { runBasketChange } from '~/features/basket/basket-changes';
import { BASKET_FIELD, BASKET_PAGE } from '~/features/basket/basket-form';
import { formText, runAction } from '~/lib/actions.server';
import { isDocumentPost, redirectBack, redirectToLogin } from '~/lib/document-post.server';
import type { Route } from './+types/basket';

/**
 * POST /resources/basket: every basket control's form (docs/decisions/043). A fetcher's post answers the
 * whole basket, which the controls show with the changes still on their way (useOptimisticBasket); no loader
 * runs again. A form the browser posted itself (before hydration, or without JavaScript) goes back to its
 * page; a guest's, whose basket lives in the browser, to the login page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (!isDocumentPost(request)) return runAction(() => runBasketIntent(context, form));
  const isPreview = formText(form, BASKET_FIELD.intent) === 'preview';
  if (!context.viewer.user && !isPreview) return redirectToLogin(form, request);
  return runAction(async () => {
    await runBasketIntent(context, form);
    return redirectBack(form, BASKET_PAGE, request);
  });
}

/** In the browser: this tab's changes go out one at a time, and their answers are what the controls show. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return runBasketChange(request, serverAction);
}

/**
 * GET with a line (`warehouse_id`, `product_id`): the similar products it may be replaced with (ADR 055),
 * asked for only when a customer opens the line's pick; a guest gets 401 as data. Nothing else to show here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  if (!query.has(BASKET_FIELD.product)) throw data(null, { status: 404 });
  return runAction(() => findLineReplacements(context, query));
}
