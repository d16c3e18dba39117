/**
 * The reviews module's public surface (ADR 045): a customer's review of a shop or of a product of it (verified
 * purchase, one per subject, editable), the shop page's list and rating, the order page's 'Оцените магазин',
 * and the operator console's replies and hiding. Each use case lives in its own file (ADR 026, 041): writing
 * (write-review.ts), reading (read-reviews.ts), moderating (moderate-reviews.ts).
 */
import type {
  MyReview,
  OperatorReview,
  OperatorReviewList,
  OwnReview,
  RatingSummary,
  ReviewList,
} from '@core/contracts/reviews';
import { listForOperator, moderateReview, type Visibility } from './moderate-reviews';
import { getOwnReview, listReviews, type ReviewQuery, shouldAskForReview } from './read-reviews';
import type { ReviewsDeps } from './reviews.deps';
import { dismissPrompt, type ReviewWrite, saveReview } from './write-review';

export {
  MODERATIONS_PER_MINUTE,
  REVIEWS_PER_ADDRESS_MINUTE,
  REVIEWS_PER_DAY,
  REVIEWS_PER_MINUTE,
} from './review-rates';
export { NOT_A_BUYER, REVIEW_NOT_FOUND, type ReviewsDeps } from './reviews.deps';

export function createReviewsService(deps: ReviewsDeps) {
  return {
    /** POST /api/store/{id}/rating: saves (or edits) the customer's review; answers it and the new rating. */
    saveReview: (
      customerId: string,
      storeIdOrSlug: string,
      input: ReviewWrite,
      ip: string,
    ): Promise<{ review: OwnReview; summary: RatingSummary }> =>
      saveReview(deps, customerId, storeIdOrSlug, input, ip),
    /** GET /api/store/{id}/reviews: a page of visible reviews, newest first, and the rating. */
    listReviews: (storeIdOrSlug: string, query: ReviewQuery): Promise<ReviewList> =>
      listReviews(deps, storeIdOrSlug, query),
    /** GET /api/store/{id}/rating/mine: may the customer review, and their review. */
    getOwnReview: (
      customerId: string,
      storeIdOrSlug: string,
      query?: Pick<ReviewQuery, 'type' | 'product'>,
    ): Promise<MyReview> => getOwnReview(deps, customerId, storeIdOrSlug, query),
    /** Whether a done order's page asks 'Оцените магазин'. */
    shouldAskForReview: (customerId: string, storeId: string): Promise<boolean> =>
      shouldAskForReview(deps, customerId, storeId),
    /** 'Оцените магазин' dismissed for this shop. */
    dismissPrompt: (customerId: string, storeIdOrSlug: string): Promise<void> =>
      dismissPrompt(deps, customerId, storeIdOrSlug),
    /** The console: reviews of the operator's shops. */
    listForOperator: (
      operatorId: string,
      query: { status: Visibility; page: number },
    ): Promise<OperatorReviewList> => listForOperator(deps, operatorId, query),
    /** The console: the shop's public reply. */
    reply: (operatorId: string, reviewId: string, text: string): Promise<OperatorReview> =>
      moderateReview(deps, operatorId, reviewId, { kind: 'reply', text }),
    /** The console: hides a review with a reason; it stops counting in the rating. */
    hide: (operatorId: string, reviewId: string, reason: string): Promise<OperatorReview> =>
      moderateReview(deps, operatorId, reviewId, { kind: 'hide', reason }),
    /** The console: shows a hidden review again. */
    show: (operatorId: string, reviewId: string): Promise<OperatorReview> =>
      moderateReview(deps, operatorId, reviewId, { kind: 'show' }),
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
