import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { cx } from '~/lib/cx';
import { preloadLoginDialogs, useAuthDialogs } from './auth-dialogs';
import { LOGIN_ACTION, REDIRECT_TO_PARAM } from './login';

/**
 * 'Войти' (SPEC §2): opens the login popup. Underneath it is a GET form to /login that brings the customer
 * back here (or to `redirectTo`) afterwards, so before hydration and without JavaScript the button leads to
 * the login page (ADR 028) instead of doing nothing. With `redirectTo` the popup's login leads there too: a
 * guest's 'Оформить заказ' signs in and goes on to the checkout (issue 21).
 */
export function LoginButton({
  className,
  children = 'Войти',
  onActivate,
  redirectTo,
  'aria-describedby': describedBy,
}: {
  className?: string;
  children?: ReactNode;
  /** Called before the popup opens (e.g. to close a menu). */
  onActivate?: () => void;
  /** Where to go once signed in; this page when not given. */
  redirectTo?: string;
  'aria-describedby'?: string;
}) {
  const { openLogin } = useAuthDialogs();
  const { pathname, search } = useLocation();
  const next = redirectTo ?? `${pathname}${search}`;
  return (
    <form method="get" action={LOGIN_ACTION} className="contents">
      {next === '/' ? null : <input type="hidden" name={REDIRECT_TO_PARAM} value={next} />}
      <button
        type="submit"
        aria-describedby={describedBy}
        onClick={(event) => {
          event.preventDefault();
          onActivate?.();
          openLogin(redirectTo ? { afterLogin: redirectTo } : undefined);
        }}
        onPointerEnter={preloadLoginDialogs}
        onFocus={preloadLoginDialogs}
        onTouchStart={preloadLoginDialogs}
        className={cx(className)}
      >
        {children}
      </button>
    </form>
  );
}
