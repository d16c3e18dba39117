/** The names a list of reviews shows: authors, products, shops, each looked up once for the whole list. */
import type { ReviewsDeps } from './reviews.deps';
import type { ReviewRow } from './reviews.repository';

export type ReviewNames = {
  authors: ReadonlyMap<string, string>;
  products: ReadonlyMap<string, string>;
  stores: ReadonlyMap<string, string>;
};

export async function namesOf(
  deps: Pick<ReviewsDeps, 'customers' | 'catalog'>,
  rows: readonly ReviewRow[],
  { withStores = false } = {},
): Promise<ReviewNames> {
  const productIds = [...new Set(rows.flatMap((row) => (row.productId ? [row.productId] : [])))];
  const [authors, products, stores] = await Promise.all([
    deps.customers.listNames([...new Set(rows.map((row) => row.customerId))]),
    productIds.length > 0 ? deps.catalog.listProductsByIds(productIds) : Promise.resolve([]),
    withStores ? deps.catalog.listStores() : Promise.resolve([]),
  ]);
  return {
    authors,
    products: new Map(products.map((product) => [product._id, product.name])),
    stores: new Map(stores.map((store) => [store._id, store.name])),
  };
}
