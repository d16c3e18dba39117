import { loadArticle } from '~/features/content/article-loaders.server';
import { ArticleView } from '~/features/content/article-views';
import { itemPageMeta, NOT_FOUND_META } from '~/features/content/meta';
import { articleJsonLd } from '~/features/content/structured-data';
import type { Route } from './+types/news-item';

export const loader = ({ params, context }: Route.LoaderArgs) => loadArticle('news', params.slug, context);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? itemPageMeta(
        loaderData.article,
        { origin: loaderData.origin, path: `/news/${loaderData.article.slug}` },
        articleJsonLd(loaderData.article, loaderData.origin),
      )
    : NOT_FOUND_META;

export default function NewsItem({ loaderData }: Route.ComponentProps) {
  return <ArticleView article={loaderData.article} />;
}
