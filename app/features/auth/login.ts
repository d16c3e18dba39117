/**
 * The login action's address and answers (ADR 028). The login and code popups post the login forms
 * (LoginFormSchema of core/contracts/identity: its paths are the fields' names, ADR 042) with a fetcher to the
 * /login route's action, and the /login page posts the same forms as plain forms, so a customer without
 * JavaScript signs in too.
 */
import type { User } from '@core/contracts/identity';

export const LOGIN_ACTION = '/login';
/** The /login page's query: where to go after the code (a path on this site). */
export const REDIRECT_TO_PARAM = 'redirectTo';

/** The login page for a customer who is on `path` now and should come back to it. */
export function loginHref(path: string): string {
  return path === '/' || path === ''
    ? LOGIN_ACTION
    : `${LOGIN_ACTION}?${REDIRECT_TO_PARAM}=${encodeURIComponent(path)}`;
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
