/** What the favourites' loaders read with the contracts (kept out of the routes' browser bundles). */
import type { SetSummary } from '@core/contracts/favourites';
import { z } from '@core/contracts/z';
import type { Services } from '@server/services';
import { SETS_PRODUCT_PARAM } from './favourite-routes';

const ProductQuerySchema = z.uuid().optional();

/** The sets of the 'Добавить в набор' popup; a malformed `?product=` marks none. */
export async function readSetSummaries(
  favourites: Services['favourites'],
  userId: string,
  url: URL,
): Promise<SetSummary[]> {
  const product = ProductQuerySchema.safeParse(url.searchParams.get(SETS_PRODUCT_PARAM) ?? undefined);
  return favourites.listSetSummaries(userId, product.success ? product.data : undefined);
}
