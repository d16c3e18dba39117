import { findSwapOffers, moveBasketLine } from '~/features/basket/swap-point.server';
import { SWAP_FIELD } from '~/features/basket/swap-point-form';
import { runAction } from '~/lib/actions.server';
import type { Route } from './+types/basket-swap';

/**
 * GET /resources/basket-swap?products=…: where the basket's products can be had in the shopper's area instead
 * of a point that cannot serve it (ADR 038). Bad input is data with its status, never an error page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const products = new URL(request.url).searchParams.get(SWAP_FIELD.products) ?? '';
  return runAction(async () => ({ ok: true as const, offers: await findSwapOffers(context, products) }));
}

/** POST: moves a signed-in customer's line to that point, in one call (a guest: 401, before the form is read). */
export async function action({ request, context }: Route.ActionArgs) {
  return runAction(() => moveBasketLine(context, request));
}
