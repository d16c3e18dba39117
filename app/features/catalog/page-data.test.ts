import type { Category, ProductCard, Store } from '@core/contracts/catalog';
import { describe, expect, it } from 'vitest';
import {
  categoryLinks,
  categoryTiles,
  packCard,
  productCards,
  storeOptions,
  storeTiles,
  unpackCard,
} from './page-data';

const store = (slug: string): Store => ({
  _id: `id-${slug}`,
  slug,
  name: `Магазин ${slug}`,
  kind: 'farm',
  description: 'Длинное описание, которое показывает только страница магазина.',
  logo: `/uploads/${slug}.svg`,
  rating: 4.5,
  reviews: 10,
  min_order: 50000,
  delivery_fee: 14900,
  free_delivery_from: 200000,
  points_count: 2,
});
const category = (slug: string, parent: string | null): Category => ({
  _id: `id-${slug}`,
  slug,
  name: slug,
  img: `/uploads/${slug}.svg`,
  parent,
});

describe('what the storefront loaders send of shops and categories (ADR 044)', () => {
  it('sends the catalogue filter a shop as its option: slug and name, no description', () => {
    expect(storeOptions([store('a')])).toEqual([{ slug: 'a', name: 'Магазин a' }]);
  });

  it('sends the home page the first shops as tiles: link, logo, name and rating', () => {
    expect(storeTiles([store('a'), store('b'), store('c')], 2)).toEqual([
      { _id: 'id-a', slug: 'a', name: 'Магазин a', logo: '/uploads/a.svg', rating: 4.5 },
      { _id: 'id-b', slug: 'b', name: 'Магазин b', logo: '/uploads/b.svg', rating: 4.5 },
    ]);
  });

  it('sends the catalogue navigation categories without pictures, the home page top ones with', () => {
    const categories = [category('milk', null), category('cheese', 'id-milk')];
    expect(categoryLinks(categories, 'milk')).toEqual([
      { slug: 'milk', name: 'milk', parent: null },
      { slug: 'cheese', name: 'cheese', parent: 'milk' },
    ]);
    expect(categoryTiles(categories)).toEqual([
      { _id: 'id-milk', slug: 'milk', name: 'milk', img: '/uploads/milk.svg' },
    ]);
  });
});

describe('the catalogue navigation: the categories it shows (ADR 044)', () => {
  const categories = [
    category('milk', null),
    category('cheese', 'id-milk'),
    category('veg', null),
    category('greens', 'id-veg'),
  ];

  it('sends the top categories alone when none is open', () => {
    expect(categoryLinks(categories).map(({ slug }) => slug)).toEqual(['milk', 'veg']);
  });

  it("sends the children of the open category, or of the open child's parent, and no others", () => {
    expect(categoryLinks(categories, 'veg').map(({ slug }) => slug)).toEqual(['milk', 'veg', 'greens']);
    expect(categoryLinks(categories, 'greens').map(({ slug }) => slug)).toEqual(['milk', 'veg', 'greens']);
  });
});

describe("packCard and unpackCard: a grid's cards as tuples in the loader data", () => {
  const shop = { _id: 's1', name: 'Ферма', slug: 'ferma' };
  const milk: ProductCard = {
    _id: 'p1',
    slug: 'milk',
    name: 'Молоко',
    img: '/uploads/milk.svg',
    price: 9900,
    discount: 10,
    weight: 1000,
    rating: 4.8,
    reviews: 3,
    store: shop,
    in_stock: true,
    is_new: true,
    offer: { point: 'pt1', count: 5, price: 9500 },
  };
  const apples: ProductCard = {
    ...milk,
    _id: 'p2',
    img: null,
    in_stock: false,
    is_new: false,
    offer: null,
    by_weight: { step: 100, min: 300, piece: null },
  };

  it('gives back the same card, `in_stock` from the offer', () => {
    for (const card of [milk, apples]) expect(unpackCard(packCard(card))).toStrictEqual(card);
  });

  it('keeps the shared shop object', () => {
    expect(unpackCard(packCard(apples)).store).toBe(shop);
  });
});

describe('productCards', () => {
  const card = (id: string, shop: string) => ({ _id: id, store: { _id: shop, name: `Магазин ${shop}` } });

  it('gives the cards of one shop one shop object, in the same order, with the same values', () => {
    const cards = [card('a', 's1'), card('b', 's2'), card('c', 's1')];
    const shaped = productCards(cards);
    expect(shaped).toEqual(cards);
    expect(shaped[2]?.store).toBe(shaped[0]?.store);
    expect(shaped[1]?.store).not.toBe(shaped[0]?.store);
    expect(shaped[0]).toBe(cards[0]);
  });

  it('shares shops across lists given one map', () => {
    const shops = new Map<string, { _id: string; name: string }>();
    const first = productCards([card('a', 's1')], shops);
    const second = productCards([card('b', 's1')], shops);
    expect(second[0]?.store).toBe(first[0]?.store);
  });
});
