import { Link } from 'react-router';
import { cx } from '~/lib/cx';

/** The leaf mark used by the logo and the favicon. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="10" fill="#147a3c" />
      <path
        d="M22.8 8.6c-6.9-.5-12.4 3.3-13 9.6-.1 1.2 0 2.3.3 3.3 1.7-3.6 4.4-6.3 8.2-8-3.1 2.1-5.5 5-6.9 8.7 1 .6 2.2.9 3.6.9 5.6-.1 8.8-5 7.8-14.5Z"
        fill="#fff"
      />
      <circle cx="23.5" cy="22.5" r="2.6" fill="#ffd43b" />
    </svg>
  );
}

/** 'Фреш' with the leaf mark, linking home. */
export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <Link
      to="/"
      aria-label="Фреш — на главную"
      className={cx('inline-flex shrink-0 items-center gap-2 rounded-xl', className)}
    >
      <LogoMark className={compact ? 'size-8' : 'size-9'} />
      <span className={cx('font-extrabold tracking-tight text-brand-700', compact ? 'text-xl' : 'text-2xl')}>
        Фреш
      </span>
    </Link>
  );
}
