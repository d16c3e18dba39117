import { Link } from 'react-router';
import faviconUrl from '~/assets/favicon.svg?no-inline';
import { cx } from '~/lib/cx';

/**
 * The leaf mark used by the logo: the favicon's file, which the page fetches anyway, so every page's header
 * and footer do not repeat its paths inline (ADR 044).
 */
export function LogoMark({ className, size }: { className?: string; size: number }) {
  return <img src={faviconUrl} alt="" width={size} height={size} className={className} />;
}

/** 'Фреш' with the leaf mark, linking home: `.logo` and `.logo-word` (app.css), three on every page. */
export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <Link to="/" aria-label="Фреш — на главную" className={cx('logo', className)}>
      <LogoMark size={compact ? 32 : 36} className={compact ? 'size-8' : 'size-9'} />
      <span className={compact ? 'logo-word text-xl' : 'logo-word text-2xl'}>Фреш</span>
    </Link>
  );
}
