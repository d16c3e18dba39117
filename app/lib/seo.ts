import type { PageSeo } from '@core/contracts/content';
import type { MetaDescriptor } from 'react-router';

export const SITE_NAME = 'Фреш';

export type SeoFallback = {
  title: string;
  description: string;
  keywords?: string;
};

/**
 * Title, description and keywords for a page: the page's own SEO fields from GET /api/pages{path} when they
 * exist (SPEC §3 Page SEO), otherwise the route's fallback. Titles get the site name unless they have it.
 */
export function seoMeta(seo: PageSeo | null | undefined, fallback: SeoFallback): MetaDescriptor[] {
  const rawTitle = seo?.seo_title || fallback.title;
  const title = rawTitle.includes(SITE_NAME) ? rawTitle : `${rawTitle} — ${SITE_NAME}`;
  const description = seo?.seo_desc || fallback.description;
  const keywords = seo?.seo_keywords || fallback.keywords;
  return [
    { title },
    { name: 'description', content: description },
    ...(keywords ? [{ name: 'keywords', content: keywords }] : []),
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:site_name', content: SITE_NAME },
  ];
}

/** Loads a path's SEO fields in a loader; a missing row is not an error (the fallback applies). */
export async function loadSeo(
  content: { getPage(path: string): Promise<PageSeo> },
  path: string,
): Promise<PageSeo | null> {
  return content.getPage(path).catch(() => null);
}
