import type { ArticleKind } from '@core/contracts/content';
import type { PluralForms } from '@core/rules/plural';
import type { SeoFallback } from '~/lib/seo';
import { ARTICLES_FORMS, NEWS_FORMS } from './words';

export type ArticleSection = {
  kind: ArticleKind;
  path: string;
  title: string;
  lead: string;
  /** How many cards a list page shows. */
  pageSize: number;
  countForms: PluralForms;
  pagerLabel: string;
  relatedTitle: string;
  emptyText: string;
  fallback: SeoFallback;
};

/**
 * Blog and news lists show six cards a page (two rows of three on a wide screen): enough to browse, and the
 * shareable `?page=` links stay in use with the demo data. The API's default page size stays 12.
 */
export const ARTICLE_LIST_PAGE_SIZE = 6;

export const ARTICLE_SECTIONS: Record<ArticleKind, ArticleSection> = {
  blog: {
    kind: 'blog',
    path: '/blog',
    title: 'Блог',
    lead: 'Как выбирать и хранить продукты, истории фермеров и советы для домашней кухни.',
    pageSize: ARTICLE_LIST_PAGE_SIZE,
    countForms: ARTICLES_FORMS,
    pagerLabel: 'Страницы блога',
    relatedTitle: 'Читайте также',
    emptyText: 'Статей пока нет — загляните позже.',
    fallback: {
      title: 'Блог',
      description: 'Как выбирать и хранить продукты, истории фермеров и советы для домашней кухни.',
    },
  },
  news: {
    kind: 'news',
    path: '/news',
    title: 'Новости',
    lead: 'Новые магазины и районы доставки, акции и события Фреша.',
    pageSize: ARTICLE_LIST_PAGE_SIZE,
    countForms: NEWS_FORMS,
    pagerLabel: 'Страницы новостей',
    relatedTitle: 'Другие новости',
    emptyText: 'Новостей пока нет — загляните позже.',
    fallback: {
      title: 'Новости',
      description: 'Новые магазины, районы доставки, акции и события Фреша.',
    },
  },
};
