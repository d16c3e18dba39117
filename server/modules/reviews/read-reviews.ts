/** What the shop's page and the order page read of reviews (ADR 045); nothing here writes. */
import type { MyReview, ReviewList } from '@core/contracts/reviews';
import { REVIEWS_PAGE_SIZE } from '@core/rules/reviews';
import { namesOf } from './names';
import type { ReviewsDeps } from './reviews.deps';
import { presentOwnReview, presentReview, presentSummary } from './reviews.presenter';
import {
  findOwnReview,
  findVisibleReviews,
  hasDismissal,
  readTotals,
  type Subject,
} from './reviews.repository';

export type ReviewQuery = { page: number; type: 'store' | 'product'; product?: string | undefined };

const subjectOf = (storeId: string, query: Pick<ReviewQuery, 'type' | 'product'>): Subject => ({
  storeId,
  productId: query.type === 'product' ? (query.product ?? null) : null,
});

/** A page of the visible reviews of a shop (or of one product of it), newest first, with the rating. */
export async function listReviews(
  deps: Pick<ReviewsDeps, 'db' | 'catalog' | 'customers'>,
  storeIdOrSlug: string,
  query: ReviewQuery,
): Promise<ReviewList> {
  const store = await deps.catalog.getStore(storeIdOrSlug);
  const subject = subjectOf(store._id, query);
  const [stars, { rows, total }] = await Promise.all([
    readTotals(deps.db, subject),
    findVisibleReviews(deps.db, subject, {
      limit: REVIEWS_PAGE_SIZE,
      offset: (query.page - 1) * REVIEWS_PAGE_SIZE,
    }),
  ]);
  const names = await namesOf(deps, rows);
  return {
    success: true,
    summary: presentSummary(stars),
    reviews: rows.map((row) => presentReview(row, names.authors, names.products)),
    page: query.page,
    pages: Math.max(1, Math.ceil(total / REVIEWS_PAGE_SIZE)),
  };
}

/** Whether the customer may review the shop (a done order of it), and their review of it if any. */
export async function getOwnReview(
  deps: Pick<ReviewsDeps, 'db' | 'catalog' | 'customers' | 'orders'>,
  customerId: string,
  storeIdOrSlug: string,
  query: Pick<ReviewQuery, 'type' | 'product'> = { type: 'store' },
): Promise<MyReview> {
  const store = await deps.catalog.getStore(storeIdOrSlug);
  const subject = subjectOf(store._id, query);
  const [canReview, row] = await Promise.all([
    deps.orders.hasCompletedOrder(customerId, store._id, subject.productId ?? undefined),
    findOwnReview(deps.db, subject, customerId),
  ]);
  if (!row) return { success: true, can_review: canReview, review: null };
  const names = await namesOf(deps, [row]);
  return {
    success: true,
    can_review: canReview,
    review: presentOwnReview(row, names.authors, names.products),
  };
}

/**
 * The order page's 'Оцените магазин': asked of a done order's customer who has not reviewed the shop and has
 * not dismissed the question (the page shows it only for a done order).
 */
export async function shouldAskForReview(
  deps: Pick<ReviewsDeps, 'db'>,
  customerId: string,
  storeId: string,
): Promise<boolean> {
  const [review, dismissed] = await Promise.all([
    findOwnReview(deps.db, { storeId, productId: null }, customerId),
    hasDismissal(deps.db, customerId, storeId),
  ]);
  return !review && !dismissed;
}
