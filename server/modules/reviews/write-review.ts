/**
 * A customer's review (SPEC §7 POST /api/store/{id}/rating): only after a done order of the shop (with the
 * product, for a product's review), one per customer and subject, saved again to edit it. The subject's star
 * counts and the catalogue's rating change in the same transaction, under the counts' row lock (ADR 045).
 */
import type { OwnReview, RatingSummary } from '@core/contracts/reviews';
import { applyChange, averageOf, countOf, type Star, type StarCounts } from '@core/rules/reviews';
import type { Executor } from '../../db/client';
import { withRetries } from '../../db/transaction';
import { AppError } from '../../errors';
import { namesOf } from './names';
import { reviewRates } from './review-rates';
import { NOT_A_BUYER, NOT_A_PRODUCT_BUYER, nowOf, type ReviewsDeps } from './reviews.deps';
import { presentOwnReview, presentSummary } from './reviews.presenter';
import {
  findOwnReview,
  insertDismissal,
  insertReview,
  lockTotals,
  type ReviewRow,
  type Subject,
  updateReview,
  writeTotals,
} from './reviews.repository';

export type ReviewWrite = {
  rating: number;
  text: string;
  type: 'store' | 'product';
  product?: string | undefined;
};

/** The star a review counts with: none while it is hidden. */
export const countedStar = (row: Pick<ReviewRow, 'rating' | 'hiddenAt'>): Star | null =>
  row.hiddenAt ? null : (row.rating as Star);

/**
 * Moves a subject's counts from `before` to `after` (each a star, or null: not counted) and writes the
 * catalogue's rating from them, in `tx`, which holds the counts' lock (`lockTotals`).
 */
export async function recount(
  deps: Pick<ReviewsDeps, 'catalog'>,
  tx: Executor,
  subject: Subject,
  stars: StarCounts,
  before: Star | null,
  after: Star | null,
): Promise<StarCounts> {
  const next = applyChange(stars, before, after);
  await writeTotals(tx, subject, next);
  await deps.catalog.writeRating(
    tx,
    { storeId: subject.storeId, productId: subject.productId ?? undefined },
    { rating: averageOf(next), count: countOf(next) },
  );
  return next;
}

export async function saveReview(
  deps: ReviewsDeps,
  customerId: string,
  storeIdOrSlug: string,
  input: ReviewWrite,
  ip: string,
): Promise<{ review: OwnReview; summary: RatingSummary }> {
  const store = await deps.catalog.getStore(storeIdOrSlug);
  const subject: Subject = {
    storeId: store._id,
    productId: input.type === 'product' ? (input.product ?? null) : null,
  };
  const isBuyer = await deps.orders.hasCompletedOrder(customerId, store._id, subject.productId ?? undefined);
  if (!isBuyer) throw new AppError('forbidden', subject.productId ? NOT_A_PRODUCT_BUYER : NOT_A_BUYER);
  await deps.rates.take(reviewRates(customerId, ip));
  const now = nowOf(deps);
  const { row, stars } = await withRetries(deps.db, async (tx) => {
    const counted = await lockTotals(tx, subject);
    const existing = await findOwnReview(tx, subject, customerId, { forUpdate: true });
    const saved = existing
      ? await updateReview(tx, existing.id, { rating: input.rating, text: input.text, updatedAt: now })
      : await insertReview(tx, {
          ...subject,
          customerId,
          rating: input.rating,
          text: input.text,
          createdAt: now,
        });
    const next = await recount(
      deps,
      tx,
      subject,
      counted,
      existing ? countedStar(existing) : null,
      countedStar(saved),
    );
    return { row: saved, stars: next };
  });
  const names = await namesOf(deps, [row]);
  return { review: presentOwnReview(row, names.authors, names.products), summary: presentSummary(stars) };
}

/** 'Оцените магазин' dismissed: the order pages of this shop do not ask the customer again. */
export async function dismissPrompt(
  deps: Pick<ReviewsDeps, 'db' | 'catalog'>,
  customerId: string,
  storeIdOrSlug: string,
): Promise<void> {
  const store = await deps.catalog.getStore(storeIdOrSlug);
  await insertDismissal(deps.db, customerId, store._id);
}
