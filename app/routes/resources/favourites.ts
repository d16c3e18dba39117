import { data } from 'react-router';
import { heartButtonToggle, runFavouriteIntent } from '~/features/favourites/favourite-actions.server';
import { runAction } from '~/lib/actions.server';
import { requireUser } from '~/lib/auth.server';
import { isDocumentPost, redirectBack, redirectToLogin } from '~/lib/document-post.server';
import type { Route } from './+types/favourites';

/**
 * POST /resources/favourites: the hearts' and the sets' fetchers (docs/decisions/019, 020). A widget's
 * resource route: it answers data, never a page; the router then revalidates the loaders, so the hearts, the
 * header badge and /favourites follow from the server's state. A heart the browser posted itself (before
 * hydration, or without JavaScript: the page's one favourites form, its button naming the item) goes back to
 * its page, a guest's to the login page (ADR 043).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (isDocumentPost(request)) {
    const form = await request.formData();
    if (!context.viewer.user) return redirectToLogin(form, request);
    return runAction(async () => {
      const user = requireUser(context);
      await runFavouriteIntent(context.services.favourites, user._id, context.area, heartButtonToggle(form));
      return redirectBack(form, '/favourites', request);
    });
  }
  return runAction(async () => {
    const user = requireUser(context);
    return runFavouriteIntent(context.services.favourites, user._id, context.area, await request.formData());
  });
}

/** Only posts: there is nothing to show at this address. */
export function loader() {
  throw data(null, { status: 404 });
}
