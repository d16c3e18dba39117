import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { Icon } from '~/components/ui/icon';
import { cx } from '~/lib/cx';
import { ContentContainer, Paragraphs } from './layout';

export type ContentPageViewProps = {
  page: { path: string; title: string; content: string };
  /** Every content page, for moving between them. */
  pages: readonly { path: string; title: string }[];
  /** What a page adds under its text (the contacts page: the feedback popup's button). */
  children?: ReactNode;
};

/** /about, /delivery, /privacy-policy and every other page of GET /api/pages: a title and its paragraphs. */
export function ContentPageView({ page, pages, children }: ContentPageViewProps) {
  return (
    <ContentContainer>
      <Breadcrumbs items={[{ label: page.title }]} />
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_300px] lg:items-start lg:gap-10">
        <article className="rounded-3xl bg-white p-5 shadow-card sm:p-10">
          <h1 className="text-[28px] leading-tight font-extrabold tracking-tight sm:text-4xl">
            {page.title}
          </h1>
          <Paragraphs text={page.content} className="mt-6 max-w-3xl" />
          {children}
        </article>
        {pages.length > 1 ? (
          <nav aria-label="Информация" className="rounded-3xl bg-white p-3 shadow-card lg:sticky lg:top-6">
            <p className="px-3 pt-2 pb-1 text-sm font-bold tracking-wide text-muted uppercase">Информация</p>
            <ul>
              {pages.map((link) => {
                const isCurrent = link.path === page.path;
                return (
                  <li key={link.path}>
                    <Link
                      to={link.path}
                      prefetch="intent"
                      aria-current={isCurrent ? 'page' : undefined}
                      className={cx(
                        'flex items-center gap-3 rounded-2xl px-3 py-2.5 text-[15px] font-medium transition-colors',
                        isCurrent ? 'bg-brand-50 font-semibold text-brand-800' : 'hover:bg-surface',
                      )}
                    >
                      <Icon
                        name="file-text"
                        className={cx('size-4 shrink-0', isCurrent ? 'text-brand-700' : 'text-muted')}
                      />
                      <span className="flex-1">{link.title}</span>
                      <Icon name="chevron-right" className="size-4 shrink-0 text-muted" />
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        ) : null}
      </div>
    </ContentContainer>
  );
}
