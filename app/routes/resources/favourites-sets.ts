import { data } from 'react-router';
import { readSetSummaries } from '~/features/favourites/favourite-loaders.server';
import { getOptionalUser } from '~/lib/auth.server';
import type { Route } from './+types/favourites-sets';

const PRIVATE = { 'Cache-Control': 'private, no-store' };

/**
 * GET /resources/favourites/sets?product=: the customer's sets for the 'Добавить в набор' popup, each with
 * whether it has the product. A guest gets 401 and no data. A failure to read them is not the page's failure
 * (SPEC §8: set list failures are ignored): the popup gets `sets: null` and says so, where a thrown error
 * would replace the page the popup opened on with the error page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // A widget's read, not a page: a guest is refused as the API refuses one (the heart opens the login popup).
  const user = getOptionalUser(context);
  if (!user) throw data(null, { status: 401 });
  try {
    const sets = await readSetSummaries(context.services.favourites, user._id, new URL(request.url));
    return data({ sets }, { headers: PRIVATE });
  } catch (error) {
    context.log.warn({ err: error }, 'the sets of the add-to-set popup could not be read');
    return data({ sets: null }, { status: 503, headers: PRIVATE });
  }
}
