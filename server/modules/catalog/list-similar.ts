/**
 * Similar products for those a shopper's area no longer has (a favourites list's gone items, ADR 019): a use
 * case of the catalogue's service (ADR 026's shape: the factory stays a facade).
 */
import type { ProductCard } from '@core/contracts/catalog';
import type { AssortmentScope } from '@core/rules/delivery-area';
import { presentProductCard } from './catalog.presenter';
import { findProductCategories, findProductShelves, type Shelf } from './catalog.repository';
import type { CatalogDeps } from './catalog.service';

/** At most this many shelves are read for one list of products gone from an area (one statement for all). */
const SIMILAR_MAX_SHELVES = 8;

/**
 * Up to `limit` in-stock products of the area from the same category as each product (the same shop when it
 * has none), most popular first. At most eight shelves are read, all in one statement (issue 26); products
 * beyond them get none.
 */
export async function listSimilar(
  deps: CatalogDeps,
  productIds: readonly string[],
  scope: AssortmentScope | undefined,
  limit: number,
): Promise<Map<string, ProductCard[]>> {
  const groups = new Map<string, Shelf & { ids: string[] }>();
  for (const row of await findProductCategories(deps.db, productIds)) {
    const key = row.categoryId ? `category:${row.categoryId}` : `store:${row.storeId}`;
    const group = groups.get(key);
    if (group) group.ids.push(row.id);
    else if (row.categoryId) groups.set(key, { categoryId: row.categoryId, storeId: null, ids: [row.id] });
    else groups.set(key, { categoryId: null, storeId: row.storeId, ids: [row.id] });
  }
  const shelves = [...groups.values()].slice(0, SIMILAR_MAX_SHELVES);
  const rows = await findProductShelves(deps.db, shelves, scope, limit);
  const now = new Date(deps.clock.now());
  const similar = new Map<string, ProductCard[]>();
  for (const [index, { ids }] of shelves.entries()) {
    const shelf = (rows[index] ?? []).map((row) => presentProductCard(row, now));
    for (const id of ids) similar.set(id, shelf);
  }
  return similar;
}
