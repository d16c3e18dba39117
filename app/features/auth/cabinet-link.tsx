import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuthDialogs } from './auth-dialogs';
import { useOptionalUser } from './user';

export type CabinetLinkProps = {
  /** Where a signed-in customer goes, e.g. '/lk?active=chat'. */
  to: string;
  className?: string;
  children: ReactNode;
  /** Called on every click, before navigating or opening the login popup (e.g. to close a menu). */
  onActivate?: () => void;
  'aria-label'?: string;
};

/**
 * A link into the personal cabinet. A real link (so it works before hydration and opens in a new tab), but
 * a guest's click opens the login popup instead of navigating (SPEC §2, §6).
 */
export function CabinetLink({ to, className, children, onActivate, ...aria }: CabinetLinkProps) {
  const isSignedIn = useOptionalUser() !== null;
  const { openLogin } = useAuthDialogs();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onActivate?.();
    if (isSignedIn) return;
    event.preventDefault();
    openLogin();
  };
  return (
    <Link to={to} onClick={onClick} className={className} {...aria}>
      {children}
    </Link>
  );
}
