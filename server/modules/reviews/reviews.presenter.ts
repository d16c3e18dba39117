/** Review rows → the API's shapes (ADR 045): the author by first name only, dates as ISO strings. */
import type { OperatorReview, OwnReview, RatingSummary, Review } from '@core/contracts/reviews';
import { averageOf, countOf, type StarCounts } from '@core/rules/reviews';
import type { ReviewRow } from './reviews.repository';

/** The first word of the customer's name: what a shop's page shows of who wrote. */
export function firstName(name: string | undefined): string {
  return name?.trim().split(/\s+/)[0] || 'Покупатель';
}

export function presentSummary(stars: StarCounts): RatingSummary {
  return { rating: averageOf(stars), count: countOf(stars), distribution: { ...stars } };
}

export function presentReview(
  row: ReviewRow,
  names: ReadonlyMap<string, string>,
  productNames: ReadonlyMap<string, string>,
): Review {
  return {
    _id: row.id,
    type: row.productId ? 'product' : 'store',
    product: row.productId ? { _id: row.productId, name: productNames.get(row.productId) ?? '' } : null,
    author: firstName(names.get(row.customerId)),
    rating: row.rating,
    text: row.text,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    reply: row.reply && row.repliedAt ? { text: row.reply, created_at: row.repliedAt.toISOString() } : null,
  };
}

export function presentOwnReview(
  row: ReviewRow,
  names: ReadonlyMap<string, string>,
  productNames: ReadonlyMap<string, string>,
): OwnReview {
  return {
    ...presentReview(row, names, productNames),
    hidden:
      row.hiddenAt && row.hiddenReason !== null
        ? { reason: row.hiddenReason, at: row.hiddenAt.toISOString() }
        : null,
  };
}

export function presentOperatorReview(
  row: ReviewRow,
  names: ReadonlyMap<string, string>,
  productNames: ReadonlyMap<string, string>,
  storeNames: ReadonlyMap<string, string>,
): OperatorReview {
  return {
    ...presentOwnReview(row, names, productNames),
    store: { _id: row.storeId, name: storeNames.get(row.storeId) ?? '' },
  };
}
