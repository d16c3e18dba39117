/**
 * The login forms' field names and intents (ADR 028). The login and code popups post them with a fetcher to
 * the /login route's action, and the /login page posts the same fields as plain forms, so a customer without
 * JavaScript signs in too. The code form also carries what the device kept for the guest: the pending
 * delivery address (the address form's fields, ADR 021) and the guest basket (SPEC §4 Login 3).
 */
import type { User } from '@core/contracts/identity';

export const LOGIN_ACTION = '/login';

export const LOGIN_INTENTS = ['code', 'login'] as const;
export type LoginIntent = (typeof LOGIN_INTENTS)[number];

export const LOGIN_FIELD = {
  intent: 'intent',
  name: 'name',
  phone: 'phone',
  code: 'code',
  /** The guest basket as `toBasketData` stores it, JSON (BasketDataSchema). */
  basket: 'basket',
  /** Only the /login page sends it: after the code check the action redirects there (a page, not a popup). */
  redirectTo: 'redirectTo',
} as const;

/** The login page for a customer who is on `path` now and should come back to it. */
export function loginHref(path: string): string {
  return path === '/' || path === ''
    ? LOGIN_ACTION
    : `${LOGIN_ACTION}?redirectTo=${encodeURIComponent(path)}`;
}

/** The code went out (intent code): to this name and phone, as the contract made them (+7XXXXXXXXXX). */
export type CodeSent = { ok: true; intent: 'code'; recipient: { name: string; phone: string } };

/**
 * What became of the guest basket the code form carried. none: there was none; merged: every line is in
 * the account's basket; short: some lines were not added (their points have nothing left); failed: not
 * merged, so the device keeps its copy.
 */
export type GuestBasketOutcome = 'none' | 'merged' | 'short' | 'failed';

/** A right code (intent login): the signed-in customer; the session cookie came with the answer. */
export type SignedIn = { ok: true; intent: 'login'; user: User; guestBasket: GuestBasketOutcome };
