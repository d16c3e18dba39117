import type { FLASH_MESSAGES } from './flash-messages';

/**
 * SPEC §6: where a guest may not go. A guest on an order path is sent to the basket with the warning
 * 'Необходимо авторизоваться'; a guest in the personal cabinet (lk) is sent home. Every loader that needs a
 * signed-in customer applies one of these with `requireUser` (app/lib/auth.server.ts, docs/decisions/031).
 */
export const GUEST_REDIRECTS = {
  order: { redirectTo: '/basket', flash: 'auth-required' },
  cabinet: { redirectTo: '/' },
} as const;

export type GuestRedirect = (typeof GUEST_REDIRECTS)[keyof typeof GUEST_REDIRECTS];

/**
 * The rule by path, for paths that are no page of their own (/orders, /lk/settings).
 *
 * The spec says "a path containing 'order'" and "containing 'lk'". Taken as raw substrings they would also
 * catch catalogue slugs such as /product/belki or /catalog/…/polki, so the check is made per path segment:
 * a segment that starts with 'order' (/order, /order/{slug}, /orders) or a segment that is 'lk'.
 */
export function guestRedirectFor(pathname: string): GuestRedirect | null {
  const segments = pathname.toLowerCase().split('/');
  if (segments.some((segment) => segment.startsWith('order'))) return GUEST_REDIRECTS.order;
  if (segments.includes('lk')) return GUEST_REDIRECTS.cabinet;
  return null;
}

/** A flash message's key (its words: flash-messages.ts, loaded by the page only when it has one to show). */
export type FlashKey = keyof typeof FLASH_MESSAGES;

/** The id of a flash's toast: a later event can close it (a login closes 'Необходимо авторизоваться'). */
export function flashToastId(key: FlashKey): string {
  return `flash-${key}`;
}

export const FLASH_COOKIE = 'fresh_flash';

/** The Set-Cookie value of a flash: readable by the page it leads to (not httpOnly), gone within a minute. */
export function flashCookie(key: FlashKey): string {
  return `${FLASH_COOKIE}=${key}; Path=/; Max-Age=60; SameSite=Lax`;
}
