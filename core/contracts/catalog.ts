/** Catalogue, shops, points and search: the API's shapes (spec field names) and its inputs. */
import { CATALOG_MAX_PAGE, CATALOG_SORTS } from '../rules/catalog';
import { SEARCH_MAX_LENGTH } from '../rules/search-text';
import { z } from './z';

/** Opaque ids are UUIDs; slugs are lower-case latin with dashes. Routes accept either. */
export const IdOrSlugSchema = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9-]+$/i, 'Не найдено');

/** GET /api/catalog/products: filters of the catalogue; prices in whole roubles as a shopper types them. */
export const CatalogQuerySchema = z.object({
  category: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/, 'Неизвестная категория')
    .optional(),
  store: IdOrSlugSchema.optional(),
  point: IdOrSlugSchema.optional(),
  min: z.coerce.number().int('Цена — целое число рублей').min(0).max(1_000_000).optional(),
  max: z.coerce.number().int('Цена — целое число рублей').min(0).max(1_000_000).optional(),
  discount: z.enum(['1']).optional(),
  sort: z.enum(CATALOG_SORTS).default('popular'),
  page: z.coerce.number().int().min(1).max(CATALOG_MAX_PAGE).default(1),
});
export type CatalogQuery = z.infer<typeof CatalogQuerySchema>;

export const StoreRefSchema = z.object({ _id: z.string(), name: z.string(), slug: z.string() });

/**
 * A product sold by weight (ADR 054): its price is per kilogram, its `count`s and a basket's quantities are
 * grams, bought in `step` grams from `min`; `piece`, about what one piece weighs when it is bought by the piece
 * ('≈ 1 шт · 350 г'). Absent on goods sold by the piece.
 */
export const WeightTermsSchema = z.object({
  step: z.number().int(),
  min: z.number().int(),
  piece: z.number().int().nullable(),
});

export const ProductCardSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  img: z.string().nullable(),
  /** Selling price in kopecks. */
  price: z.number().int(),
  /** Discount in percent; the old price is the spec's price helper applied to price and discount. */
  discount: z.number().int(),
  /** Grams. */
  weight: z.number().int(),
  rating: z.number(),
  reviews: z.number().int(),
  store: StoreRefSchema,
  in_stock: z.boolean(),
  is_new: z.boolean(),
  /**
   * Where the add-to-basket control buys it: the point in the shopper's area with the most stock, its stock
   * and its price (kopecks); null when no point in the area has any.
   */
  offer: z.object({ point: z.string(), count: z.number().int(), price: z.number().int() }).nullable(),
  by_weight: WeightTermsSchema.optional(),
});
export type ProductCard = z.infer<typeof ProductCardSchema>;

export const ProductPageSchema = z.object({
  products: z.array(ProductCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});
export type ProductPage = z.infer<typeof ProductPageSchema>;

export const CategorySchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  img: z.string().nullable(),
  parent: z.string().nullable(),
});
export type Category = z.infer<typeof CategorySchema>;

export const ScheduleSchema = z.record(z.string(), z.object({ open: z.string(), close: z.string() }));

export const PointSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
  is_pickup: z.boolean(),
  /** ISO weekday ('1' Monday … '7' Sunday) → opening hours; a missing day is closed. */
  schedule: ScheduleSchema,
  coordinates: z.object({ longitude: z.number(), latitude: z.number() }),
  city: z.string(),
  zones: z.array(z.string()),
  store: StoreRefSchema,
});
export type Point = z.infer<typeof PointSchema>;

export const StoreSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  kind: z.string(),
  description: z.string(),
  logo: z.string().nullable(),
  rating: z.number(),
  reviews: z.number().int(),
  /** Kopecks. */
  min_order: z.number().int(),
  delivery_fee: z.number().int(),
  free_delivery_from: z.number().int().nullable(),
  points_count: z.number().int(),
});
export type Store = z.infer<typeof StoreSchema>;

export const StoreDetailSchema = StoreSchema.extend({ points: z.array(PointSchema) });
export type StoreDetail = z.infer<typeof StoreDetailSchema>;

/** A warehouse entry of a product (SPEC §3): the point, its delivery zones, the stock and its own price. */
export const WarehouseSchema = z.object({
  point: z.object({ _id: z.string(), slug: z.string(), name: z.string(), address: z.string() }),
  zone: z.array(z.string()),
  count: z.number().int(),
  /** Kopecks: the point's own price, or the product's. */
  price: z.number().int(),
  /** Whether the point serves the shopper's delivery area or is their pickup point (all, with no area). */
  in_area: z.boolean(),
});

export const ProductDetailSchema = ProductCardSchema.extend({
  description: z.string(),
  imgs: z.array(z.object({ path: z.string() })),
  category: z.object({ _id: z.string(), slug: z.string(), name: z.string() }).nullable(),
  warehouse: z.array(WarehouseSchema),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

/** GET /api/points/list?points=a,b or ?points=a&points=b */
export const PointsListQuerySchema = z.object({
  points: z
    .union([z.string(), z.array(z.string())])
    .transform((value) =>
      (Array.isArray(value) ? value : value.split(',')).map((id) => id.trim()).filter(Boolean),
    )
    .pipe(z.array(z.uuid('Некорректный идентификатор точки')).max(100, 'Не больше 100 точек за раз')),
});

export const SearchQuerySchema = z.object({
  q: z.line().max(SEARCH_MAX_LENGTH, `Запрос не длиннее ${SEARCH_MAX_LENGTH} символов`).default(''),
});

/** SPEC §3 Search item: a shop catalogue (category → /catalog/{id}) or a product (→ /product/{id}). */
export const SearchItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(['category', 'product']),
});
export type SearchItem = z.infer<typeof SearchItemSchema>;

/**
 * The catalogue filters of a page URL, read leniently: a shared link with a stale or mistyped filter still
 * shows the catalogue, without that filter (the API answers 400 instead).
 */
export function parseCatalogSearchParams(params: URLSearchParams): CatalogQuery {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(CatalogQuerySchema.shape) as (keyof CatalogQuery)[]) {
    const value = params.get(key);
    if (value === null || value === '') continue;
    if (CatalogQuerySchema.shape[key].safeParse(value).success) raw[key] = value;
  }
  return CatalogQuerySchema.parse(raw);
}
