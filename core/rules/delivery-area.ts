/**
 * The customer's delivery area as the server sees it: a cookie, so the first server render already shows
 * the assortment of their zone or pickup point (DESIGN.md §3). Session storage keeps the spec's own copy.
 */
export const DELIVERY_AREA_COOKIE = 'fresh_area';
