/**
 * Store reviews (SPEC §1 'store reviews', §2 'Оставить отзыв', §3 Review: rating, text, type; §5, §7 POST
 * /api/store/{id}/rating, §8; docs/decisions/045).
 */
import {
  REVIEW_HIDE_REASON_MAX_LENGTH,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_REPLY_MAX_LENGTH,
  REVIEW_TEXT_MAX_LENGTH,
  REVIEW_TYPES,
} from '../rules/reviews';
import { PageNumberSchema } from './content';
import type { FormFields } from './form-fields';
import { IdSchema } from './identity';
import { z } from './z';

/** SPEC §5, §8: a review without its rating or text. */
export const REVIEW_REQUIRED_MESSAGE = 'Заполните обязательные поля';
export const REVIEW_TOO_LONG_MESSAGE = `Отзыв — не длиннее ${REVIEW_TEXT_MAX_LENGTH} символов`;
export const REVIEW_PRODUCT_MESSAGE = 'Выберите товар, о котором отзыв';
export const REVIEW_SAVED_MESSAGE = 'Спасибо за отзыв!';
export const REPLY_REQUIRED_MESSAGE = 'Напишите ответ';
export const REPLY_TOO_LONG_MESSAGE = `Ответ — не длиннее ${REVIEW_REPLY_MAX_LENGTH} символов`;
export const HIDE_REASON_MESSAGE = 'Укажите причину';
export const HIDE_REASON_TOO_LONG_MESSAGE = `Причина — не длиннее ${REVIEW_HIDE_REASON_MAX_LENGTH} символов`;

export const ReviewTypeSchema = z.enum(REVIEW_TYPES, { error: 'Неизвестный тип отзыва' });

/** Text that may be missing: absent, null or not a string is empty, so "required" has its own message. */
const requiredText = (max: number, emptyMessage: string, tooLongMessage: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : ''),
    z.string({ error: emptyMessage }).min(1, emptyMessage).max(max, tooLongMessage),
  );

/** One to five stars; anything else (missing included) is SPEC §8's 'Заполните обязательные поля'. */
const RatingSchema = z
  .number({ error: REVIEW_REQUIRED_MESSAGE })
  .int(REVIEW_REQUIRED_MESSAGE)
  .min(REVIEW_RATING_MIN, REVIEW_REQUIRED_MESSAGE)
  .max(REVIEW_RATING_MAX, REVIEW_REQUIRED_MESSAGE);

/**
 * POST /api/store/{id}/rating (SPEC §7: rating, text, type): the customer's review of the shop (`type`
 * 'store', the default) or of one product of it (`type` 'product' with `product`). Saying it again edits it.
 */
const ReviewFieldsSchema = z.object({
  rating: RatingSchema,
  text: requiredText(REVIEW_TEXT_MAX_LENGTH, REVIEW_REQUIRED_MESSAGE, REVIEW_TOO_LONG_MESSAGE),
});

export const ReviewInputSchema = ReviewFieldsSchema.extend({
  type: ReviewTypeSchema.default('store'),
  product: IdSchema.optional(),
}).refine((input) => input.type === 'store' || input.product !== undefined, {
  path: ['product'],
  message: REVIEW_PRODUCT_MESSAGE,
});
export type ReviewInput = z.input<typeof ReviewInputSchema>;

export const StoreParamsSchema = z.object({ id: z.line().min(1).max(200) });

/** GET /api/store/{id}/reviews: a page of the visible reviews of the shop or of one product of it. */
export const ReviewQuerySchema = z.object({
  page: PageNumberSchema,
  type: ReviewTypeSchema.default('store'),
  product: IdSchema.optional(),
});

/** Stars '1'…'5' → how many visible reviews gave them. */
export const DistributionSchema = z.object({
  1: z.number().int(),
  2: z.number().int(),
  3: z.number().int(),
  4: z.number().int(),
  5: z.number().int(),
});

/** A shop's (or product's) rating: the average of its visible reviews, their count and distribution. */
export const RatingSummarySchema = z.object({
  rating: z.number(),
  count: z.number().int(),
  distribution: DistributionSchema,
});
export type RatingSummary = z.infer<typeof RatingSummarySchema>;

export const ReviewReplySchema = z.object({ text: z.string(), created_at: z.string() });

/** A review as the shop's page shows it: the author's first name, date, stars, text, the shop's reply. */
export const ReviewSchema = z.object({
  _id: z.string(),
  type: ReviewTypeSchema,
  product: z.object({ _id: z.string(), name: z.string() }).nullable(),
  author: z.string(),
  rating: z.number().int(),
  text: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  reply: ReviewReplySchema.nullable(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewListSchema = z.object({
  success: z.literal(true),
  summary: RatingSummarySchema,
  reviews: z.array(ReviewSchema),
  page: z.number().int(),
  pages: z.number().int(),
});
export type ReviewList = z.infer<typeof ReviewListSchema>;

/** The customer's own review, with whether an operator hid it (and why). */
export const OwnReviewSchema = ReviewSchema.extend({
  hidden: z.object({ reason: z.string(), at: z.string() }).nullable(),
});
export type OwnReview = z.infer<typeof OwnReviewSchema>;

/** GET /api/store/{id}/rating/mine: whether the customer may review the shop, and their review if any. */
export const MyReviewSchema = z.object({
  success: z.literal(true),
  can_review: z.boolean(),
  review: OwnReviewSchema.nullable(),
});
export type MyReview = z.infer<typeof MyReviewSchema>;

/** POST /api/store/{id}/rating's answer: the review as saved and the shop's rating after it. */
export const SavedReviewSchema = z.object({
  success: z.literal(true),
  review: OwnReviewSchema,
  summary: RatingSummarySchema,
});

/**
 * The store page's popup and the order page's prompt (ADR 042): save a review of the shop (the API's rating
 * and text), or dismiss the prompt.
 */
export const ReviewFormSchema = z.discriminatedUnion(
  'intent',
  [
    ReviewFieldsSchema.extend({ intent: z.literal('review'), store: IdSchema }),
    z.object({ intent: z.literal('dismiss'), store: IdSchema }),
  ],
  { error: 'Неизвестное действие' },
);
export type ReviewForm = FormFields<z.input<typeof ReviewFormSchema>>;

// The operator console (docs/decisions/045) ----------------------------------------------------------------

export const ReviewVisibilitySchema = z.enum(['visible', 'hidden', 'all']);

export const OperatorReviewQuerySchema = z.object({
  status: ReviewVisibilitySchema.default('all'),
  page: PageNumberSchema,
});

export const OperatorReviewSchema = OwnReviewSchema.extend({
  store: z.object({ _id: z.string(), name: z.string() }),
});
export type OperatorReview = z.infer<typeof OperatorReviewSchema>;

export const OperatorReviewListSchema = z.object({
  success: z.literal(true),
  reviews: z.array(OperatorReviewSchema),
  page: z.number().int(),
  pages: z.number().int(),
});
export type OperatorReviewList = z.infer<typeof OperatorReviewListSchema>;

export const ReviewParamsSchema = z.object({ id: IdSchema });

export const ReplyReviewSchema = z.object({
  text: requiredText(REVIEW_REPLY_MAX_LENGTH, REPLY_REQUIRED_MESSAGE, REPLY_TOO_LONG_MESSAGE),
});
export const HideReviewSchema = z.object({
  reason: requiredText(REVIEW_HIDE_REASON_MAX_LENGTH, HIDE_REASON_MESSAGE, HIDE_REASON_TOO_LONG_MESSAGE),
});

export const OperatorReviewAnswerSchema = z.object({
  success: z.literal(true),
  review: OperatorReviewSchema,
});

/** The console's review actions (ADR 042): reply in public, hide with a reason, show again. */
export const OperatorReviewFormSchema = z.discriminatedUnion(
  'intent',
  [
    ReplyReviewSchema.extend({ intent: z.literal('reply'), review: IdSchema }),
    HideReviewSchema.extend({ intent: z.literal('hide'), review: IdSchema }),
    z.object({ intent: z.literal('show'), review: IdSchema }),
  ],
  { error: 'Неизвестное действие' },
);
export type OperatorReviewForm = FormFields<z.input<typeof OperatorReviewFormSchema>>;
