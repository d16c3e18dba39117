/**
 * Catalogue constants and URL rules shared by the API contracts and the browser. No Zod here: this module
 * ships to the browser with every catalogue page.
 */

export const CATALOG_SORTS = ['popular', 'price-asc', 'price-desc', 'discount', 'new'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

export const CATALOG_SORT_LABELS: Record<CatalogSort, string> = {
  popular: 'Популярные',
  'price-asc': 'Сначала дешевле',
  'price-desc': 'Сначала дороже',
  discount: 'По размеру скидки',
  new: 'Новинки',
};

export const CATALOG_PAGE_SIZE = 48;
export const CATALOG_MAX_PAGE = 500;

/** The filters of a catalogue URL (see CatalogQuerySchema for their validation). */
export type CatalogFilters = {
  category?: string;
  store?: string;
  point?: string;
  min?: number;
  max?: number;
  discount?: '1';
  sort: CatalogSort;
  page: number;
};

/** The URL search string of a catalogue query, without defaults; `patch` overrides fields (undefined drops). */
export function catalogSearchString(
  query: Partial<CatalogFilters>,
  patch: Partial<CatalogFilters> = {},
): string {
  const merged: Partial<CatalogFilters> = { ...query, ...patch };
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(merged)) {
    if (value === undefined) continue;
    if (key === 'sort' && value === 'popular') continue;
    if (key === 'page' && value === 1) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** SPEC §2: a search item of type category leads to /catalog/{id}, a product to /product/{id}. */
export function searchItemHref(item: { _id: string; type: 'category' | 'product' }): string {
  return item.type === 'category' ? `/catalog/${item._id}` : `/product/${item._id}`;
}

/** How a page names the shop a product comes from: 'в магазине «Рыбная гавань»' (never 'в Рыбная гавань'). */
export function inShop(storeName: string): string {
  return `в магазине «${storeName}»`;
}
