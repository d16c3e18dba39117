/** SPEC §9: a horizontal drag of at least this many pixels turns a product picture. */
export const SWIPE_THRESHOLD_PX = 50;

/**
 * The picture to move to after a drag: -1 (swiped right: previous), 1 (swiped left: next) or 0. A drag that is
 * more vertical than horizontal is a page scroll, not a swipe.
 */
export function swipeStep(dx: number, dy: number, threshold = SWIPE_THRESHOLD_PX): -1 | 0 | 1 {
  if (Math.abs(dx) < threshold || Math.abs(dx) < Math.abs(dy)) return 0;
  // Stryker disable next-line EqualityOperator: dx is at least the threshold away from 0 here
  return dx < 0 ? 1 : -1;
}

/** The next index in a ring of `count` pictures. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}
