import type { ArticleCard as ArticleCardData } from '@core/contracts/content';
import { formatDate } from '@core/rules/date';
import { Link } from 'react-router';
import { Icon } from '~/components/ui/icon';
import { FavouriteButton } from '~/features/favourites/favourite-button';
import { Cover } from './cover';

export type ArticleCardProps = {
  article: ArticleCardData;
  eager?: boolean;
  headingLevel?: 'h2' | 'h3';
};

/** A blog post or news item in a grid: cover, date, title (the stretched link) and summary. */
export function ArticleCard({ article, eager = false, headingLevel: Heading = 'h2' }: ArticleCardProps) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-3xl bg-white shadow-card transition-shadow focus-within:shadow-pop hover:shadow-pop">
      <div className="overflow-hidden">
        <Cover
          src={article.img}
          alt=""
          eager={eager}
          className="transition-transform duration-300 group-hover:scale-[1.03]"
        />
      </div>
      <div className="flex flex-1 flex-col p-4 sm:p-5">
        <p className="flex items-center gap-1.5 text-sm text-muted">
          <Icon name="calendar-days" className="size-4" />
          <time dateTime={article.published_at}>{formatDate(article.published_at)}</time>
        </p>
        <Heading className="mt-2 text-lg leading-snug font-bold">
          <Link
            to={`/${article.kind}/${article.slug}`}
            prefetch="intent"
            className="rounded after:absolute after:inset-0 after:rounded-3xl hover:text-brand-700"
          >
            {article.title}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-3 text-[15px] leading-relaxed text-muted">{article.summary}</p>
        <span
          aria-hidden="true"
          className="mt-auto inline-flex items-center gap-1 pt-4 text-sm font-semibold text-brand-700"
        >
          Читать
          <Icon name="arrow-right" className="size-4 transition-transform group-hover:translate-x-0.5" />
        </span>
      </div>
      <FavouriteButton
        type="article"
        id={article._id}
        name={article.title}
        className="absolute top-3 right-3 z-10"
      />
    </article>
  );
}
