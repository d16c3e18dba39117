import type { Category, ProductCard, Store } from '@core/contracts/catalog';

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

/**
 * A category in the catalogue's navigation: the link, and its parent's slug to nest it (the slug is in the
 * loader data anyway, so the parent costs a reference, not an id).
 */
export type CategoryLink = Pick<Category, 'slug' | 'name'> & { parent: string | null };

/**
 * The categories the navigation shows: the top ones, and the children of the open one (the current category
 * or its parent). The others' children are not rendered, so they are not sent.
 */
export function categoryLinks(categories: readonly Category[], activeSlug?: string): CategoryLink[] {
  const slugOf = new Map(categories.map((category) => [category._id, category.slug]));
  const active = categories.find((category) => category.slug === activeSlug);
  const openId = active ? (active.parent ?? active._id) : undefined;
  return categories
    .filter((category) => category.parent === null || category.parent === openId)
    .map(({ slug, name, parent }) => ({
      slug,
      name,
      parent: parent === null ? null : (slugOf.get(parent) ?? null),
    }));
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

/**
 * A product card as a grid's loader sends it: a tuple, not an object (ADR 044, "The catalogue's loader data").
 * React Router's turbo-stream writes each of an object's keys as a reference beside its value
 * (`\"_198\":621,`, 9-12 bytes of HTML each, 14 a card); a tuple writes the values' references alone. The
 * shop is the shared object `productCards` gives; `in_stock` is not sent, it is `offer !== null`.
 */
export type PackedCard = [
  id: string,
  slug: string,
  name: string,
  img: string | null,
  price: number,
  discount: number,
  weight: number,
  rating: number,
  reviews: number,
  store: ProductCard['store'],
  isNew: boolean,
  /** The offer's point, stock and price; null without an offer. */
  offerPoint: string | null,
  offerCount: number,
  offerPrice: number,
  byWeight: NonNullable<ProductCard['by_weight']> | null,
];

export function packCard(card: ProductCard): PackedCard {
  const { offer } = card;
  return [
    card._id,
    card.slug,
    card.name,
    card.img,
    card.price,
    card.discount,
    card.weight,
    card.rating,
    card.reviews,
    card.store,
    card.is_new,
    offer ? offer.point : null,
    offer ? offer.count : 0,
    offer ? offer.price : 0,
    card.by_weight ?? null,
  ];
}

export function unpackCard(packed: PackedCard): ProductCard {
  const [
    _id,
    slug,
    name,
    img,
    price,
    discount,
    weight,
    rating,
    reviews,
    store,
    is_new,
    point,
    count,
    offerPrice,
  ] = packed;
  const byWeight = packed[14];
  const offer = point === null ? null : { point, count, price: offerPrice };
  const card: ProductCard = {
    _id,
    slug,
    name,
    img,
    price,
    discount,
    weight,
    rating,
    reviews,
    store,
    in_stock: offer !== null,
    is_new,
    offer,
  };
  if (byWeight) card.by_weight = byWeight;
  return card;
}
