/**
 * The favourites module's public surface (SPEC §3–§5, §7; docs/decisions/019): what its routes and the app's
 * page actions call. Each use case lives in its own file and takes the module's dependencies first (ADR 026,
 * 041): the hearts (toggle-favourite.ts), reading (list-favourites.ts, read-sets.ts), the sets' changes
 * (change-sets.ts) and a set put into the basket (set-to-basket.ts); every change under the customer's lock
 * (favourites.deps.ts).
 */
import type {
  FavouriteKeys,
  FavouriteList,
  FavouriteSet,
  SetAddProduct,
  SetProductCount,
  SetSummary,
  SetToBasketResult,
  ToggleQuery,
  ToggleResult,
} from '@core/contracts/favourites';
import type { AssortmentScope } from '@core/rules/delivery-area';
import type { FavouriteListType } from '@core/rules/favourites';
import { addToSet, clearSet, createSet, deleteSet, removeFromSet, renameSet, setCount } from './change-sets';
import type { FavouritesDeps } from './favourites.deps';
import { countFavourites, listFavouriteKeys, listFavourites } from './list-favourites';
import { getSet, listSetSummaries } from './read-sets';
import { addSetToBasket } from './set-to-basket';
import { toggleFavourite } from './toggle-favourite';

export type { FavouritesDeps } from './favourites.deps';
export { EMPTY_SET_MESSAGE } from './set-to-basket';

export function createFavouritesService(deps: FavouritesDeps) {
  return {
    /** GET …/favorites/count: favourites of every type (sets are not favourites). */
    countFavourites: (userId: string): Promise<number> => countFavourites(deps, userId),
    /** Every favourite item id by type: the hearts of a page and, summed, the header badge. */
    listFavouriteKeys: (userId: string): Promise<FavouriteKeys> => listFavouriteKeys(deps, userId),
    /** GET …/favorites/toggle: on, or off when it is one already. */
    toggleFavourite: (userId: string, query: ToggleQuery): Promise<ToggleResult> =>
      toggleFavourite(deps, userId, query),
    /** GET …/favorites?type=: products, shops, articles, or 'category' — the sets. */
    listFavourites: (
      userId: string,
      type: FavouriteListType,
      scope?: AssortmentScope,
    ): Promise<FavouriteList> => listFavourites(deps, userId, type, scope),
    getSet: (userId: string, setId: string, scope?: AssortmentScope): Promise<FavouriteSet> =>
      getSet(deps, userId, setId, scope),
    /** The 'Добавить в набор' popup's sets: titles, sizes, whether `productId` is in each. */
    listSetSummaries: (userId: string, productId?: string): Promise<SetSummary[]> =>
      listSetSummaries(deps, userId, productId),
    createSet: (userId: string, title: string): Promise<FavouriteSet> => createSet(deps, userId, title),
    renameSet: (
      userId: string,
      setId: string,
      title: string,
      scope?: AssortmentScope,
    ): Promise<FavouriteSet> => renameSet(deps, userId, setId, title, scope),
    deleteSet: (userId: string, setId: string): Promise<void> => deleteSet(deps, userId, setId),
    addToSet: (
      userId: string,
      setId: string,
      input: SetAddProduct,
      scope?: AssortmentScope,
    ): Promise<FavouriteSet> => addToSet(deps, userId, setId, input, scope),
    removeFromSet: (
      userId: string,
      setId: string,
      productId: string,
      scope?: AssortmentScope,
    ): Promise<FavouriteSet> => removeFromSet(deps, userId, setId, productId, scope),
    setCount: (
      userId: string,
      setId: string,
      input: SetProductCount,
      scope?: AssortmentScope,
    ): Promise<FavouriteSet> => setCount(deps, userId, setId, input, scope),
    clearSet: (userId: string, setId: string, scope?: AssortmentScope): Promise<FavouriteSet> =>
      clearSet(deps, userId, setId, scope),
    /** 'Добавить товары в корзину': every line at its in-area offer; what did not fit, and why. */
    addSetToBasket: (userId: string, setId: string, scope?: AssortmentScope): Promise<SetToBasketResult> =>
      addSetToBasket(deps, userId, setId, scope),
  };
}

export type FavouritesService = ReturnType<typeof createFavouritesService>;
