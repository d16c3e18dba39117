/**
 * 'Выйти' (docs/decisions/031): a post to the /logout route's action, which ends the session and sends the
 * customer back to the page they were on; the page's loaders then run for a guest (a cabinet or order page
 * sends them on, SPEC §6). A plain form without JavaScript; with it, the same post through a fetcher, keeping
 * the scroll position.
 */
import type { ReactNode } from 'react';
import { useFetcher, useLocation } from 'react-router';

export const LOGOUT_ACTION = '/logout';

export const LOGOUT_FIELD = {
  /** The page to come back to (a path of this site, app/lib/safe-redirect.ts). */
  redirectTo: 'redirectTo',
} as const;

/** Every 'Выйти' shares one fetcher: a second press while the first is on its way changes nothing. */
const LOGOUT_FETCHER_KEY = 'logout';

function useHere(): string {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}

/** For a menu item (react-aria's Menu calls back, it has no form): the logout post and whether it is going. */
export function useLogout(): { logout: () => void; isLoggingOut: boolean } {
  const fetcher = useFetcher({ key: LOGOUT_FETCHER_KEY });
  const here = useHere();
  return {
    logout: () =>
      void fetcher.submit(
        { [LOGOUT_FIELD.redirectTo]: here },
        { method: 'post', action: LOGOUT_ACTION, preventScrollReset: true },
      ),
    isLoggingOut: fetcher.state !== 'idle',
  };
}

/** A form around a 'Выйти' submit button (`children`): it works before and without JavaScript. */
export function LogoutForm({ className, children }: { className?: string; children: ReactNode }) {
  const fetcher = useFetcher({ key: LOGOUT_FETCHER_KEY });
  return (
    <fetcher.Form method="post" action={LOGOUT_ACTION} preventScrollReset className={className}>
      <input type="hidden" name={LOGOUT_FIELD.redirectTo} value={useHere()} />
      {children}
    </fetcher.Form>
  );
}
