import type { ArticleKind } from '@core/contracts/content';
import { type AppLoadContext, data } from 'react-router';
import { orNotFound } from '~/lib/loader-errors.server';
import { loadSeo } from '~/lib/seo';
import { ARTICLE_SECTIONS } from './article-sections';
import { readPageParam } from './list-url.server';

/** The loader of /blog and /news: one page of cards (404 for a page that is not there) and the SEO row. */
export async function loadArticleList(kind: ArticleKind, request: Request, context: AppLoadContext) {
  const section = ARTICLE_SECTIONS[kind];
  const page = readPageParam(new URL(request.url).searchParams);
  if (page === null) throw data(null, { status: 404 });
  const { content } = context.services;
  const [list, seo] = await Promise.all([
    content.listArticles({ kind, page, limit: section.pageSize }),
    loadSeo(content, section.path),
  ]);
  if (page > list.total_pages) throw data(null, { status: 404 });
  return { list, seo, origin: context.publicBaseUrl };
}

/** The loader of /blog/{slug} and /news/{slug}. */
export async function loadArticle(kind: ArticleKind, slug: string, context: AppLoadContext) {
  const article = await orNotFound(context.services.content.getArticle(kind, slug));
  return { article, origin: context.publicBaseUrl };
}
