/** The customer's named sets as they are read: with product cards in the shopper's area, or as summaries. */
import { type FavouriteSet, SET_NOT_FOUND_MESSAGE, type SetSummary } from '@core/contracts/favourites';
import type { AssortmentScope } from '@core/rules/delivery-area';
import { AppError } from '../../errors';
import type { FavouritesDeps } from './favourites.deps';
import { presentSet } from './favourites.presenter';
import { findSet, findSetItems, findSets, type SetRow } from './favourites.repository';

/** Sets of this customer's with their lines, products as cards in the shopper's area. */
export async function loadSets(
  deps: Pick<FavouritesDeps, 'db' | 'catalog'>,
  sets: readonly SetRow[],
  scope?: AssortmentScope,
): Promise<FavouriteSet[]> {
  const items = await findSetItems(
    deps.db,
    sets.map((set) => set.id),
  );
  const productIds = [...new Set(items.map((item) => item.productId))];
  const cards = new Map(
    (await deps.catalog.listProductsByIds(productIds, scope)).map((card) => [card._id, card]),
  );
  return sets.map((set) =>
    presentSet(
      set,
      items.filter((item) => item.setId === set.id),
      cards,
    ),
  );
}

/** One of the customer's sets (another customer's is not found). */
export async function getSet(
  deps: Pick<FavouritesDeps, 'db' | 'catalog'>,
  userId: string,
  setId: string,
  scope?: AssortmentScope,
): Promise<FavouriteSet> {
  const set = await findSet(deps.db, userId, setId);
  if (!set) throw new AppError('not_found', SET_NOT_FOUND_MESSAGE);
  const [loaded] = await loadSets(deps, [set], scope);
  // Stryker disable next-line ConditionalExpression,StringLiteral: loadSets answers a set for each row it gets
  if (!loaded) throw new AppError('not_found', SET_NOT_FOUND_MESSAGE);
  return loaded;
}

/**
 * The customer's sets without their product cards, for the 'Добавить в набор' popup: each set's title, how
 * many products it has and whether `productId` is one of them. Ids only, no catalogue call.
 */
export async function listSetSummaries(
  deps: Pick<FavouritesDeps, 'db'>,
  userId: string,
  productId?: string,
): Promise<SetSummary[]> {
  const sets = await findSets(deps.db, userId);
  const items = await findSetItems(
    deps.db,
    sets.map((set) => set.id),
  );
  return sets.map((set) => {
    const lines = items.filter((item) => item.setId === set.id);
    return {
      _id: set.id,
      title: set.title,
      size: lines.length,
      // Stryker disable next-line ConditionalExpression: no line has an undefined product either
      has_product: productId !== undefined && lines.some((item) => item.productId === productId),
    };
  });
}
