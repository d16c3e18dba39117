import type { Article, ArticleKind, ArticleList } from '@core/contracts/content';
import { formatDate } from '@core/rules/date';
import { formatCount } from '@core/rules/plural';
import { Link } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { Icon } from '~/components/ui/icon';
import { Pagination } from '~/components/ui/pagination';
import { FavouriteButton } from '~/features/favourites/favourite-button';
import { cx } from '~/lib/cx';
import { ArticleCard } from './article-card';
import { ARTICLE_SECTIONS } from './article-sections';
import { Cover } from './cover';
import { ContentContainer, PageHeading, Paragraphs } from './layout';
import { pageHref } from './list-url';

/** Switches between the blog and the news (both are lists of articles). */
function SectionTabs({ current }: { current: ArticleKind }) {
  return (
    <nav aria-label="Разделы" className="mt-5">
      <ul className="inline-flex gap-1 rounded-2xl bg-white p-1 shadow-card">
        {Object.values(ARTICLE_SECTIONS).map((section) => (
          <li key={section.kind}>
            <Link
              to={section.path}
              prefetch="intent"
              aria-current={section.kind === current ? 'page' : undefined}
              className={cx(
                'inline-flex h-10 items-center rounded-xl px-4 text-[15px] font-semibold transition-colors',
                section.kind === current ? 'bg-brand-600 text-white' : 'text-ink hover:bg-brand-50',
              )}
            >
              {section.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** /blog and /news: a grid of article cards with links to the other pages. */
export function ArticleListView({ kind, list }: { kind: ArticleKind; list: ArticleList }) {
  const section = ARTICLE_SECTIONS[kind];
  const crumbs = [{ label: section.title }];
  return (
    <ContentContainer>
      <PageHeading crumbs={crumbs} title={section.title} lead={section.lead}>
        <SectionTabs current={kind} />
      </PageHeading>
      <p className="sr-only" aria-live="polite">
        {formatCount(list.total, section.countForms)}, страница {list.page} из {list.total_pages}
      </p>
      {list.items.length === 0 ? (
        <p className="rounded-3xl bg-white p-8 text-center text-muted shadow-card">{section.emptyText}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3 lg:gap-6">
          {list.items.map((article, index) => (
            <li key={article._id}>
              <ArticleCard article={article} eager={index < 3} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        hrefFor={(n) => pageHref(section.path, n)}
        page={list.page}
        totalPages={list.total_pages}
        label={section.pagerLabel}
      />
    </ContentContainer>
  );
}

/** /blog/{slug} and /news/{slug}: the article with its date, lead, cover, paragraphs and related articles. */
export function ArticleView({ article }: { article: Article }) {
  const section = ARTICLE_SECTIONS[article.kind];
  return (
    <ContentContainer>
      <Breadcrumbs items={[{ label: section.title, href: section.path }, { label: article.title }]} />
      <article className="mx-auto mt-6 max-w-3xl">
        <header>
          <p className="flex items-center gap-1.5 text-sm font-medium text-muted">
            <Icon name="calendar-days" className="size-4" />
            <time dateTime={article.published_at}>{formatDate(article.published_at)}</time>
          </p>
          <h1 className="mt-3 text-[28px] leading-tight font-extrabold tracking-tight sm:text-[40px]">
            {article.title}
          </h1>
          {article.summary ? (
            <p className="mt-4 text-lg leading-relaxed text-muted sm:text-xl">{article.summary}</p>
          ) : null}
          <FavouriteButton
            type="article"
            id={article._id}
            name={article.title}
            variant="labelled"
            className="mt-5"
          />
        </header>
        <Cover src={article.img} alt={article.title} eager priority className="mt-6 rounded-3xl sm:mt-8" />
        <Paragraphs text={article.body} className="mt-6 sm:mt-8" />
      </article>
      {article.related.length > 0 ? (
        <section aria-labelledby="related-title" className="mt-14 sm:mt-20">
          <div className="flex items-end justify-between gap-4">
            <h2 id="related-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
              {section.relatedTitle}
            </h2>
            <Link
              to={section.path}
              prefetch="intent"
              className="shrink-0 rounded text-[15px] font-semibold text-brand-700 hover:underline"
            >
              Все {section.kind === 'blog' ? 'статьи' : 'новости'}
            </Link>
          </div>
          <ul className="mt-5 grid gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3 lg:gap-6">
            {article.related.map((other) => (
              <li key={other._id}>
                <ArticleCard article={other} headingLevel="h3" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </ContentContainer>
  );
}
