import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { cx } from '~/lib/cx';

/** Page numbers to show: the first, the last, and two around the current one, with gaps as null. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2]);
  const list = [...wanted].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const n of list) {
    const last = out.at(-1);
    if (typeof last === 'number' && n - last > 1) out.push(null);
    out.push(n);
  }
  return out;
}

const ITEM =
  'inline-flex h-11 min-w-11 items-center justify-center rounded-xl px-3 text-[15px] font-semibold';

/** Links to the other pages; each keeps the rest of the URL, so a page is shareable. */
export function Pagination({
  page,
  pages,
  hrefFor,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Страницы" className="mt-8 flex justify-center">
      <ul className="flex flex-wrap items-center gap-1.5">
        <li>
          {page > 1 ? (
            <Link
              to={hrefFor(page - 1)}
              className={cx(ITEM, 'bg-white shadow-card hover:bg-brand-50')}
              aria-label="Предыдущая страница"
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </Link>
          ) : null}
        </li>
        {pageWindow(page, pages).map((n, index) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own.
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={hrefFor(n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={`Страница ${n}`}
                className={cx(
                  ITEM,
                  n === page ? 'bg-brand-600 text-white' : 'bg-white shadow-card hover:bg-brand-50',
                )}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <Link
              to={hrefFor(page + 1)}
              className={cx(ITEM, 'bg-white shadow-card hover:bg-brand-50')}
              aria-label="Следующая страница"
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
