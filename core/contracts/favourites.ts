/**
 * Favourites and named sets (SPEC §3, §5, §7; docs/decisions/019): the inputs of the ten calls, with the
 * Russian messages the forms and the API show, and the answers' shapes.
 */
import {
  FAVOURITE_ARTICLE_KINDS,
  FAVOURITE_LIST_TYPES,
  FAVOURITE_TYPES,
  FAVOURITES_MAX_PER_TYPE,
  type FavouriteType,
  SET_COUNT_MAX,
  SET_COUNT_MIN,
  SET_PRODUCTS_MAX,
  SET_TITLE_MAX_LENGTH,
  SETS_MAX,
} from '../rules/favourites';
import { ProductCardSchema, StoreSchema } from './catalog';
import type { FormFields } from './form-fields';
import { REQUIRED_MESSAGE } from './identity';
import { z } from './z';

export const FAVOURITE_TYPE_MESSAGE = 'Тип избранного: product, store или article';
export const FAVOURITE_LIST_TYPE_MESSAGE = 'Тип списка: product, store, article или category';
export const FAVOURITE_ID_MESSAGE = 'Некорректный идентификатор';
export const SET_TITLE_LENGTH_MESSAGE = `Название набора — не длиннее ${SET_TITLE_MAX_LENGTH} символов`;
export const SET_COUNT_MESSAGE = `Количество — целое число от ${SET_COUNT_MIN} до ${SET_COUNT_MAX}`;
export const SET_NOT_FOUND_MESSAGE = 'Набор не найден';
export const SET_PRODUCT_MISSING_MESSAGE = 'Этого товара нет в наборе';
export const SETS_FULL_MESSAGE = `Можно создать не больше ${SETS_MAX} наборов`;
export const SET_FULL_MESSAGE = `В наборе может быть не больше ${SET_PRODUCTS_MAX} товаров`;
export const FAVOURITES_FULL_MESSAGES = {
  product: `В избранном может быть не больше ${FAVOURITES_MAX_PER_TYPE} товаров`,
  store: `В избранном может быть не больше ${FAVOURITES_MAX_PER_TYPE} магазинов`,
  article: `В избранном может быть не больше ${FAVOURITES_MAX_PER_TYPE} статей`,
} as const;
export const ARTICLE_NOT_FOUND_MESSAGE = 'Статья не найдена';
export const PRODUCT_ID_MESSAGE = 'Некорректный идентификатор товара';

export const FavouriteTypeSchema = z.enum(FAVOURITE_TYPES, { error: FAVOURITE_TYPE_MESSAGE });
export const FavouriteListTypeSchema = z.enum(FAVOURITE_LIST_TYPES, { error: FAVOURITE_LIST_TYPE_MESSAGE });

/** GET /api/user/me/favorites/toggle?type=&id= */
export const ToggleQuerySchema = z.object({
  type: FavouriteTypeSchema,
  id: z.uuid(FAVOURITE_ID_MESSAGE),
});
export type ToggleQuery = z.infer<typeof ToggleQuerySchema>;

/** GET /api/user/me/favorites?type= */
export const FavouriteListQuerySchema = z.object({ type: FavouriteListTypeSchema });

/** SPEC §5: a set's title is required; ≤ 60 characters, one line, trimmed. */
export const SetTitleSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() : value),
  z.line().min(1, REQUIRED_MESSAGE).max(SET_TITLE_MAX_LENGTH, SET_TITLE_LENGTH_MESSAGE),
);

/** POST /api/user/me/favorites/categories, PUT …/categories/{id}: `{ title }`. */
export const SetTitleInputSchema = z.object({ title: SetTitleSchema });
export type SetTitleInput = z.infer<typeof SetTitleInputSchema>;

/** SPEC §5, §9: a set line's counter goes from 1 to 100. */
export const SetCountSchema = z
  .number({ error: SET_COUNT_MESSAGE })
  .int(SET_COUNT_MESSAGE)
  .min(SET_COUNT_MIN, SET_COUNT_MESSAGE)
  .max(SET_COUNT_MAX, SET_COUNT_MESSAGE);

const ProductIdSchema = z.uuid(PRODUCT_ID_MESSAGE);

export const SetParamsSchema = z.object({ id: z.uuid(SET_NOT_FOUND_MESSAGE) });

/**
 * POST /api/user/me/favorites/categories/{id}: `{ product }` adds one (or `count`); a product already in the
 * set merges into its line, the counts adding up to at most 100.
 */
export const SetAddProductSchema = z.object({ product: ProductIdSchema, count: SetCountSchema.optional() });
export type SetAddProduct = z.infer<typeof SetAddProductSchema>;

/** DELETE …/{id}/product: `{ product }`. */
export const SetRemoveProductSchema = z.object({ product: ProductIdSchema });

/** PUT …/{id}/product: `{ product, count }`, the counter 1–100. */
export const SetProductCountSchema = z.object({ product: ProductIdSchema, count: SetCountSchema });
export type SetProductCount = z.infer<typeof SetProductCountSchema>;

/** A set named by a form: its id. */
const SetIdSchema = SetParamsSchema.shape.id;

/**
 * The storefront's posts to /resources/favourites (ADR 019, 042): one form per change, told apart by
 * `intent`, each with the API call's own fields. A heart's `active` is what it will show once done: the
 * server toggles regardless (SPEC §7); the widget reads it back for its optimistic state.
 */
export const FavouriteFormSchema = z.discriminatedUnion(
  'intent',
  [
    ToggleQuerySchema.extend({ intent: z.literal('toggle'), active: z.enum(['true', 'false']).optional() }),
    SetTitleInputSchema.extend({ intent: z.literal('create-set'), product: ProductIdSchema.optional() }),
    SetTitleInputSchema.extend({ intent: z.literal('rename-set'), set: SetIdSchema }),
    z.object({ intent: z.literal('delete-set'), set: SetIdSchema }),
    SetAddProductSchema.pick({ product: true }).extend({ intent: z.literal('add-to-set'), set: SetIdSchema }),
    SetRemoveProductSchema.extend({ intent: z.literal('remove-from-set'), set: SetIdSchema }),
    SetProductCountSchema.extend({ intent: z.literal('set-count'), set: SetIdSchema }),
    z.object({ intent: z.literal('clear-set'), set: SetIdSchema }),
    z.object({ intent: z.literal('set-to-basket'), set: SetIdSchema }),
  ],
  { error: 'Неизвестное действие с избранным' },
);
/** A post's fields as a form or a fetcher sends them (text). */
export type FavouriteForm = FormFields<z.input<typeof FavouriteFormSchema>>;
export type FavouriteIntent = FavouriteForm['intent'];

// Answers -----------------------------------------------------------------------------------------------------

/** GET …/favorites/count: every favourite of every type (sets are not favourites: they are not counted). */
export const FavouriteCountSchema = z.object({ success: z.literal(true), result: z.number().int() });
export type FavouriteCount = z.infer<typeof FavouriteCountSchema>;

/** GET …/favorites/toggle: whether the item is a favourite now, and the new count for the badge. */
export const ToggleResultSchema = z.object({
  success: z.literal(true),
  type: FavouriteTypeSchema,
  id: z.string(),
  active: z.boolean(),
  result: z.number().int(),
});
export type ToggleResult = z.infer<typeof ToggleResultSchema>;

/**
 * A favourite product: its card with the in-area offer (null: no point in the shopper's area has it), and
 * then up to four products of the same category that the area does have.
 */
export const FavouriteProductSchema = ProductCardSchema.extend({ similar: z.array(ProductCardSchema) });
export type FavouriteProduct = z.infer<typeof FavouriteProductSchema>;

/** A favourite 'article': a blog post, a news item or a recipe. */
export const FavouriteArticleSchema = z.object({
  _id: z.string(),
  kind: z.enum(FAVOURITE_ARTICLE_KINDS),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  img: z.string().nullable(),
  published_at: z.string(),
});
export type FavouriteArticle = z.infer<typeof FavouriteArticleSchema>;

/** SPEC §3 Set: `_id`, `title`, products each with `product` (its card, offer in the area) and `count`. */
export const FavouriteSetSchema = z.object({
  _id: z.string(),
  title: z.string(),
  products: z.array(z.object({ product: ProductCardSchema, count: z.number().int() })),
});
export type FavouriteSet = z.infer<typeof FavouriteSetSchema>;

export const FavouriteListSchema = z.discriminatedUnion('type', [
  z.object({
    success: z.literal(true),
    type: z.literal('product'),
    favorites: z.array(FavouriteProductSchema),
  }),
  z.object({ success: z.literal(true), type: z.literal('store'), favorites: z.array(StoreSchema) }),
  z.object({
    success: z.literal(true),
    type: z.literal('article'),
    favorites: z.array(FavouriteArticleSchema),
  }),
  z.object({ success: z.literal(true), type: z.literal('category'), favorites: z.array(FavouriteSetSchema) }),
]);
export type FavouriteList = z.infer<typeof FavouriteListSchema>;

/** A customer's favourite item ids by type: what the hearts of a page show (the root loader's). */
export type FavouriteKeys = Record<FavouriteType, string[]>;

/**
 * A set as the 'Добавить в набор' popup lists it: its title, how many products it has, and whether the
 * product the popup was opened for is one of them (the row's toggle, SPEC §4).
 */
export type SetSummary = { _id: string; title: string; size: number; has_product: boolean };

/** DELETE …/categories/{id} */
export const SetDeletedSchema = z.object({ success: z.literal(true) });

/** What of a set did not go into the basket whole, and why. */
export const SetShortfallSchema = z.object({
  product: z.object({ _id: z.string(), name: z.string() }),
  reason: z.enum(['unavailable', 'limited', 'basket_full']),
  requested: z.number().int(),
  added: z.number().int(),
});

/**
 * POST …/categories/{id}/basket ('Добавить товары в корзину'): how many lines went in, what did not (and
 * why), and the one sentence saying so ('Нет в наличии в вашем районе: …'), null when everything went in.
 */
export const SetToBasketResultSchema = z.object({
  success: z.literal(true),
  added: z.number().int(),
  shortfalls: z.array(SetShortfallSchema),
  message: z.string().nullable(),
});
export type SetToBasketResult = z.infer<typeof SetToBasketResultSchema>;
