import { formatBadge } from '@core/rules/badge';
import { cx } from '~/lib/cx';

/** A red counter bubble; renders nothing for zero (formatBadge). */
export function CounterBadge({ count, className }: { count: number; className?: string }) {
  const text = formatBadge(count);
  if (text === null) return null;
  return (
    <span
      aria-hidden="true"
      className={cx(
        'inline-flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-berry px-1 text-[11px] leading-none font-bold text-white ring-2 ring-white',
        className,
      )}
    >
      {text}
    </span>
  );
}

/** The badge's meaning for screen readers, appended to the link name: 'Корзина, 3'. */
export function badgeLabel(label: string, count: number): string {
  const text = formatBadge(count);
  return text === null ? label : `${label}, ${text}`;
}
