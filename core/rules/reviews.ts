/** Store reviews (SPEC §1, §3 Review, §5; DESIGN.md §3 "Reviews"): the limits and the rating's arithmetic. */

export const REVIEW_TEXT_MAX_LENGTH = 1000;
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
/** Why an operator hid a review, and their public reply: short. */
export const REVIEW_HIDE_REASON_MAX_LENGTH = 300;
export const REVIEW_REPLY_MAX_LENGTH = 1000;
/** Reviews a page of the store's list shows. */
export const REVIEWS_PAGE_SIZE = 10;

/** What a review is about (SPEC §7 POST /api/store/{id}/rating `type`): the shop, or one product of it. */
export const REVIEW_TYPES = ['store', 'product'] as const;
export type ReviewType = (typeof REVIEW_TYPES)[number];

/** The stars a rating may have, 5 first (the distribution is shown from the top). */
export const STARS = [5, 4, 3, 2, 1] as const;
export type Star = (typeof STARS)[number];

/** A subject's counted reviews: how many of each star. */
export type StarCounts = Record<Star, number>;

export const NO_STARS: StarCounts = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };

/** The number of reviews counted. */
export function countOf(stars: StarCounts): number {
  return STARS.reduce((sum, star) => sum + stars[star], 0);
}

/** The average, rounded to one decimal as shops show it (4.7); 0 without reviews. */
export function averageOf(stars: StarCounts): number {
  const count = countOf(stars);
  if (count === 0) return 0;
  const total = STARS.reduce((sum, star) => sum + star * stars[star], 0);
  return Math.round((total / count) * 10) / 10;
}

/** Each star's share of the reviews in whole percent (the distribution's bars); 0 without reviews. */
export function shareOf(stars: StarCounts, star: Star): number {
  const count = countOf(stars);
  return count === 0 ? 0 : Math.round((stars[star] / count) * 100);
}

/** The change a review makes to its subject's counts: `before` leaves (if counted), `after` arrives. */
export function applyChange(stars: StarCounts, before: Star | null, after: Star | null): StarCounts {
  const next = { ...stars };
  if (before !== null) next[before] -= 1;
  if (after !== null) next[after] += 1;
  return next;
}

export function isStar(value: number): value is Star {
  return Number.isInteger(value) && value >= REVIEW_RATING_MIN && value <= REVIEW_RATING_MAX;
}

/** 'оценка 4 из 5': a rating's accessible name. */
export function ratingLabel(rating: number): string {
  return `Оценка ${rating} из ${REVIEW_RATING_MAX}`;
}
