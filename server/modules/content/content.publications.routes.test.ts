import { ErrorBodySchema } from '@core/contracts/common';
import {
  ARTICLE_KIND_MESSAGE,
  ArticleListSchema,
  ArticleSchema,
  CITY_FILTER_MESSAGE,
  PAGE_NUMBER_MESSAGE,
  PAGE_SIZE_MESSAGE,
  RecipeListSchema,
  RecipeSchema,
  VacancyListSchema,
} from '@core/contracts/content';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { articles, pages, products, vacancies } from '../../db/schema/index';
import { ARTICLES, VACANCIES } from '../../db/seed/data/articles';
import { RECIPES } from '../../db/seed/data/recipes';
import { isAppError } from '../../errors';

const BLOG = ARTICLES.filter((article) => article.kind === 'blog');
const NEWS = ARTICLES.filter((article) => article.kind === 'news');
const SYRNIKI = RECIPES.find((recipe) => recipe.slug === 'syrniki-so-smetanoy');

const isNewestFirst = (dates: readonly string[]) =>
  dates.every((date, index) => index === 0 || (dates[index - 1] ?? '') >= date);

describe.each(TEST_DATABASE_KINDS)('recipes, articles and vacancies API on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { CONTENT_CACHE_TTL_S: '0' } });
  });

  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  async function expectError(url: string, status: number, message?: string) {
    const response = await get(url);
    expect(response.statusCode, url).toBe(status);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.message, url).toMatch(/[а-яё]/i);
    if (message) expect(body.message, url).toBe(message);
  }

  describe('GET /api/recipes', () => {
    it('answers the first 12 recipe cards, newest first, with the total', async () => {
      const response = await get('/api/recipes');
      expect(response.statusCode).toBe(200);
      const list = RecipeListSchema.parse(response.json());
      expect(list).toMatchObject({ page: 1, page_size: 12, total: RECIPES.length, total_pages: 1 });
      expect(list.items.map((recipe) => recipe.slug).sort()).toEqual(RECIPES.map((r) => r.slug).sort());
      expect(isNewestFirst(list.items.map((recipe) => recipe.published_at))).toBe(true);
      const syrniki = list.items.find((recipe) => recipe.slug === SYRNIKI?.slug);
      expect(syrniki).toMatchObject({
        title: 'Сырники со сметаной',
        cook_minutes: SYRNIKI?.cookMinutes,
        servings: SYRNIKI?.servings,
        img: expect.stringMatching(/\.svg$/),
      });
      expect(syrniki?._id).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('pages through every recipe once with a smaller page size', async () => {
      const pageOf = async (page: number) =>
        RecipeListSchema.parse((await get(`/api/recipes?limit=5&page=${page}`)).json());
      const [first, second, third, beyond] = await Promise.all([pageOf(1), pageOf(2), pageOf(3), pageOf(4)]);
      expect(first).toMatchObject({ page: 1, page_size: 5, total: RECIPES.length, total_pages: 3 });
      expect([first, second, third].map((page) => page.items.length)).toEqual([5, 5, RECIPES.length - 10]);
      const slugs = [first, second, third].flatMap((page) => page.items.map((recipe) => recipe.slug));
      expect(new Set(slugs).size).toBe(RECIPES.length);
      expect(beyond.items).toEqual([]);
      expect(beyond.total).toBe(RECIPES.length);
    });

    it.each([
      ['page=0', PAGE_NUMBER_MESSAGE],
      ['page=-2', PAGE_NUMBER_MESSAGE],
      ['page=abc', PAGE_NUMBER_MESSAGE],
      ['page=1.5', PAGE_NUMBER_MESSAGE],
      ['page=', PAGE_NUMBER_MESSAGE],
      ['page=10001', PAGE_NUMBER_MESSAGE],
      ['page=1&page=2', PAGE_NUMBER_MESSAGE],
      ['limit=0', PAGE_SIZE_MESSAGE],
      ['limit=49', PAGE_SIZE_MESSAGE],
    ])('rejects ?%s with 400 and a Russian message', async (query, message) => {
      await expectError(`/api/recipes?${query}`, 400, message);
    });
  });

  describe('GET /api/recipes/{slug}', () => {
    it('answers the recipe with its ingredients in order, linked products and steps', async () => {
      const response = await get('/api/recipes/syrniki-so-smetanoy');
      expect(response.statusCode).toBe(200);
      const recipe = RecipeSchema.parse(response.json());
      expect(recipe.title).toBe(SYRNIKI?.title);
      expect(recipe.summary).toBe(SYRNIKI?.summary);
      expect(recipe.steps).toEqual(SYRNIKI?.steps);
      expect(recipe.ingredients.map(({ text, amount }) => ({ text, amount }))).toEqual(
        SYRNIKI?.ingredients.map(({ text, amount }) => ({ text, amount })),
      );
      // The seed links ingredients to demo products by their exact names, best first: each is shown as the
      // first candidate on offer (any point, with no area chosen), else its first; unlinked ones have none.
      const candidates = (product: string | readonly string[] | undefined) =>
        typeof product === 'string' ? [product] : [...(product ?? [])];
      recipe.ingredients.forEach((ingredient, index) => {
        const seeded = SYRNIKI?.ingredients[index];
        if (seeded?.product) {
          expect(candidates(seeded.product)).toContain(ingredient.product?.name);
          expect(ingredient.packs).toBe(seeded.packs ?? 1);
        } else expect(ingredient.product).toBeNull();
      });
      const tvorog = recipe.ingredients[0]?.product;
      const [row] = await t.db.db
        .select()
        .from(products)
        .where(eq(products.slug, tvorog?.slug ?? ''));
      expect(tvorog).toEqual({
        _id: row?.id,
        slug: row?.slug,
        name: row?.name,
        price: row?.priceKopecks,
        discount: row?.discountPercent,
        img: row?.images[0] ?? null,
        weight: row?.weightGrams,
        store: expect.objectContaining({ _id: row?.storeId }),
        offer: tvorog?.offer ?? null,
      });
    });

    it('shows a product edit: price, discount and the first image', async () => {
      const before = RecipeSchema.parse((await get('/api/recipes/syrniki-so-smetanoy')).json());
      const slug = before.ingredients[1]?.product?.slug ?? '';
      await t.db.db
        .update(products)
        .set({ priceKopecks: 12_345, discountPercent: 15, images: ['/uploads/a.webp', '/uploads/b.webp'] })
        .where(eq(products.slug, slug));
      const after = RecipeSchema.parse((await get('/api/recipes/syrniki-so-smetanoy')).json());
      expect(after.ingredients[1]?.product).toMatchObject({
        slug,
        price: 12_345,
        discount: 15,
        img: '/uploads/a.webp',
      });
    });

    it('offers an ingredient as its next candidate when the first is deleted, and keeps it without one', async () => {
      const before = RecipeSchema.parse((await get('/api/recipes/borshch-s-govyadinoy')).json());
      // The beef: two candidates in the seed (grudinka, then the shoulder).
      const linked = before.ingredients.findIndex((ingredient) => ingredient.product !== null);
      expect(linked).toBe(0);
      await t.db.db.delete(products).where(eq(products.id, before.ingredients[linked]?.product?._id ?? ''));
      const next = RecipeSchema.parse((await get('/api/recipes/borshch-s-govyadinoy')).json());
      expect(next.ingredients[linked]?.product?.name).toBe('Говядина, мякоть лопатки 1 кг');
      await t.db.db.delete(products).where(eq(products.id, next.ingredients[linked]?.product?._id ?? ''));
      const after = RecipeSchema.parse((await get('/api/recipes/borshch-s-govyadinoy')).json());
      expect(after.ingredients).toHaveLength(before.ingredients.length);
      expect(after.ingredients[linked]).toEqual({ ...before.ingredients[linked], product: null, packs: 0 });
    });

    it('suggests three other recipes, newest first', async () => {
      const recipe = RecipeSchema.parse((await get('/api/recipes/syrniki-so-smetanoy')).json());
      expect(recipe.related).toHaveLength(3);
      expect(recipe.related.map((other) => other.slug)).not.toContain('syrniki-so-smetanoy');
      expect(isNewestFirst(recipe.related.map((other) => other.published_at))).toBe(true);
    });

    it.each([
      ['an unknown slug', 'net-takogo-retsepta'],
      ['upper case', 'SYRNIKI-SO-SMETANOY'],
      ['cyrillic', encodeURIComponent('сырники')],
      ['a slug of 101 characters', 'a'.repeat(101)],
      ['dots', '..%2F..%2Fetc'],
    ])('answers 404 with a Russian message for %s', async (_name, slug) => {
      // Fastify itself turns away parameters over 100 characters, with the API's generic 404.
      await expectError(`/api/recipes/${slug}`, 404);
    });

    it('says which resource was not found', async () => {
      await expectError('/api/recipes/net-takogo-retsepta', 404, 'Рецепт не найден');
    });
  });

  describe('GET /api/articles', () => {
    it.each([
      ['blog', BLOG],
      ['news', NEWS],
    ] as const)('answers the %s cards, newest first, and only that kind', async (articleKind, seeded) => {
      const response = await get(`/api/articles?kind=${articleKind}`);
      expect(response.statusCode).toBe(200);
      const list = ArticleListSchema.parse(response.json());
      expect(list).toMatchObject({ page: 1, page_size: 12, total: seeded.length, total_pages: 1 });
      expect(list.items.every((article) => article.kind === articleKind)).toBe(true);
      expect(list.items.map((article) => article.slug)).toEqual(
        [...seeded].sort((a, b) => a.daysAgo - b.daysAgo).map((article) => article.slug),
      );
      expect(isNewestFirst(list.items.map((article) => article.published_at))).toBe(true);
      expect(list.items[0]).not.toHaveProperty('body');
    });

    it('pages news by the requested size', async () => {
      const second = ArticleListSchema.parse((await get('/api/articles?kind=news&page=2&limit=4')).json());
      expect(second).toMatchObject({ page: 2, page_size: 4, total: NEWS.length, total_pages: 3 });
      const newestFirst = [...NEWS].sort((a, b) => a.daysAgo - b.daysAgo).map((article) => article.slug);
      expect(second.items.map((article) => article.slug)).toEqual(newestFirst.slice(4, 8));
    });

    it.each([
      ['', ARTICLE_KIND_MESSAGE],
      ['kind=recipes', ARTICLE_KIND_MESSAGE],
      ['kind=BLOG', ARTICLE_KIND_MESSAGE],
      ['kind=blog&page=0', PAGE_NUMBER_MESSAGE],
      ['kind=news&page=two', PAGE_NUMBER_MESSAGE],
      ['kind=news&limit=1000', PAGE_SIZE_MESSAGE],
    ])('rejects ?%s with 400 and a Russian message', async (query, message) => {
      await expectError(`/api/articles?${query}`, 400, message);
    });
  });

  describe('GET /api/articles/{kind}/{slug}', () => {
    it('answers a blog post with its body and three other posts', async () => {
      const seeded = BLOG[0];
      const response = await get(`/api/articles/blog/${seeded?.slug}`);
      expect(response.statusCode).toBe(200);
      const article = ArticleSchema.parse(response.json());
      expect(article).toMatchObject({ kind: 'blog', slug: seeded?.slug, title: seeded?.title });
      expect(article.body.split('\n\n')).toEqual(seeded?.paragraphs);
      expect(article.related).toHaveLength(3);
      expect(article.related.every((other) => other.kind === 'blog' && other.slug !== seeded?.slug)).toBe(
        true,
      );
    });

    it('answers a news item', async () => {
      const seeded = NEWS[0];
      const article = ArticleSchema.parse((await get(`/api/articles/news/${seeded?.slug}`)).json());
      expect(article).toMatchObject({ kind: 'news', slug: seeded?.slug, summary: seeded?.summary });
    });

    it('answers 404 in Russian for an unknown slug, a slug of the other kind and an unknown kind', async () => {
      await expectError('/api/articles/blog/net-takoy-stati', 404, 'Статья не найдена');
      await expectError('/api/articles/news/net-takoy-novosti', 404, 'Новость не найдена');
      await expectError(`/api/articles/news/${BLOG[0]?.slug}`, 404, 'Новость не найдена');
      await expectError(`/api/articles/recipes/${BLOG[0]?.slug}`, 404);
      await expectError(`/api/articles/blog/${encodeURIComponent('статья')}`, 404, 'Статья не найдена');
    });

    it('stops showing an article once it is deleted', async () => {
      const seeded = NEWS[NEWS.length - 1];
      await t.db.db.delete(articles).where(eq(articles.slug, seeded?.slug ?? ''));
      await expectError(`/api/articles/news/${seeded?.slug}`, 404, 'Новость не найдена');
    });
  });

  describe('GET /api/vacancies', () => {
    it('answers every open vacancy grouped by city and the cities', async () => {
      const response = await get('/api/vacancies');
      expect(response.statusCode).toBe(200);
      const list = VacancyListSchema.parse(response.json());
      expect(list.items).toHaveLength(VACANCIES.length);
      expect(list.cities).toEqual([...new Set(VACANCIES.map((vacancy) => vacancy.city))].sort());
      const cities = list.items.map((vacancy) => vacancy.city);
      expect(cities).toEqual([...cities].sort());
      const courier = list.items.find((vacancy) => vacancy.title === 'Курьер');
      expect(courier).toMatchObject({
        city: 'Ярославль',
        employment: 'Сменный график',
        salary_from: 55_000,
        salary_to: 90_000,
        requirements: ['Права категории B', 'Знание города', 'Вежливость и пунктуальность'],
      });
    });

    it('filters by city and answers an empty list for a city without vacancies', async () => {
      const city = 'Кострома';
      const list = VacancyListSchema.parse(
        (await get(`/api/vacancies?city=${encodeURIComponent(city)}`)).json(),
      );
      expect(list.items.length).toBe(VACANCIES.filter((vacancy) => vacancy.city === city).length);
      expect(list.items.every((vacancy) => vacancy.city === city)).toBe(true);
      const none = VacancyListSchema.parse(
        (await get(`/api/vacancies?city=${encodeURIComponent('Тверь')}`)).json(),
      );
      expect(none.items).toEqual([]);
      expect(none.cities).toEqual(list.cities);
    });

    it('leaves out closed vacancies', async () => {
      await t.db.db.update(vacancies).set({ isOpen: false }).where(eq(vacancies.title, 'Курьер'));
      const list = VacancyListSchema.parse((await get('/api/vacancies')).json());
      expect(list.items.map((vacancy) => vacancy.title)).not.toContain('Курьер');
      expect(list.items).toHaveLength(VACANCIES.filter((vacancy) => vacancy.title !== 'Курьер').length);
    });

    it('rejects an over-long city with 400', async () => {
      await expectError(`/api/vacancies?city=${'я'.repeat(101)}`, 400, CITY_FILTER_MESSAGE);
    });
  });

  it('describes the endpoints in the OpenAPI document under the content tag', async () => {
    const response = await get('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, { get?: { tags?: string[] } }> };
    for (const path of [
      '/api/recipes',
      '/api/recipes/{slug}',
      '/api/articles',
      '/api/articles/{kind}/{slug}',
      '/api/vacancies',
    ]) {
      expect(document.paths[path]?.get?.tags, path).toEqual(['content']);
    }
  });

  describe('service functions for the home page and the sitemap', () => {
    it('lists the newest recipes up to a limit', async () => {
      const list = await t.app.services.content.listRecipes({ limit: 4 });
      expect(list.items).toHaveLength(4);
      const all = await t.app.services.content.listRecipes();
      expect(list.items).toEqual(all.items.slice(0, 4));
    });

    it('rejects a nonsense limit as a bad request', async () => {
      const error = await t.app.services.content.listRecipes({ limit: 0 }).catch((caught: unknown) => caught);
      expect(isAppError(error) && error.code).toBe('bad_request');
    });

    it('lists every content path once with its date', async () => {
      const entries = await t.app.services.content.listSitemapEntries();
      const paths = entries.map((entry) => entry.path);
      expect(new Set(paths).size).toBe(paths.length);
      const contentPages = await t.app.services.content.listContentPages();
      const recipeCount = RECIPES.length;
      const articleCount = (await t.db.db.select().from(articles)).length;
      expect(paths).toEqual(
        expect.arrayContaining([
          '/recipes',
          '/blog',
          '/news',
          '/vacancy',
          '/recipes/syrniki-so-smetanoy',
          `/blog/${BLOG[0]?.slug}`,
          `/news/${NEWS[0]?.slug}`,
          ...contentPages,
        ]),
      );
      expect(paths).toHaveLength(4 + recipeCount + articleCount + contentPages.length);
      expect(paths).not.toContain('/home');
      expect(
        entries.every((entry) => entry.updatedAt instanceof Date && !Number.isNaN(+entry.updatedAt)),
      ).toBe(true);
      const blogList = ArticleListSchema.parse((await get('/api/articles?kind=blog')).json());
      expect(entries.find((entry) => entry.path === '/blog')?.updatedAt.toISOString()).toBe(
        blogList.items[0]?.published_at,
      );
    });

    it('answers a content page with its body and its sibling pages, and nothing else', async () => {
      const view = await t.app.services.content.getContentPage('/about');
      expect(view.page).toMatchObject({ path: '/about', title: 'О компании' });
      expect(view.page.content.split('\n\n').length).toBeGreaterThanOrEqual(2);
      expect(view.pages).toContainEqual({ path: '/delivery', title: 'Доставка и оплата' });
      expect(view.pages.map((page) => page.path)).toEqual(await t.app.services.content.listContentPages());
      for (const path of ['/home', '/catalog', '/net-takoy']) {
        const error = await t.app.services.content.getContentPage(path).catch((caught: unknown) => caught);
        expect(isAppError(error) && error.code, path).toBe('not_found');
      }
    });

    it('stops answering a content page once it loses its content', async () => {
      await t.db.db.update(pages).set({ hasContent: false }).where(eq(pages.path, '/vozvrat'));
      const error = await t.app.services.content
        .getContentPage('/vozvrat')
        .catch((caught: unknown) => caught);
      expect(isAppError(error) && error.code).toBe('not_found');
    });
  });
});
