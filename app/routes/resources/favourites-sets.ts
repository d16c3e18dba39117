import { data } from 'react-router';
import { readSetSummaries } from '~/features/favourites/favourite-loaders.server';
import { getOptionalUser } from '~/lib/auth.server';
import type { Route } from './+types/favourites-sets';

/**
 * GET /resources/favourites/sets?product=: the customer's sets for the 'Добавить в набор' popup, each with
 * whether it has the product. A guest gets 401 and no data.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // A widget's read, not a page: a guest is refused as the API refuses one (the heart opens the login popup).
  const user = getOptionalUser(context);
  if (!user) throw data(null, { status: 401 });
  const sets = await readSetSummaries(context.services.favourites, user._id, new URL(request.url));
  return data({ sets }, { headers: { 'Cache-Control': 'private, no-store' } });
}
