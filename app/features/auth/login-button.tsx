import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { cx } from '~/lib/cx';
import { preloadLoginDialogs, useAuthDialogs } from './auth-dialogs';
import { LOGIN_ACTION, LOGIN_FIELD } from './login-form';

/**
 * 'Войти' (SPEC §2): opens the login popup. Underneath it is a GET form to /login that brings the customer
 * back here afterwards, so before hydration and without JavaScript the button leads to the login page
 * (ADR 028) instead of doing nothing.
 */
export function LoginButton({
  className,
  children = 'Войти',
  onActivate,
}: {
  className?: string;
  children?: ReactNode;
  /** Called before the popup opens (e.g. to close a menu). */
  onActivate?: () => void;
}) {
  const { openLogin } = useAuthDialogs();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  return (
    <form method="get" action={LOGIN_ACTION} className="contents">
      {here === '/' ? null : <input type="hidden" name={LOGIN_FIELD.redirectTo} value={here} />}
      <button
        type="submit"
        onClick={(event) => {
          event.preventDefault();
          onActivate?.();
          openLogin();
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
