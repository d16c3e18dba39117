import { loadArticleList } from '~/features/content/article-loaders.server';
import { ARTICLE_SECTIONS } from '~/features/content/article-sections';
import { ArticleListView } from '~/features/content/article-views';
import { listPageMeta, NOT_FOUND_META } from '~/features/content/meta';
import type { Route } from './+types/news';

export const loader = ({ request, context }: Route.LoaderArgs) => loadArticleList('news', request, context);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? listPageMeta(loaderData.seo, ARTICLE_SECTIONS.news.fallback, {
        origin: loaderData.origin,
        path: ARTICLE_SECTIONS.news.path,
        page: loaderData.list.page,
      })
    : NOT_FOUND_META;

export default function News({ loaderData }: Route.ComponentProps) {
  return <ArticleListView kind="news" list={loaderData.list} />;
}
