/**
 * One guest rule for every loader and action (docs/decisions/031). React Router runs a page's loaders in
 * parallel, so the root loader cannot guard the others: each loader or action that needs a signed-in customer
 * asks for one itself, here. The viewer comes from the load context (one session lookup per request,
 * server/app.ts).
 */
import type { User } from '@core/contracts/identity';
import { type FlashKey, flashCookie, guestRedirectFor } from '@core/rules/guards';
import { AppError } from '@server/errors';
import type { LoadContext } from '@server/services';
import { redirect, replace } from 'react-router';

type ViewerContext = Pick<LoadContext, 'viewer'>;

/** Where a guest is sent instead (SPEC §6: GUEST_REDIRECTS), with the flash message to show there. */
export type GuestRedirectOptions = { redirectTo: string; flash?: FlashKey };

/** The signed-in customer, or null for a guest (a page that shows guests something else). */
export function getOptionalUser(context: ViewerContext): User | null {
  return context.viewer.user;
}

/**
 * The signed-in customer. A guest is refused before anything else is read:
 * - with `redirectTo` (a page's loader): redirected there, replacing the history entry, so one 'Назад' leaves
 *   the page the guest was sent to rather than coming back to it (issue 11 item 7); with `flash`, the
 *   message that page shows once;
 * - without (an action, a resource route): AppError 'unauthorized', which `runAction` answers with 401 and
 *   'Необходимо авторизоваться', as the API does (never a validation error).
 */
export function requireUser(context: ViewerContext, guest?: GuestRedirectOptions): User {
  const user = context.viewer.user;
  if (user) return user;
  if (!guest) throw new AppError('unauthorized');
  throw replace(guest.redirectTo, {
    headers: guest.flash ? { 'Set-Cookie': flashCookie(guest.flash) } : {},
  });
}

/**
 * SPEC §6 by path for the paths that are no page of their own (/orders, /lk/settings): a guest is sent where
 * the pages' own loaders would send them; anyone else goes on (to the 404 page).
 */
export function requireUserOnGuardedPath(context: ViewerContext, request: Request): void {
  const guest = guestRedirectFor(new URL(request.url).pathname);
  if (guest) requireUser(context, guest);
}

/** A page for guests only (the login page): a signed-in customer is sent on to `redirectTo`. */
export function requireAnonymous(context: ViewerContext, { redirectTo }: { redirectTo: string }): void {
  if (context.viewer.user) throw redirect(redirectTo);
}
