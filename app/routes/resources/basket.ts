import { data } from 'react-router';
import { runBasketIntent } from '~/features/basket/basket-actions.server';
import { runAction } from '~/lib/actions.server';
import type { Route } from './+types/basket';

/**
 * POST /resources/basket: the basket widgets' fetchers (docs/decisions/030). A resource route: it answers
 * data, never a page; the router then revalidates the root loader, whose signed-in basket every counter, the
 * header badge and /basket show. The basket page's own forms (without JavaScript) post to /basket instead.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runAction(async () => runBasketIntent(context, await request.formData()));
}

/** Only posts: there is nothing to show at this address. */
export function loader() {
  throw data(null, { status: 404 });
}
