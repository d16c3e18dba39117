import type { User } from '@core/contracts/identity';
import { cx } from '~/lib/cx';

const SIZES = { sm: 'size-8 text-xs', md: 'size-11 text-sm', lg: 'size-20 text-2xl' } as const;

/** Up to two initials of a name: 'Анна Петрова' → 'АП'. */
export function initials(name: string): string {
  return name
    .split(' ')
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

/** The customer's picture, or their initials on the brand colour. Decorative: the name is always beside it. */
export function Avatar({
  user,
  src,
  size = 'md',
  className,
}: {
  user: Pick<User, 'name' | 'img'>;
  /** Overrides the saved picture (a preview of a new upload). */
  src?: string | null;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const picture = src === undefined ? user.img?.path : src;
  return picture ? (
    <img
      src={picture}
      alt=""
      className={cx('shrink-0 rounded-full bg-surface object-cover', SIZES[size], className)}
    />
  ) : (
    <span
      aria-hidden="true"
      // One component class (app.css), and the size: the header shows it twice on every signed-in page.
      className={cx('avatar-initials', SIZES[size], className)}
    >
      {initials(user.name) || '?'}
    </span>
  );
}
