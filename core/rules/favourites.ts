/**
 * Favourites and named sets (SPEC §3–§5, §9; docs/decisions/019): the limits both sides apply, how a set line
 * merges, and the sentence that tells a shopper what of a set could not go into the basket.
 */
import { clampCount } from './counter';

/**
 * SPEC §3: favourites are kept per type. A recipe is an 'article' (the spec's three types and the page's tabs
 * Товары / Магазины / Статьи have no place of their own for it): it shares the Статьи tab with blog posts and
 * news, told apart by its kind.
 */
export const FAVOURITE_TYPES = ['product', 'store', 'article'] as const;
export type FavouriteType = (typeof FAVOURITE_TYPES)[number];

/** What GET /api/user/me/favorites?type= lists: a favourite type, or 'category' — the sets (SPEC §3). */
export const FAVOURITE_LIST_TYPES = [...FAVOURITE_TYPES, 'category'] as const;
export type FavouriteListType = (typeof FAVOURITE_LIST_TYPES)[number];

/** The kinds of an 'article' favourite: a blog post, a news item or a recipe. */
export const FAVOURITE_ARTICLE_KINDS = ['blog', 'news', 'recipe'] as const;
export type FavouriteArticleKind = (typeof FAVOURITE_ARTICLE_KINDS)[number];

/** Favourites of one type a customer may keep: every list is answered whole, so it must stay bounded. */
export const FAVOURITES_MAX_PER_TYPE = 500;
/** Sets a customer may have. */
export const SETS_MAX = 50;
/** Products in one set. */
export const SET_PRODUCTS_MAX = 200;
/** A set's title: required, at most this many characters. */
export const SET_TITLE_MAX_LENGTH = 60;
/** SPEC §5, §9: the counter of a set line goes from 1 to 100. */
export const SET_COUNT_MIN = 1;
export const SET_COUNT_MAX = 100;
export const SET_COUNT_BOUNDS = { min: SET_COUNT_MIN, max: SET_COUNT_MAX } as const;

/** A product added to a set it is already in merges into its line: the counts add up, capped at 100. */
export function mergedSetCount(current: number | null, added: number): number {
  return clampCount((current ?? 0) + added, SET_COUNT_BOUNDS);
}

/** Why a set line did not go into the basket whole. */
export type ShortfallReason = 'unavailable' | 'limited' | 'basket_full';

export type SetLineShortfall = {
  name: string;
  reason: ShortfallReason;
  /** What the set asked for. */
  requested: number;
  /** What the basket holds of it from this set (0 when nothing was added). */
  added: number;
};

const UNAVAILABLE_PREFIX = 'Нет в наличии в вашем районе: ';
const LIMITED_PREFIX = 'Добавлено меньше, чем в наборе (столько осталось): ';
const BASKET_FULL_PREFIX = 'Не поместилось в корзину: ';

/**
 * The one message after 'Добавить товары в корзину' listing what could not be added and why, or null when
 * every line went in whole. One sentence per reason, in a fixed order, products in the set's order.
 */
export function describeShortfalls(shortfalls: readonly SetLineShortfall[]): string | null {
  const names = (reason: ShortfallReason) => shortfalls.filter((item) => item.reason === reason);
  const parts: string[] = [];
  const unavailable = names('unavailable');
  if (unavailable.length > 0)
    parts.push(UNAVAILABLE_PREFIX + unavailable.map((item) => item.name).join(', '));
  const limited = names('limited');
  if (limited.length > 0) {
    parts.push(
      LIMITED_PREFIX + limited.map((item) => `${item.name} — ${item.added} из ${item.requested}`).join(', '),
    );
  }
  const full = names('basket_full');
  if (full.length > 0) parts.push(BASKET_FULL_PREFIX + full.map((item) => item.name).join(', '));
  return parts.length > 0 ? `${parts.join('. ')}.` : null;
}

/** A heart's click on its way to the server: the item, and what it will be once done. */
export type PendingToggle = { type: FavouriteType; id: string; active: boolean };

/**
 * The header badge's number while toggles are on their way (SPEC §4: it counts every favourite): the saved
 * favourites, plus each pending toggle that adds an item not saved, minus each that removes a saved one. The
 * last pending toggle of an item is the one that counts.
 */
export function countWithPending(
  saved: Readonly<Record<FavouriteType, readonly string[]>>,
  pending: readonly PendingToggle[],
): number {
  const latest = new Map<string, PendingToggle>();
  for (const toggle of pending) latest.set(`${toggle.type}:${toggle.id}`, toggle);
  let count = FAVOURITE_TYPES.reduce((sum, type) => sum + saved[type].length, 0);
  for (const toggle of latest.values()) {
    const isSaved = saved[toggle.type].includes(toggle.id);
    if (toggle.active && !isSaved) count += 1;
    if (!toggle.active && isSaved) count -= 1;
  }
  return count;
}
