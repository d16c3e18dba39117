/** The heart: a product, a shop or an article (blog, news) or recipe, added or taken off (docs/decisions/019). */
import {
  ARTICLE_NOT_FOUND_MESSAGE,
  FAVOURITES_FULL_MESSAGES,
  type ToggleQuery,
  type ToggleResult,
} from '@core/contracts/favourites';
import { FAVOURITES_MAX_PER_TYPE } from '@core/rules/favourites';
import { AppError } from '../../errors';
import { PRODUCT_NOT_FOUND, STORE_NOT_FOUND } from '../catalog/catalog.service';
import { type FavouritesDeps, underOwnerLock } from './favourites.deps';
import {
  countFavourites,
  deleteFavourite,
  type FavouriteItem,
  insertFavourite,
} from './favourites.repository';

/**
 * The item a toggle names, or not_found: checked with the catalogue and content services before the
 * transaction, never inside it (the embedded database has one connection).
 */
async function resolveItem(
  deps: Pick<FavouritesDeps, 'catalog' | 'content'>,
  { type, id }: ToggleQuery,
): Promise<{ item: FavouriteItem; notFound: string }> {
  switch (type) {
    case 'product': {
      const [product] = await deps.catalog.listProductsByIds([id]);
      if (!product) throw new AppError('not_found', PRODUCT_NOT_FOUND);
      return { item: { type, column: 'productId', id }, notFound: PRODUCT_NOT_FOUND };
    }
    case 'store': {
      const store = await deps.catalog.getStore(id);
      return { item: { type, column: 'storeId', id: store._id }, notFound: STORE_NOT_FOUND };
    }
    case 'article': {
      const cards = await deps.content.listPublicationCards([id]);
      const column = cards.articles.length > 0 ? 'articleId' : cards.recipes.length > 0 ? 'recipeId' : null;
      if (!column) throw new AppError('not_found', ARTICLE_NOT_FOUND_MESSAGE);
      return { item: { type, column, id }, notFound: ARTICLE_NOT_FOUND_MESSAGE };
    }
  }
}

/**
 * GET …/favorites/toggle: adds the item, or removes it when it is already a favourite. Twenty toggles at
 * once flip it twenty times, one after another. An unknown item is not found; a full list refuses more.
 */
export async function toggleFavourite(
  deps: Pick<FavouritesDeps, 'db' | 'catalog' | 'content'>,
  userId: string,
  query: ToggleQuery,
): Promise<ToggleResult> {
  const { item, notFound } = await resolveItem(deps, query);
  const active = await underOwnerLock(
    deps,
    userId,
    async (tx) => {
      if (await deleteFavourite(tx, userId, item.type, item.id)) return false;
      if ((await countFavourites(tx, userId, item.type)) >= FAVOURITES_MAX_PER_TYPE) {
        throw new AppError('bad_request', FAVOURITES_FULL_MESSAGES[item.type]);
      }
      await insertFavourite(tx, userId, item);
      return true;
    },
    notFound,
  );
  return {
    success: true,
    type: query.type,
    id: query.id,
    active,
    result: await countFavourites(deps.db, userId),
  };
}
