import type { User } from '@core/contracts/identity';
import { Link } from 'react-router';
import { cx } from '~/lib/cx';
import { Avatar } from './avatar';

/** The header's signed-in state in place of 'Войти': the customer's picture and name, leading to the cabinet. */
export function UserChip({
  user,
  className,
  compact = false,
}: {
  user: User;
  className?: string;
  compact?: boolean;
}) {
  return (
    <Link
      to="/lk"
      title={user.name}
      // One component class (app.css), and the size: twice on every signed-in page.
      className={cx('user-chip', compact ? 'p-1' : 'h-12 py-1 pr-3 pl-1.5', className)}
    >
      <Avatar user={user} size={compact ? 'sm' : 'md'} className={compact ? undefined : 'size-9'} />
      <span className={cx('truncate', compact ? 'sr-only' : 'max-w-36')}>{user.name}</span>
    </Link>
  );
}
