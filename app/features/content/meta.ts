import type { PageSeo } from '@core/contracts/content';
import type { MetaDescriptor } from 'react-router';
import { type SeoFallback, seoMeta } from '~/lib/seo';
import { absoluteUrl, pageHref } from './list-url';

/** What a content route's loader hands its meta function besides the page data. */
export type PageAddress = { origin: string; path: string };

export const NOT_FOUND_META: MetaDescriptor[] = [{ title: 'Страница не найдена' }];

function canonical({ origin, path }: PageAddress): MetaDescriptor[] {
  const url = absoluteUrl(origin, path);
  return [
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:url', content: url },
  ];
}

/** A list or content page: SEO fields of its path (with fallbacks); later pages of a list say their number. */
export function listPageMeta(
  seo: PageSeo | null,
  fallback: SeoFallback,
  address: PageAddress & { page?: number },
): MetaDescriptor[] {
  const page = address.page ?? 1;
  const meta = seoMeta(seo, fallback).map((item) =>
    page > 1 && 'title' in item ? { title: `${String(item.title)}, страница ${page}` } : item,
  );
  return [
    ...meta,
    { property: 'og:type', content: 'website' },
    ...canonical({ origin: address.origin, path: pageHref(address.path, page) }),
  ];
}

/** A recipe or an article: its own title and summary, its cover for link previews, and its JSON-LD. */
export function itemPageMeta(
  item: { title: string; summary: string; img: string | null },
  address: PageAddress,
  jsonLd: Record<string, unknown>,
): MetaDescriptor[] {
  return [
    ...seoMeta(null, { title: item.title, description: item.summary || item.title }),
    { property: 'og:type', content: 'article' },
    ...(item.img ? [{ property: 'og:image', content: absoluteUrl(address.origin, item.img) }] : []),
    ...canonical(address),
    { 'script:ld+json': jsonLd },
  ];
}
