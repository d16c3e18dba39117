/** The customer's favourites as they are read: the count, the hearts' keys, and a list of one type. */
import type { ProductCard } from '@core/contracts/catalog';
import type { FavouriteKeys, FavouriteList } from '@core/contracts/favourites';
import type { AssortmentScope } from '@core/rules/delivery-area';
import type { FavouriteListType } from '@core/rules/favourites';
import type { FavouritesDeps } from './favourites.deps';
import {
  itemIdOf,
  presentFavouriteArticles,
  presentFavouriteKeys,
  presentFavouriteProducts,
} from './favourites.presenter';
import {
  countFavourites as countFavouriteRows,
  findAllFavouriteKeys,
  findFavouriteItems,
  findSets,
} from './favourites.repository';
import { loadSets } from './read-sets';

/** GET …/favorites/count: favourites of every type (sets are not favourites). */
export const countFavourites = (deps: Pick<FavouritesDeps, 'db'>, userId: string): Promise<number> =>
  countFavouriteRows(deps.db, userId);

/** Every favourite item id by type: the hearts of a page and, summed, the header badge. */
export async function listFavouriteKeys(
  deps: Pick<FavouritesDeps, 'db'>,
  userId: string,
): Promise<FavouriteKeys> {
  return presentFavouriteKeys(await findAllFavouriteKeys(deps.db, userId));
}

/**
 * GET …/favorites?type=: products (with the in-area offer, and similar in-area products for those the area
 * no longer has), shops, articles (blog, news and recipes), or 'category' — the sets. Newest first; sets in
 * the order they were created.
 */
export async function listFavourites(
  deps: Pick<FavouritesDeps, 'db' | 'catalog' | 'content'>,
  userId: string,
  type: FavouriteListType,
  scope?: AssortmentScope,
): Promise<FavouriteList> {
  if (type === 'category') {
    return { success: true, type, favorites: await loadSets(deps, await findSets(deps.db, userId), scope) };
  }
  // Stryker disable next-line ArrayDeclaration: the table's check gives every row exactly one item id
  const ids = (await findFavouriteItems(deps.db, userId, type)).flatMap((row) => itemIdOf(row) ?? []);
  switch (type) {
    case 'product': {
      const cards = await deps.catalog.listProductsByIds(ids, scope);
      // Only products without an offer get similar ones (the presenter's rule); asking for more, or for
      // none, would only cost a query.
      // Stryker disable next-line MethodExpression: see above
      const gone = cards.filter((card) => !card.offer).map((card) => card._id);
      const similar =
        // Stryker disable next-line ConditionalExpression,EqualityOperator: see above
        gone.length > 0 ? await deps.catalog.listSimilar(gone, scope) : new Map<string, ProductCard[]>();
      return { success: true, type, favorites: presentFavouriteProducts(cards, similar) };
    }
    case 'store': {
      const byId = new Map((await deps.catalog.listStores()).map((store) => [store._id, store]));
      return { success: true, type, favorites: ids.flatMap((id) => byId.get(id) ?? []) };
    }
    case 'article':
      return {
        success: true,
        type,
        favorites: presentFavouriteArticles(ids, await deps.content.listPublicationCards(ids)),
      };
  }
}
