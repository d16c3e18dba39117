/** Favourites' answers in the spec's shapes (SPEC §3): cards from the catalogue and content, in list order. */
import type { ProductCard } from '@core/contracts/catalog';
import type { ArticleCard, RecipeCard } from '@core/contracts/content';
import type {
  FavouriteArticle,
  FavouriteKeys,
  FavouriteProduct,
  FavouriteSet,
} from '@core/contracts/favourites';
import type { FavouriteType } from '@core/rules/favourites';
import type { FavouriteItemRow, SetItemRow, SetRow } from './favourites.repository';

/** The id a favourite row holds, whichever column it is in. */
export function itemIdOf(row: FavouriteItemRow): string | null {
  return row.productId ?? row.storeId ?? row.articleId ?? row.recipeId;
}

/** Favourite products in list order, each with the similar in-area products found for it. */
export function presentFavouriteProducts(
  cards: readonly ProductCard[],
  similar: ReadonlyMap<string, readonly ProductCard[]>,
): FavouriteProduct[] {
  return cards.map((card) => ({ ...card, similar: card.offer ? [] : [...(similar.get(card._id) ?? [])] }));
}

/** Blog posts, news and recipes merged into one list in the favourites' order. */
export function presentFavouriteArticles(
  ids: readonly string[],
  cards: { articles: readonly ArticleCard[]; recipes: readonly RecipeCard[] },
): FavouriteArticle[] {
  const byId = new Map<string, FavouriteArticle>();
  for (const article of cards.articles) byId.set(article._id, article);
  for (const recipe of cards.recipes) {
    byId.set(recipe._id, {
      _id: recipe._id,
      kind: 'recipe',
      slug: recipe.slug,
      title: recipe.title,
      summary: recipe.summary,
      img: recipe.img,
      published_at: recipe.published_at,
    });
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A set with its lines, each product as its card in the shopper's area (a product gone is left out). */
export function presentSet(
  set: SetRow,
  items: readonly SetItemRow[],
  cards: ReadonlyMap<string, ProductCard>,
): FavouriteSet {
  return {
    _id: set.id,
    title: set.title,
    products: items.flatMap((item) => {
      const product = cards.get(item.productId);
      return product ? [{ product, count: item.count }] : [];
    }),
  };
}

export function presentFavouriteKeys(rows: readonly { type: FavouriteType; id: string }[]): FavouriteKeys {
  const keys: FavouriteKeys = { product: [], store: [], article: [] };
  for (const row of rows) keys[row.type].push(row.id);
  return keys;
}
