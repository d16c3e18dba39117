/**
 * The location page's forms (/location, ADR 038): the address and pickup popups as plain HTML forms, for a
 * browser without JavaScript (and before hydration: the header's address line leads there). Field names and
 * intents, shared by the page (browser) and its action (server); no Zod here.
 */
export const LOCATION_PAGE = '/location';

export const LOCATION_INTENTS = ['city', 'address', 'pickup'] as const;
export type LocationIntent = (typeof LOCATION_INTENTS)[number];

export const LOCATION_FIELD = {
  intent: 'intent',
  /** Where to go back to afterwards: a path on this site. */
  back: 'back',
  /** Which part the page opens on: 'delivery' or 'pickup'. */
  mode: 'mode',
  city: 'city',
  /** The typed street and house. */
  address: 'address',
  point: 'point',
} as const;

/** A link to the page that brings the shopper back to `back` (a path with its query) afterwards. */
export function locationHref(back: string, mode: 'delivery' | 'pickup' = 'delivery'): string {
  const params = new URLSearchParams();
  if (back !== '/') params.set(LOCATION_FIELD.back, back);
  if (mode === 'pickup') params.set(LOCATION_FIELD.mode, mode);
  const query = params.toString();
  return query ? `${LOCATION_PAGE}?${query}` : LOCATION_PAGE;
}
