import { formatBadge } from '@core/rules/badge';
import { cx } from '~/lib/cx';

/** A red counter bubble; renders nothing for zero (formatBadge). Hidden from screen readers: see BadgedLabel. */
export function CounterBadge({ count, className }: { count: number; className?: string }) {
  const text = formatBadge(count);
  if (text === null) return null;
  return (
    <span
      aria-hidden="true"
      // One component class (app.css): a few on every signed-in page.
      className={cx('count-badge', className)}
    >
      {text}
    </span>
  );
}

/** What a badge counts, for screen readers: ', 3' or, with `what`, ', непрочитанных уведомлений: 3'. */
export function badgeSuffix(count: number, what?: string): string {
  const text = formatBadge(count);
  if (text === null) return '';
  return what ? `, ${what}: ${text}` : `, ${text}`;
}

/**
 * A visible label whose control has a badge. The name screen readers and voice control use comes from the
 * content and starts with the label on screen: 'Заказы, активных: 2' (axe `label-content-name-mismatch`).
 * It is one hidden text, not the label plus a hidden suffix: browsers put a space before a separately
 * positioned element ('Заказы , …').
 */
export function BadgedLabel({ label, count, what }: { label: string; count: number; what?: string }) {
  const suffix = badgeSuffix(count, what);
  if (!suffix) return <span>{label}</span>;
  return (
    <span>
      <span aria-hidden="true">{label}</span>
      <span className="sr-only">{`${label}${suffix}`}</span>
    </span>
  );
}

/** The name of an icon-only control with a badge: 'Корзина, 3'. */
export function badgeLabel(label: string, count: number, what?: string): string {
  return `${label}${badgeSuffix(count, what)}`;
}
