import { getOptionalUser } from '~/lib/auth.server';
import type { Route } from './+types/discount-card';

/**
 * GET /resources/discount-card: the header dropdown's card number (issue 25), loaded by a fetcher when the
 * dropdown first opens. A signed-in customer gets their card (issued now if this is their first look, as the
 * cabinet's tab does); a guest gets none.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = getOptionalUser(context);
  return { number: user ? await context.services.payments.cardNumber(user._id) : null };
}
