/**
 * The operator console's reviews (ADR 045): the reviews of the operator's shops (every shop for an operator
 * of none), a public reply, hiding with a reason (the review stops counting in the rating) and showing again.
 * The caller has checked that the user is an operator (the console's layout, the API's onRequest hook).
 */
import type { OperatorReview, OperatorReviewList } from '@core/contracts/reviews';
import { REVIEWS_PAGE_SIZE } from '@core/rules/reviews';
import { withRetries } from '../../db/transaction';
import { AppError } from '../../errors';
import { namesOf } from './names';
import { moderationRates } from './review-rates';
import { nowOf, REVIEW_NOT_FOUND, type ReviewsDeps } from './reviews.deps';
import { presentOperatorReview } from './reviews.presenter';
import {
  findReviewById,
  findReviewsForOperators,
  lockTotals,
  type ReviewRow,
  updateReview,
} from './reviews.repository';
import { countedStar, recount } from './write-review';

export type Visibility = 'visible' | 'hidden' | 'all';

async function present(deps: ReviewsDeps, row: ReviewRow): Promise<OperatorReview> {
  const names = await namesOf(deps, [row], { withStores: true });
  return presentOperatorReview(row, names.authors, names.products, names.stores);
}

export async function listForOperator(
  deps: ReviewsDeps,
  operatorId: string,
  query: { status: Visibility; page: number },
): Promise<OperatorReviewList> {
  const storeIds = await deps.operators.storesOf(operatorId);
  const { rows, total } = await findReviewsForOperators(
    deps.db,
    { storeIds, visibility: query.status },
    { limit: REVIEWS_PAGE_SIZE, offset: (query.page - 1) * REVIEWS_PAGE_SIZE },
  );
  const names = await namesOf(deps, rows, { withStores: true });
  return {
    success: true,
    reviews: rows.map((row) => presentOperatorReview(row, names.authors, names.products, names.stores)),
    page: query.page,
    pages: Math.max(1, Math.ceil(total / REVIEWS_PAGE_SIZE)),
  };
}

type Change = { kind: 'reply'; text: string } | { kind: 'hide'; reason: string } | { kind: 'show' };

/** One change of a review within the operator's shops; hiding and showing recount its subject's rating. */
export async function moderateReview(
  deps: ReviewsDeps,
  operatorId: string,
  reviewId: string,
  change: Change,
): Promise<OperatorReview> {
  const storeIds = await deps.operators.storesOf(operatorId);
  const visible = await findReviewById(deps.db, reviewId);
  // Another shop's review is as unknown to the operator as one that does not exist.
  if (!visible || (storeIds && !storeIds.includes(visible.storeId))) {
    throw new AppError('not_found', REVIEW_NOT_FOUND);
  }
  await deps.rates.take(moderationRates(operatorId));
  const now = nowOf(deps);
  const row = await withRetries(deps.db, async (tx) => {
    const subject = { storeId: visible.storeId, productId: visible.productId };
    const stars = change.kind === 'reply' ? undefined : await lockTotals(tx, subject);
    const current = await findReviewById(tx, reviewId, { forUpdate: true });
    if (!current) throw new AppError('not_found', REVIEW_NOT_FOUND);
    const saved =
      change.kind === 'reply'
        ? await updateReview(tx, current.id, { reply: change.text, repliedAt: now })
        : change.kind === 'hide'
          ? await updateReview(tx, current.id, { hiddenAt: now, hiddenReason: change.reason })
          : await updateReview(tx, current.id, { hiddenAt: null, hiddenReason: null });
    if (stars) await recount(deps, tx, subject, stars, countedStar(current), countedStar(saved));
    return saved;
  });
  return present(deps, row);
}
