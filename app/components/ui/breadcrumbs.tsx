import { Link } from 'react-router';
import { Icon } from '~/components/ui/icon';
import { cx } from '~/lib/cx';

export type BreadcrumbItem = {
  label: string;
  /** Omitted for the current page (the last item). */
  href?: string;
};

export const HOME_CRUMB: BreadcrumbItem = { label: 'Главная', href: '/' };
export const CATALOG_CRUMB: BreadcrumbItem = { label: 'Каталог', href: '/catalog' };

export type BreadcrumbsProps = {
  /** The trail after 'Главная', ending with the current page, e.g. [CATALOG_CRUMB, { label: 'Молоко' }]. */
  items: readonly BreadcrumbItem[];
  /** Start the trail with 'Главная' (default true). */
  withHome?: boolean;
  className?: string;
};

/** 'Главная' → 'Каталог' → … ; the last item is the current page (aria-current="page"). */
export function Breadcrumbs({ items, withHome = true, className }: BreadcrumbsProps) {
  const trail = withHome ? [HOME_CRUMB, ...items] : [...items];
  return (
    <nav aria-label="Хлебные крошки" className={cx('text-sm text-muted', className)}>
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        {trail.map((item, index) => {
          const isLast = index === trail.length - 1;
          return (
            <li key={`${item.href ?? 'current'}|${item.label}`} className="inline-flex items-center gap-1.5">
              {index > 0 ? <Icon name="chevron-right" className="size-3.5 text-muted" /> : null}
              {isLast || !item.href ? (
                <span
                  aria-current={isLast ? 'page' : undefined}
                  className={cx(isLast && 'font-medium text-ink')}
                >
                  {item.label}
                </span>
              ) : (
                <Link to={item.href} className="rounded hover:text-brand-700 hover:underline">
                  {item.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
