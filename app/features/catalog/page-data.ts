import type { Category, Store } from '@core/contracts/catalog';

/**
 * What the storefront's loaders send of shops and categories: the fields their pages render, nothing more
 * (ADR 044). Loader data is written into the page's HTML once more for hydration, so a shop's description
 * that only the shop's own page shows cost /catalog and / 4.8 KB each.
 */

/** A shop in the catalogue's filter: its option's value and text. */
export type StoreOption = Pick<Store, 'slug' | 'name'>;

export function storeOptions(stores: readonly Store[]): StoreOption[] {
  return stores.map(({ slug, name }) => ({ slug, name }));
}

/** A category in the catalogue's navigation: the link, and its parent to nest it. */
export type CategoryLink = Pick<Category, '_id' | 'slug' | 'name' | 'parent'>;

export function categoryLinks(categories: readonly Category[]): CategoryLink[] {
  return categories.map(({ _id, slug, name, parent }) => ({ _id, slug, name, parent }));
}

/** A top category on the home page: a tile with its picture. */
export type CategoryTile = Pick<Category, '_id' | 'slug' | 'name' | 'img'>;

export function categoryTiles(categories: readonly Category[]): CategoryTile[] {
  return categories
    .filter((category) => category.parent === null)
    .map(({ _id, slug, name, img }) => ({ _id, slug, name, img }));
}

/** A shop on the home page's shelf: logo, name, rating, the link. */
export type StoreTile = Pick<Store, '_id' | 'slug' | 'name' | 'logo' | 'rating'>;

export function storeTiles(stores: readonly Store[], limit: number): StoreTile[] {
  return stores
    .slice(0, limit)
    .map(({ _id, slug, name, logo, rating }) => ({ _id, slug, name, logo, rating }));
}

/**
 * Product cards with one object per shop: the cards of a shop share its `store`. React Router writes loader
 * data once per object (turbo-stream keeps an index of what it has written), so 48 cards from 8 shops carry
 * 8 shop objects instead of 48 (about 1.5 KB of /catalog's HTML). Pass one `shops` map to share across lists.
 */
export function productCards<T extends { store: { _id: string } }>(
  products: readonly T[],
  shops = new Map<string, T['store']>(),
): T[] {
  return products.map((product) => {
    const shop = shops.get(product.store._id);
    if (!shop) {
      shops.set(product.store._id, product.store);
      return product;
    }
    return shop === product.store ? product : { ...product, store: shop };
  });
}
