/**
 * The basket's API (SPEC §3 Basket, §7): a map from point (warehouse) id to its lines `{ product, quantity }`.
 * Money in kopecks.
 */
import { BASKET_MAX_LINES } from '../rules/basket';
import { COUNTER_MAX, COUNTER_MIN } from '../rules/counter';
import { WEIGHT_MAX_GRAMS } from '../rules/sold-by-weight';
import { StoreRefSchema, WeightTermsSchema } from './catalog';
import { OnMissingSchema } from './orders';
import { z } from './z';

export const QUANTITY_MESSAGE = `Количество — целое число от ${COUNTER_MIN} до ${COUNTER_MAX}`;
export const BASKET_FULL_MESSAGE = `В корзине может быть не больше ${BASKET_MAX_LINES} товаров`;
export const POINT_ID_MESSAGE = 'Некорректный идентификатор точки продаж';
export const PRODUCT_ID_MESSAGE = 'Некорректный идентификатор товара';

/**
 * SPEC §5: the counter's 0–999; goods sold by weight count grams (ADR 054), up to WEIGHT_MAX_GRAMS. Which
 * applies is the product's: the basket service refuses pieces above 999 and grams off their steps.
 */
export const QuantitySchema = z
  .number({ error: QUANTITY_MESSAGE })
  .int(QUANTITY_MESSAGE)
  .min(COUNTER_MIN, QUANTITY_MESSAGE)
  .max(WEIGHT_MAX_GRAMS, QUANTITY_MESSAGE);

const PointIdSchema = z.uuid(POINT_ID_MESSAGE);
const ProductIdSchema = z.uuid(PRODUCT_ID_MESSAGE);

/** A product as a basket line shows it: a card's fields at that point's price, and that point's stock. */
export const BasketProductSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  img: z.string().nullable(),
  /** Kopecks: the point's own price, or the product's. */
  price: z.number().int(),
  discount: z.number().int(),
  /** Grams. */
  weight: z.number().int(),
  store: StoreRefSchema,
  /** What the point has now; a quantity above it is shown as «Осталось N шт.» and capped on its next change. */
  count: z.number().int(),
  /** Sold by weight (ADR 054): price per kg, `count` and the line's quantity in grams. */
  by_weight: WeightTermsSchema.optional(),
});
export type BasketProduct = z.infer<typeof BasketProductSchema>;

/** The similar product a line is to be replaced with when it is missing at assembly (ADR 055). */
export const BasketReplacementSchema = z.object({ product: z.string(), name: z.string() });
export type BasketReplacement = z.infer<typeof BasketReplacementSchema>;

export const BasketItemSchema = z.object({
  product: BasketProductSchema,
  quantity: z.number().int(),
  /** The point's stock fell below the quantity (quantity > product.count). */
  is_over_stock: z.boolean(),
  /**
   * What to do when the product is missing at assembly (ADR 055); null: the order's choice, made at checkout.
   * Always there in the server's answers; absent on a line of a guest's basket, kept on the device.
   */
  on_missing: OnMissingSchema.nullable().optional(),
  /** With 'similar': the similar product the customer picked; null: any similar one the picker finds. */
  replacement: BasketReplacementSchema.nullable().optional(),
});
export type BasketItem = z.infer<typeof BasketItemSchema>;

/** GET /api/user/me/basket, and the answer of every change: point id → lines, in the order they were added. */
export const BasketSchema = z.record(z.string(), z.array(BasketItemSchema));
export type Basket = z.infer<typeof BasketSchema>;

/**
 * PATCH /api/user/me/basket (SPEC §7: warehouse_id, product_id, quantity): sets the quantity, capped at the
 * point's stock; 0 removes the line. `delta` instead of `quantity` steps it (the − and + of a counter), read
 * and written under the basket's lock, so simultaneous steps all count.
 */
export const BasketChangeSchema = z
  .object({
    warehouse_id: PointIdSchema,
    product_id: ProductIdSchema,
    quantity: QuantitySchema.optional(),
    delta: z
      .number({ error: QUANTITY_MESSAGE })
      .int(QUANTITY_MESSAGE)
      .min(-WEIGHT_MAX_GRAMS, QUANTITY_MESSAGE)
      .max(WEIGHT_MAX_GRAMS, QUANTITY_MESSAGE)
      .optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.quantity === undefined) === (value.delta === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'Укажите количество' });
    }
  });
export type BasketChange = z.infer<typeof BasketChangeSchema>;

/** A line as uploaded: the product's id, or the product itself (as GET answers it), and how many. */
export const BasketLineInputSchema = z.object({
  product: z.union([ProductIdSchema, z.looseObject({ _id: ProductIdSchema })], { error: PRODUCT_ID_MESSAGE }),
  quantity: QuantitySchema,
});

/** Point id → lines; at most BASKET_MAX_LINES lines in all. */
export const BasketDataSchema = z
  .record(PointIdSchema, z.array(BasketLineInputSchema).max(BASKET_MAX_LINES, BASKET_FULL_MESSAGE), {
    error: (issue) => (issue.code === 'invalid_key' ? POINT_ID_MESSAGE : undefined),
  })
  .refine(
    (data) => Object.values(data).reduce((lines, group) => lines + group.length, 0) <= BASKET_MAX_LINES,
    BASKET_FULL_MESSAGE,
  );
export type BasketData = z.infer<typeof BasketDataSchema>;

/** PUT /api/user/me/basket/points (SPEC §7): the guest basket, merged into the signed-in one at login. */
export const BasketUploadSchema = z.object({ data: BasketDataSchema });
export type BasketUpload = z.infer<typeof BasketUploadSchema>;

/** POST /api/basket/preview: a guest basket to show with today's prices and stock. */
export const BasketPreviewSchema = BasketUploadSchema;

export const BasketPointParamsSchema = z.object({ pointId: PointIdSchema });

export const REPLACEMENT_ID_MESSAGE = 'Некорректный идентификатор замены';
export const REPLACEMENT_NEEDS_SIMILAR = 'Замену можно выбрать, только если товар заменяется на похожий';

/**
 * PUT /api/user/me/basket/choice (ADR 055): a line's choice for when its product is missing at assembly — one
 * of ON_MISSING, or null for the order's choice at checkout — and, with 'similar', the replacement picked from
 * the line's similar products at its point (null or absent: none picked). The whole choice is replaced.
 */
export const BasketChoiceSchema = z
  .object({
    point: PointIdSchema,
    product: ProductIdSchema,
    on_missing: OnMissingSchema.nullable(),
    replacement: z.uuid(REPLACEMENT_ID_MESSAGE).nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.replacement && value.on_missing !== 'similar') {
      ctx.addIssue({ code: 'custom', path: ['replacement'], message: REPLACEMENT_NEEDS_SIMILAR });
    }
  });
export type BasketChoice = z.infer<typeof BasketChoiceSchema>;

/** GET /api/user/me/basket/replacements: the line whose similar products are asked for. */
export const BasketLineQuerySchema = z.object({ point: PointIdSchema, product: ProductIdSchema });

/** A similar product a line may be replaced with: the point's price in kopecks. */
export const ReplacementOptionSchema = z.object({ product: z.string(), name: z.string(), price: z.number() });
export type ReplacementOption = z.infer<typeof ReplacementOptionSchema>;
export const ReplacementOptionsSchema = z.array(ReplacementOptionSchema);
