/**
 * The favourites module's queries: its own tables only. Products, shops and articles are the catalogue's and
 * content's; this module keeps their ids and asks those modules' services for the rest (GUIDE.md habit 12).
 */
import type { FavouriteType } from '@core/rules/favourites';
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { favouriteOwners, favouriteSetItems, favouriteSets, favourites } from '../../db/schema/favourites';

/** Which column holds an item: an 'article' favourite is a blog/news article or a recipe. */
export type ItemColumn = 'productId' | 'storeId' | 'articleId' | 'recipeId';

export type FavouriteItem = { type: FavouriteType; column: ItemColumn; id: string };

/**
 * Takes the customer's favourites lock until the transaction ends, creating the row on first use. Every
 * change takes it before it reads anything, so one customer's changes take turns (docs/decisions/019).
 */
export async function lockOwner(tx: Executor, userId: string): Promise<void> {
  await tx
    .insert(favouriteOwners)
    .values({ userId })
    .onConflictDoUpdate({ target: favouriteOwners.userId, set: { updatedAt: sql`now()` } });
}

/** Where an item of a type may be: 'article' looks in both the article and the recipe column. */
function itemCondition(type: FavouriteType, id: string) {
  switch (type) {
    case 'product':
      return eq(favourites.productId, id);
    case 'store':
      return eq(favourites.storeId, id);
    case 'article':
      return or(eq(favourites.articleId, id), eq(favourites.recipeId, id));
  }
}

/** Deletes the favourite if there is one; whether there was. */
export async function deleteFavourite(
  tx: Executor,
  userId: string,
  type: FavouriteType,
  id: string,
): Promise<boolean> {
  const deleted = await tx
    .delete(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.type, type), itemCondition(type, id)))
    .returning({ id: favourites.id });
  return deleted.length > 0;
}

export async function insertFavourite(tx: Executor, userId: string, item: FavouriteItem): Promise<void> {
  const idIn = (column: ItemColumn) => (item.column === column ? item.id : null);
  await tx.insert(favourites).values({
    userId,
    type: item.type,
    productId: idIn('productId'),
    storeId: idIn('storeId'),
    articleId: idIn('articleId'),
    recipeId: idIn('recipeId'),
  });
}

/** How many favourites a customer has: of one type, or of all. */
export async function countFavourites(db: Executor, userId: string, type?: FavouriteType): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(favourites)
    .where(and(eq(favourites.userId, userId), type ? eq(favourites.type, type) : undefined));
  return row?.value ?? 0;
}

/** The items of one type, newest first. */
export async function findFavouriteItems(db: Executor, userId: string, type: FavouriteType) {
  return db
    .select({
      productId: favourites.productId,
      storeId: favourites.storeId,
      articleId: favourites.articleId,
      recipeId: favourites.recipeId,
    })
    .from(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.type, type)))
    .orderBy(desc(favourites.id));
}

export type FavouriteItemRow = Awaited<ReturnType<typeof findFavouriteItems>>[number];

/** Every favourite of a customer as (type, item id), newest first: what the hearts on a page show. */
export async function findAllFavouriteKeys(db: Executor, userId: string) {
  return db
    .select({
      type: favourites.type,
      id: sql<string>`coalesce(${favourites.productId}, ${favourites.storeId}, ${favourites.articleId}, ${favourites.recipeId})`,
    })
    .from(favourites)
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.id));
}

// Sets --------------------------------------------------------------------------------------------------------

const setColumns = { id: favouriteSets.id, title: favouriteSets.title };

export type SetRow = { id: string; title: string };

export async function countSets(tx: Executor, userId: string): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(favouriteSets)
    .where(eq(favouriteSets.userId, userId));
  return row?.value ?? 0;
}

export async function insertSet(tx: Executor, userId: string, title: string): Promise<SetRow> {
  const [row] = await tx.insert(favouriteSets).values({ userId, title }).returning(setColumns);
  if (!row) throw new Error('insert into favourite_sets returned no row');
  return row;
}

/** A set of this customer's, or undefined (another customer's set is not found either). */
export async function findSet(db: Executor, userId: string, setId: string): Promise<SetRow | undefined> {
  const [row] = await db
    .select(setColumns)
    .from(favouriteSets)
    .where(and(eq(favouriteSets.id, setId), eq(favouriteSets.userId, userId)));
  return row;
}

/** A customer's sets in the order they were created. */
export async function findSets(db: Executor, userId: string): Promise<SetRow[]> {
  return db
    .select(setColumns)
    .from(favouriteSets)
    .where(eq(favouriteSets.userId, userId))
    .orderBy(asc(favouriteSets.position));
}

export async function updateSetTitle(tx: Executor, setId: string, title: string): Promise<void> {
  await tx.update(favouriteSets).set({ title }).where(eq(favouriteSets.id, setId));
}

export async function deleteSet(tx: Executor, setId: string): Promise<void> {
  await tx.delete(favouriteSets).where(eq(favouriteSets.id, setId));
}

export type SetItemRow = { setId: string; productId: string; count: number };

/** The lines of some sets, each set's in the order they were added. */
export async function findSetItems(db: Executor, setIds: readonly string[]): Promise<SetItemRow[]> {
  if (setIds.length === 0) return [];
  return db
    .select({
      setId: favouriteSetItems.setId,
      productId: favouriteSetItems.productId,
      count: favouriteSetItems.count,
    })
    .from(favouriteSetItems)
    .where(inArray(favouriteSetItems.setId, [...setIds]))
    .orderBy(asc(favouriteSetItems.position));
}

/** A line's count, or null when the product is not in the set. */
export async function findSetItemCount(
  tx: Executor,
  setId: string,
  productId: string,
): Promise<number | null> {
  const [row] = await tx
    .select({ count: favouriteSetItems.count })
    .from(favouriteSetItems)
    .where(and(eq(favouriteSetItems.setId, setId), eq(favouriteSetItems.productId, productId)));
  return row?.count ?? null;
}

export async function countSetItems(tx: Executor, setId: string): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(favouriteSetItems)
    .where(eq(favouriteSetItems.setId, setId));
  return row?.value ?? 0;
}

export async function insertSetItem(tx: Executor, item: SetItemRow): Promise<void> {
  await tx.insert(favouriteSetItems).values(item);
}

export async function updateSetItemCount(tx: Executor, item: SetItemRow): Promise<void> {
  await tx
    .update(favouriteSetItems)
    .set({ count: item.count })
    .where(and(eq(favouriteSetItems.setId, item.setId), eq(favouriteSetItems.productId, item.productId)));
}

export async function deleteSetItem(tx: Executor, setId: string, productId: string): Promise<void> {
  await tx
    .delete(favouriteSetItems)
    .where(and(eq(favouriteSetItems.setId, setId), eq(favouriteSetItems.productId, productId)));
}

export async function deleteSetItems(tx: Executor, setId: string): Promise<void> {
  await tx.delete(favouriteSetItems).where(eq(favouriteSetItems.setId, setId));
}
