import type { ProductCard } from '@core/contracts/catalog';
import {
  ARTICLE_NOT_FOUND_MESSAGE,
  FAVOURITES_FULL_MESSAGES,
  type FavouriteKeys,
  type FavouriteList,
  type FavouriteSet,
  SET_FULL_MESSAGE,
  SET_NOT_FOUND_MESSAGE,
  SET_PRODUCT_MISSING_MESSAGE,
  SETS_FULL_MESSAGE,
  type SetAddProduct,
  type SetProductCount,
  type SetSummary,
  type SetToBasketResult,
  type ToggleQuery,
  type ToggleResult,
} from '@core/contracts/favourites';
import type { AssortmentScope } from '@core/rules/delivery-area';
import {
  describeShortfalls,
  FAVOURITES_MAX_PER_TYPE,
  type FavouriteListType,
  mergedSetCount,
  SET_PRODUCTS_MAX,
  SETS_MAX,
  type SetLineShortfall,
} from '@core/rules/favourites';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../errors';
import { hasSqlState, SQLSTATE } from '../../lib/sql-state';
import type { BasketService } from '../basket/basket.service';
import { type CatalogService, PRODUCT_NOT_FOUND, STORE_NOT_FOUND } from '../catalog/catalog.service';
import type { ContentService } from '../content/content.service';
import {
  itemIdOf,
  presentFavouriteArticles,
  presentFavouriteKeys,
  presentFavouriteProducts,
  presentSet,
} from './favourites.presenter';
import {
  countFavourites,
  countSetItems,
  countSets,
  deleteFavourite,
  deleteSet,
  deleteSetItem,
  deleteSetItems,
  type FavouriteItem,
  findAllFavouriteKeys,
  findFavouriteItems,
  findSet,
  findSetItemCount,
  findSetItems,
  findSets,
  insertFavourite,
  insertSet,
  insertSetItem,
  lockOwner,
  type SetRow,
  updateSetItemCount,
  updateSetTitle,
} from './favourites.repository';

/** What this module needs of others: their services, never their tables (GUIDE.md habit 12). */
export type FavouritesDeps = {
  db: Db;
  catalog: Pick<CatalogService, 'listProductsByIds' | 'listStores' | 'getStore' | 'listSimilar'>;
  content: Pick<ContentService, 'listPublicationCards'>;
  basket: Pick<BasketService, 'addItems'>;
};

export const EMPTY_SET_MESSAGE = 'В наборе нет товаров';

/**
 * Favourites per type and named sets (SPEC §3–§5, §7; docs/decisions/019). Every change runs in one
 * transaction that first takes the customer's favourites lock, so one customer's changes take turns: a toggle
 * reads and flips under it, and a limit is checked and kept under it. Items are checked with the catalogue
 * and content services before the transaction, never inside it (the embedded database has one connection).
 */
export function createFavouritesService(deps: FavouritesDeps) {
  const { db } = deps;

  /** A change under the customer's lock; an item deleted meanwhile (a foreign key failing) is not found. */
  async function change<T>(
    userId: string,
    work: (tx: Executor) => Promise<T>,
    notFound?: string,
  ): Promise<T> {
    try {
      return await db.transaction(async (tx) => {
        await lockOwner(tx, userId);
        return work(tx);
      });
    } catch (error) {
      if (notFound && hasSqlState(error, SQLSTATE.foreignKeyViolation)) {
        throw new AppError('not_found', notFound, { cause: error });
      }
      throw error;
    }
  }

  /** The item a toggle names, or not_found: a product, a shop, or an article (blog, news) or recipe. */
  async function resolveItem({ type, id }: ToggleQuery): Promise<{ item: FavouriteItem; notFound: string }> {
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

  /** A set of this customer's with its lines, products as cards in the shopper's area. */
  async function loadSets(sets: readonly SetRow[], scope?: AssortmentScope): Promise<FavouriteSet[]> {
    const items = await findSetItems(
      db,
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

  async function getSet(userId: string, setId: string, scope?: AssortmentScope): Promise<FavouriteSet> {
    const set = await findSet(db, userId, setId);
    if (!set) throw new AppError('not_found', SET_NOT_FOUND_MESSAGE);
    const [loaded] = await loadSets([set], scope);
    // Stryker disable next-line ConditionalExpression,StringLiteral: loadSets answers a set for each row it gets
    if (!loaded) throw new AppError('not_found', SET_NOT_FOUND_MESSAGE);
    return loaded;
  }

  /** Runs a change of one of the customer's sets (another customer's set is not found) and answers the set. */
  async function changeSet(
    userId: string,
    setId: string,
    work: (tx: Executor, set: SetRow) => Promise<void>,
    scope?: AssortmentScope,
  ): Promise<FavouriteSet> {
    await change(
      userId,
      async (tx) => {
        const set = await findSet(tx, userId, setId);
        if (!set) throw new AppError('not_found', SET_NOT_FOUND_MESSAGE);
        await work(tx, set);
      },
      PRODUCT_NOT_FOUND,
    );
    return getSet(userId, setId, scope);
  }

  async function requireProduct(productId: string): Promise<void> {
    const [product] = await deps.catalog.listProductsByIds([productId]);
    if (!product) throw new AppError('not_found', PRODUCT_NOT_FOUND);
  }

  return {
    /** GET …/favorites/count: favourites of every type (sets are not favourites). */
    countFavourites: (userId: string): Promise<number> => countFavourites(db, userId),

    /** Every favourite item id by type: the hearts of a page and, summed, the header badge. */
    async listFavouriteKeys(userId: string): Promise<FavouriteKeys> {
      return presentFavouriteKeys(await findAllFavouriteKeys(db, userId));
    },

    /**
     * GET …/favorites/toggle: adds the item, or removes it when it is already a favourite. Twenty toggles at
     * once flip it twenty times, one after another. An unknown item is not found; a full list refuses more.
     */
    async toggleFavourite(userId: string, query: ToggleQuery): Promise<ToggleResult> {
      const { item, notFound } = await resolveItem(query);
      const active = await change(
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
        result: await countFavourites(db, userId),
      };
    },

    /**
     * GET …/favorites?type=: products (with the in-area offer, and similar in-area products for those the
     * area no longer has), shops, articles (blog, news and recipes), or 'category' — the sets. Newest first;
     * sets in the order they were created.
     */
    async listFavourites(
      userId: string,
      type: FavouriteListType,
      scope?: AssortmentScope,
    ): Promise<FavouriteList> {
      if (type === 'category') {
        return { success: true, type, favorites: await loadSets(await findSets(db, userId), scope) };
      }
      // Stryker disable next-line ArrayDeclaration: the table's check gives every row exactly one item id
      const ids = (await findFavouriteItems(db, userId, type)).flatMap((row) => itemIdOf(row) ?? []);
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
    },

    getSet,

    /**
     * The customer's sets without their product cards, for the 'Добавить в набор' popup: each set's title,
     * how many products it has and whether `productId` is one of them. Ids only, no catalogue call.
     */
    async listSetSummaries(userId: string, productId?: string): Promise<SetSummary[]> {
      const sets = await findSets(db, userId);
      const items = await findSetItems(
        db,
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
    },

    /** POST …/favorites/categories: a new empty set; at most 50. */
    async createSet(userId: string, title: string): Promise<FavouriteSet> {
      const set = await change(userId, async (tx) => {
        if ((await countSets(tx, userId)) >= SETS_MAX) throw new AppError('bad_request', SETS_FULL_MESSAGE);
        return insertSet(tx, userId, title);
      });
      return { _id: set.id, title: set.title, products: [] };
    },

    /** PUT …/favorites/categories/{id}: a new title. */
    renameSet: (userId: string, setId: string, title: string, scope?: AssortmentScope) =>
      changeSet(userId, setId, (tx, set) => updateSetTitle(tx, set.id, title), scope),

    /** DELETE …/favorites/categories/{id} */
    async deleteSet(userId: string, setId: string): Promise<void> {
      await change(userId, async (tx) => {
        const set = await findSet(tx, userId, setId);
        if (!set) throw new AppError('not_found', SET_NOT_FOUND_MESSAGE);
        await deleteSet(tx, set.id);
      });
    },

    /**
     * POST …/favorites/categories/{id}: adds a product (one, or `count`). A product already in the set merges
     * into its line, counts adding up to at most 100; a new line needs room (200 products per set).
     */
    async addToSet(
      userId: string,
      setId: string,
      input: SetAddProduct,
      scope?: AssortmentScope,
    ): Promise<FavouriteSet> {
      await requireProduct(input.product);
      return changeSet(
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
    },

    /** DELETE …/favorites/categories/{id}/product: a product out of the set (none there: nothing changes). */
    removeFromSet: (userId: string, setId: string, productId: string, scope?: AssortmentScope) =>
      changeSet(userId, setId, (tx, set) => deleteSetItem(tx, set.id, productId), scope),

    /** PUT …/favorites/categories/{id}/product: a line's count, 1–100; a product not in the set is not found. */
    setCount: (userId: string, setId: string, input: SetProductCount, scope?: AssortmentScope) =>
      changeSet(
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
      ),

    /** DELETE …/favorites/categories/{id}/clear: every product out of the set. */
    clearSet: (userId: string, setId: string, scope?: AssortmentScope) =>
      changeSet(userId, setId, (tx, set) => deleteSetItems(tx, set.id), scope),

    /**
     * 'Добавить товары в корзину': every line at its in-area offer — the point of the shopper's area with the
     * most stock (ADR 014) — on top of what the basket holds, capped at that point's stock by the basket.
     * What could not go in whole is reported with its reason: no point of the area has it, the point has
     * fewer, or the basket has no room for another line.
     */
    async addSetToBasket(userId: string, setId: string, scope?: AssortmentScope): Promise<SetToBasketResult> {
      const set = await getSet(userId, setId, scope);
      if (set.products.length === 0) throw new AppError('bad_request', EMPTY_SET_MESSAGE);
      const shortfalls: (SetLineShortfall & { id: string })[] = [];
      const additions: { pointId: string; productId: string; quantity: number }[] = [];
      const names = new Map(set.products.map(({ product }) => [product._id, product.name]));
      for (const { product, count } of set.products) {
        if (product.offer)
          additions.push({ pointId: product.offer.point, productId: product._id, quantity: count });
        else
          shortfalls.push({
            id: product._id,
            name: product.name,
            reason: 'unavailable',
            requested: count,
            added: 0,
          });
      }
      const results = await deps.basket.addItems(userId, additions);
      for (const result of results) {
        if (!result.shortfall) continue;
        shortfalls.push({
          id: result.productId,
          // Stryker disable next-line StringLiteral: every addition comes from the set's own products
          name: names.get(result.productId) ?? '',
          reason: result.shortfall,
          requested: result.quantity,
          added: result.added,
        });
      }
      const order = new Map(set.products.map(({ product }, index) => [product._id, index]));
      shortfalls.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      return {
        success: true,
        added: results.filter((result) => result.added > 0).length,
        shortfalls: shortfalls.map(({ id, name, reason, requested, added }) => ({
          product: { _id: id, name },
          reason,
          requested,
          added,
        })),
        message: describeShortfalls(shortfalls),
      };
    },
  };
}

export type FavouritesService = ReturnType<typeof createFavouritesService>;
