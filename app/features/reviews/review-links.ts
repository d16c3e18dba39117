/** The reviews' resource route (ADR 045): the popup and the order page's prompt post there. */
export const REVIEWS_ACTION = '/resources/reviews';
/** The store page's reviews section: its anchor and the query of its pages (`?reviews=2#reviews`). */
export const REVIEWS_ANCHOR = 'reviews';
export const REVIEWS_PAGE_PARAM = 'reviews';
export const REVIEW_DIALOG_TITLE = 'Оставить отзыв';
