import { Link } from 'react-router';
import { pagerItems } from '~/features/content/list-url';
import { Icon } from './icon';

export type PaginationProps = {
  page: number;
  totalPages: number;
  /** The accessible name of the pager, e.g. 'Страницы новостей'. */
  label: string;
  /** The shareable URL of a page: the rest of the query stays as it is. */
  hrefFor: (page: number) => string;
};

/** A component class (app.css): the current page is the one with aria-current. */
const ITEM = 'pager-link';

/** Links to the pages of a list (`?page=2`): shareable, crawlable, and usable without JavaScript. */
export function Pagination({ page, totalPages, label, hrefFor }: PaginationProps) {
  if (totalPages <= 1) return null;
  const hasPrevious = page > 1;
  const hasNext = page < totalPages;
  return (
    <nav aria-label={label} className="mt-10 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>
          {hasPrevious ? (
            <Link to={hrefFor(page - 1)} prefetch="intent" rel="prev" className={ITEM}>
              <Icon name="chevron-left" className="size-5" />
              <span className="sr-only sm:not-sr-only">Назад</span>
            </Link>
          ) : null}
        </li>
        {pagerItems(page, totalPages).map((item, index) =>
          item === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity besides their place.
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={hrefFor(item)}
                prefetch="intent"
                aria-label={`Страница ${item}`}
                aria-current={item === page ? 'page' : undefined}
                className={ITEM}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          {hasNext ? (
            <Link to={hrefFor(page + 1)} prefetch="intent" rel="next" className={ITEM}>
              <span className="sr-only sm:not-sr-only">Дальше</span>
              <Icon name="chevron-right" className="size-5" />
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
