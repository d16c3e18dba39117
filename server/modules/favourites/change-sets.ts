/**
 * Named sets as the customer changes them (SPEC §3, §5): create, rename, delete, and their lines added, counted,
 * removed and cleared. Each change runs under the customer's lock (favourites.deps.ts) and answers the set.
 */
import {
  type FavouriteSet,
  SET_FULL_MESSAGE,
  SET_NOT_FOUND_MESSAGE,
  SET_PRODUCT_MISSING_MESSAGE,
  SETS_FULL_MESSAGE,
  type SetAddProduct,
  type SetProductCount,
} from '@core/contracts/favourites';
import type { AssortmentScope } from '@core/rules/delivery-area';
import { mergedSetCount, SET_PRODUCTS_MAX, SETS_MAX } from '@core/rules/favourites';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { PRODUCT_NOT_FOUND } from '../catalog/catalog.service';
import { type FavouritesDeps, underOwnerLock } from './favourites.deps';
import {
  countSetItems,
  countSets,
  deleteSetItem,
  deleteSetItems,
  deleteSet as deleteSetRow,
  findSet,
  findSetItemCount,
  insertSet,
  insertSetItem,
  type SetRow,
  updateSetItemCount,
  updateSetTitle,
} from './favourites.repository';
import { getSet } from './read-sets';

type SetDeps = Pick<FavouritesDeps, 'db' | 'catalog'>;

/** Runs a change of one of the customer's sets (another customer's set is not found) and answers the set. */
async function changeSet(
  deps: SetDeps,
  userId: string,
  setId: string,
  work: (tx: Executor, set: SetRow) => Promise<void>,
  scope?: AssortmentScope,
): Promise<FavouriteSet> {
  await underOwnerLock(
    deps,
    userId,
    async (tx) => {
      const set = await findSet(tx, userId, setId);
      if (!set) throw new AppError('not_found', SET_NOT_FOUND_MESSAGE);
      await work(tx, set);
    },
    PRODUCT_NOT_FOUND,
  );
  return getSet(deps, userId, setId, scope);
}

/** POST …/favorites/categories: a new empty set; at most 50. */
export async function createSet(
  deps: Pick<FavouritesDeps, 'db'>,
  userId: string,
  title: string,
): Promise<FavouriteSet> {
  const set = await underOwnerLock(deps, userId, async (tx) => {
    if ((await countSets(tx, userId)) >= SETS_MAX) throw new AppError('bad_request', SETS_FULL_MESSAGE);
    return insertSet(tx, userId, title);
  });
  return { _id: set.id, title: set.title, products: [] };
}

/** PUT …/favorites/categories/{id}: a new title. */
export const renameSet = (
  deps: SetDeps,
  userId: string,
  setId: string,
  title: string,
  scope?: AssortmentScope,
): Promise<FavouriteSet> =>
  changeSet(deps, userId, setId, (tx, set) => updateSetTitle(tx, set.id, title), scope);

/** DELETE …/favorites/categories/{id} */
export async function deleteSet(
  deps: Pick<FavouritesDeps, 'db'>,
  userId: string,
  setId: string,
): Promise<void> {
  await underOwnerLock(deps, userId, async (tx) => {
    const set = await findSet(tx, userId, setId);
    if (!set) throw new AppError('not_found', SET_NOT_FOUND_MESSAGE);
    await deleteSetRow(tx, set.id);
  });
}

/**
 * POST …/favorites/categories/{id}: adds a product (one, or `count`). A product already in the set merges
 * into its line, counts adding up to at most 100; a new line needs room (200 products per set).
 */
export async function addToSet(
  deps: SetDeps,
  userId: string,
  setId: string,
  input: SetAddProduct,
  scope?: AssortmentScope,
): Promise<FavouriteSet> {
  // The product is checked with the catalogue before the transaction, never inside it (one connection).
  const [product] = await deps.catalog.listProductsByIds([input.product]);
  if (!product) throw new AppError('not_found', PRODUCT_NOT_FOUND);
  return changeSet(
    deps,
    userId,
    setId,
    async (tx, set) => {
      const current = await findSetItemCount(tx, set.id, input.product);
      const count = mergedSetCount(current, input.count ?? 1);
      if (current !== null) {
        // Stryker disable next-line ConditionalExpression: rewriting a line's own count changes nothing
        if (count !== current)
          await updateSetItemCount(tx, { setId: set.id, productId: input.product, count });
        return;
      }
      if ((await countSetItems(tx, set.id)) >= SET_PRODUCTS_MAX) {
        throw new AppError('bad_request', SET_FULL_MESSAGE);
      }
      await insertSetItem(tx, { setId: set.id, productId: input.product, count });
    },
    scope,
  );
}

/** DELETE …/favorites/categories/{id}/product: a product out of the set (none there: nothing changes). */
export const removeFromSet = (
  deps: SetDeps,
  userId: string,
  setId: string,
  productId: string,
  scope?: AssortmentScope,
): Promise<FavouriteSet> =>
  changeSet(deps, userId, setId, (tx, set) => deleteSetItem(tx, set.id, productId), scope);

/** PUT …/favorites/categories/{id}/product: a line's count, 1–100; a product not in the set is not found. */
export const setCount = (
  deps: SetDeps,
  userId: string,
  setId: string,
  input: SetProductCount,
  scope?: AssortmentScope,
): Promise<FavouriteSet> =>
  changeSet(
    deps,
    userId,
    setId,
    async (tx, set) => {
      const current = await findSetItemCount(tx, set.id, input.product);
      if (current === null) throw new AppError('not_found', SET_PRODUCT_MISSING_MESSAGE);
      // Stryker disable next-line ConditionalExpression: rewriting a line's own count changes nothing
      if (current !== input.count) {
        await updateSetItemCount(tx, { setId: set.id, productId: input.product, count: input.count });
      }
    },
    scope,
  );

/** DELETE …/favorites/categories/{id}/clear: every product out of the set. */
export const clearSet = (
  deps: SetDeps,
  userId: string,
  setId: string,
  scope?: AssortmentScope,
): Promise<FavouriteSet> => changeSet(deps, userId, setId, (tx, set) => deleteSetItems(tx, set.id), scope);
