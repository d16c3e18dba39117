import { loadArticle } from '~/features/content/article-loaders.server';
import { ArticleView } from '~/features/content/article-views';
import { itemPageMeta, NOT_FOUND_META } from '~/features/content/meta';
import { articleJsonLd } from '~/features/content/structured-data';
import type { Route } from './+types/blog-post';

export const loader = ({ params, context }: Route.LoaderArgs) => loadArticle('blog', params.slug, context);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? itemPageMeta(
        loaderData.article,
        { origin: loaderData.origin, path: `/blog/${loaderData.article.slug}` },
        articleJsonLd(loaderData.article, loaderData.origin),
      )
    : NOT_FOUND_META;

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  return <ArticleView article={loaderData.article} />;
}
