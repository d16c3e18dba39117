import type { ProductCard } from '@core/contracts/catalog';
import {
  type Article,
  type ArticleCard,
  type ArticleKind,
  type ArticleList,
  ArticleListQuerySchema,
  type City,
  ContentSlugSchema,
  LinkGroupSchema,
  type PageSeo,
  type Recipe,
  type RecipeCard,
  type RecipeList,
  RecipeListQuerySchema,
  type SiteSettings,
  SocialsSchema,
  type VacancyList,
  VacancyListQuerySchema,
} from '@core/contracts/content';
import { z } from '@core/contracts/z';
import type { AssortmentScope } from '@core/rules/delivery-area';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { createTtlCache } from '../../lib/ttl-cache';
import {
  presentArticle,
  presentArticleCard,
  presentPage,
  presentRecipe,
  presentRecipeCard,
  presentVacancy,
} from './content.presenter';
import {
  findAllPages,
  findArticleBySlug,
  findArticleCards,
  findOpenVacancies,
  findPublicationCardsByIds,
  findPublicationDates,
  findRecipeBySlug,
  findRecipeCards,
  findSettingsRows,
  findVacancyCities,
  type PageRow,
} from './content.repository';
import { addRecipeToBasket, type RecipeToBasketDeps } from './recipe-to-basket';

export type ContentDeps = {
  db: Db;
  /** The catalogue's cards of the products a recipe links to (the catalogue module's service). */
  catalog: { listProductsByIds(ids: readonly string[], scope?: AssortmentScope): Promise<ProductCard[]> };
  /** The cities and their delivery zones for the settings (the geo module's service). */
  geo: { listCities(): Promise<City[]> };
} & RecipeToBasketDeps;

const SETTING_KEYS = ['header', 'footer', 'socials'] as const;
const LinkGroupsSchema = z.array(LinkGroupSchema);

export const PAGE_NOT_FOUND_MESSAGE = 'Страница не найдена';
export const RECIPE_NOT_FOUND_MESSAGE = 'Рецепт не найден';
export const ARTICLE_NOT_FOUND_MESSAGES: Record<ArticleKind, string> = {
  blog: 'Статья не найдена',
  news: 'Новость не найдена',
};

/** How many other recipes or articles a detail page suggests. */
export const RELATED_LIMIT = 3;

/** The list pages of this module, each dated by its newest item in the sitemap. */
const SECTION_PATHS = { recipes: '/recipes', blog: '/blog', news: '/news', vacancies: '/vacancy' } as const;

/** A content page's link among its siblings (the side menu of /about, /delivery …). */
export type ContentPageLink = { path: string; title: string };

/** A generic content page: its SEO fields and body, and every content page to move between them. */
export type ContentPageView = { page: PageSeo & { content: string }; pages: ContentPageLink[] };

/** A path of the sitemap with the date it last changed. */
export type SitemapEntry = { path: string; updatedAt: Date };

/** Services take typed input but re-check it: a caller's nonsense is a 400, never a 500. */
function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new AppError('bad_request', parsed.error.issues[0]?.message);
  return parsed.data;
}

function paging(page: number, limit: number, total: number) {
  return { page, page_size: limit, total, total_pages: Math.max(1, Math.ceil(total / limit)) };
}

const newest = (dates: readonly Date[]): Date | undefined =>
  dates.reduce<Date | undefined>((latest, date) => (!latest || date > latest ? date : latest), undefined);

/** Header and footer groups, socials and cities with their delivery zones. */
async function loadSiteSettings({ db, geo }: ContentDeps): Promise<SiteSettings> {
  const [rows, cities] = await Promise.all([findSettingsRows(db, SETTING_KEYS), geo.listCities()]);
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  // Settings are edited outside this app: a malformed value degrades to an empty group, never a 500.
  const header = LinkGroupsSchema.safeParse(byKey.get('header'));
  const footer = LinkGroupsSchema.safeParse(byKey.get('footer'));
  const socials = SocialsSchema.safeParse(byKey.get('socials'));
  return {
    header: header.success ? header.data : [],
    footer: footer.success ? footer.data : [],
    socials: socials.success ? socials.data : {},
    cities,
  };
}

type PageIndex = { byPath: Map<string, PageRow>; contentPaths: string[] };

async function loadPageIndex({ db }: ContentDeps): Promise<PageIndex> {
  const rows = await findAllPages(db);
  return {
    byPath: new Map(rows.map((row) => [row.path, row])),
    contentPaths: rows.filter((row) => row.hasContent).map((row) => row.path),
  };
}

export type ContentServiceOptions = {
  /** How long settings and pages are served from memory; edits show up within this time. 0: always read. */
  cacheTtlMs: number;
  onCacheError?: (error: unknown) => void;
};

/**
 * The content use cases. Every page render needs the settings and its page's SEO fields, and they change
 * rarely: both come from a small in-process cache instead of the database on each request.
 */
export function createContentService(deps: ContentDeps, options: ContentServiceOptions) {
  const cacheOptions = { ttlMs: options.cacheTtlMs, onRefreshError: options.onCacheError };
  const settings = createTtlCache(() => loadSiteSettings(deps), cacheOptions);
  const pages = createTtlCache(() => loadPageIndex(deps), cacheOptions);
  /** A recipe with its ingredients, each as the shopper's area can supply it, and its steps. */
  async function getRecipe(slug: string, scope?: AssortmentScope): Promise<Recipe> {
    const valid = ContentSlugSchema.safeParse(slug);
    const found = valid.success ? await findRecipeBySlug(deps.db, valid.data, RELATED_LIMIT) : undefined;
    if (!found) throw new AppError('not_found', RECIPE_NOT_FOUND_MESSAGE);
    const ids = found.ingredients.flatMap((item) => item.candidates.map((candidate) => candidate.productId));
    const cards = await deps.catalog.listProductsByIds(ids, scope);
    return presentRecipe(found, new Map(cards.map((card) => [card._id, card])));
  }

  return {
    getSiteSettings: (): Promise<SiteSettings> => settings.get(),

    /** The paths that have content pages (GET /api/pages). */
    listContentPages: async (): Promise<string[]> => (await pages.get()).contentPaths,

    /** SEO fields (and content, for content pages) of a path; '/home' is the front page. */
    getPage: async (path: string): Promise<PageSeo> => {
      const row = (await pages.get()).byPath.get(path);
      if (!row) throw new AppError('not_found', PAGE_NOT_FOUND_MESSAGE);
      return presentPage(row);
    },

    /**
     * A generic content page (one that GET /api/pages lists) with the list of all content pages;
     * not_found for any other path, including the SEO-only rows of the storefront's own routes.
     */
    getContentPage: async (path: string): Promise<ContentPageView> => {
      const index = await pages.get();
      const row = index.byPath.get(path);
      if (!row?.hasContent) throw new AppError('not_found', PAGE_NOT_FOUND_MESSAGE);
      return {
        page: { ...presentPage(row), content: row.body },
        pages: index.contentPaths.flatMap((contentPath) => {
          const title = index.byPath.get(contentPath)?.title;
          return title ? [{ path: contentPath, title }] : [];
        }),
      };
    },

    /** Recipe cards, newest first: `{ limit: 4 }` for the home page, `{ page }` for the list. */
    listRecipes: async (input: { page?: number; limit?: number } = {}): Promise<RecipeList> => {
      const { page, limit } = parseInput(RecipeListQuerySchema, input);
      const { rows, total } = await findRecipeCards(deps.db, { offset: (page - 1) * limit, limit });
      return { items: rows.map(presentRecipeCard), ...paging(page, limit, total) };
    },

    /** A recipe with its ingredients (linked products included) and steps; not_found for an unknown slug. */
    getRecipe,

    /** 'Добавить в корзину' on a recipe page (recipe-to-basket.ts). */
    addRecipeToBasket: (input: Parameters<typeof addRecipeToBasket>[2]) =>
      addRecipeToBasket(deps, getRecipe, input),

    /** Blog posts or news, newest first. */
    listArticles: async (input: {
      kind: ArticleKind;
      page?: number;
      limit?: number;
    }): Promise<ArticleList> => {
      const { kind, page, limit } = parseInput(ArticleListQuerySchema, input);
      const { rows, total } = await findArticleCards(deps.db, kind, { offset: (page - 1) * limit, limit });
      return { items: rows.map(presentArticleCard), ...paging(page, limit, total) };
    },

    /** One blog post or news item; not_found for an unknown slug. */
    getArticle: async (kind: ArticleKind, slug: string): Promise<Article> => {
      const valid = ContentSlugSchema.safeParse(slug);
      const found = valid.success
        ? await findArticleBySlug(deps.db, kind, valid.data, RELATED_LIMIT)
        : undefined;
      if (!found) throw new AppError('not_found', ARTICLE_NOT_FOUND_MESSAGES[kind]);
      return presentArticle(found);
    },

    /**
     * Blog posts, news and recipes by id, for a customer's favourite 'articles' (docs/decisions/019): the
     * cards of those that exist, each list in the order of `ids`.
     */
    listPublicationCards: async (
      ids: readonly string[],
    ): Promise<{ articles: ArticleCard[]; recipes: RecipeCard[] }> => {
      const { articleRows, recipeRows } = await findPublicationCardsByIds(deps.db, ids);
      const order = new Map(ids.map((id, index) => [id, index]));
      const byOrder = (a: { id: string }, b: { id: string }) =>
        (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0);
      return {
        articles: [...articleRows].sort(byOrder).map(presentArticleCard),
        recipes: [...recipeRows].sort(byOrder).map(presentRecipeCard),
      };
    },

    /** Open vacancies, of one city when asked, and every city that has any. */
    listVacancies: async (input: { city?: string } = {}): Promise<VacancyList> => {
      const { city } = parseInput(VacancyListQuerySchema, input);
      const [rows, cities] = await Promise.all([
        findOpenVacancies(deps.db, city || undefined),
        findVacancyCities(deps.db),
      ]);
      return { items: rows.map(presentVacancy), cities };
    },

    /**
     * Every path this module serves, for the sitemap: the list pages (/recipes, /blog, /news, /vacancy, dated
     * by their newest item), each recipe, blog post and news item, and the generic content pages.
     */
    listSitemapEntries: async (): Promise<SitemapEntry[]> => {
      const [{ recipeRows, articleRows }, vacancyRows, index] = await Promise.all([
        findPublicationDates(deps.db),
        findOpenVacancies(deps.db),
        pages.get(),
      ]);
      const sections: [string, Date | undefined][] = [
        [SECTION_PATHS.recipes, newest(recipeRows.map((row) => row.publishedAt))],
        [SECTION_PATHS.blog, newest(articleRows.filter((r) => r.kind === 'blog').map((r) => r.publishedAt))],
        [SECTION_PATHS.news, newest(articleRows.filter((r) => r.kind === 'news').map((r) => r.publishedAt))],
        [SECTION_PATHS.vacancies, newest(vacancyRows.map((row) => row.publishedAt))],
      ];
      return [
        ...sections.flatMap(([path, updatedAt]) => (updatedAt ? [{ path, updatedAt }] : [])),
        ...recipeRows.map((row) => ({ path: `/recipes/${row.slug}`, updatedAt: row.publishedAt })),
        ...articleRows.map((row) => ({ path: `/${row.kind}/${row.slug}`, updatedAt: row.publishedAt })),
        ...index.contentPaths.flatMap((path) => {
          const row = index.byPath.get(path);
          return row ? [{ path, updatedAt: row.updatedAt }] : [];
        }),
      ];
    },

    /** After an edit made by this process: the next read loads afresh. */
    invalidate: (): void => {
      settings.invalidate();
      pages.invalidate();
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
