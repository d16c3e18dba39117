import {
  ArticleListSchema,
  ArticleSchema,
  PageListSchema,
  PageSeoSchema,
  RecipeListSchema,
  RecipeSchema,
  VacancyListSchema,
} from '@core/contracts/content';
import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { ContentPage, RecipePage, VacancyPage } from './pages/content-pages';
import { NotFoundPage } from './pages/not-found-page';

const NBSP = '\u00a0';

async function getJson(request: APIRequestContext, url: string): Promise<unknown> {
  const response = await request.get(url);
  expect(response.ok(), url).toBe(true);
  return response.json();
}

/** Paragraphs as the page shows them: split on blank lines. */
const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

test.describe('content pages', () => {
  test('every content page of GET /api/pages renders its text and SEO fields', async ({ page, request }) => {
    test.slow(); // Visits every content page of the demo data.
    const paths = PageListSchema.parse(await getJson(request, '/api/pages'));
    expect(paths).toEqual(expect.arrayContaining(['/about', '/delivery', '/privacy-policy']));
    const view = new ContentPage(page);

    for (const path of paths) {
      const seo = PageSeoSchema.parse(await getJson(request, `/api/pages${path}`));
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(view.heading).toHaveText(seo.title);
      await expect(view.breadcrumbs.getByRole('link', { name: 'Главная' })).toHaveAttribute('href', '/');
      await expect(view.breadcrumbs.locator('[aria-current="page"]')).toHaveText(seo.title);
      for (const paragraph of paragraphsOf(seo.content ?? '')) {
        await expect(view.main.getByText(paragraph, { exact: true })).toBeVisible();
      }
      await expect(page).toHaveTitle(
        seo.seo_title.includes('Фреш') ? seo.seo_title : `${seo.seo_title} — Фреш`,
      );
      expect(await view.metaContent('description')).toBe(seo.seo_desc);
      expect(await view.metaContent('keywords')).toBe(seo.seo_keywords);
    }
    await expectAccessible(page);

    // The side menu moves between content pages, marking the current one.
    await page.goto('/about');
    const menu = page.getByRole('navigation', { name: 'Информация' });
    await expect(menu.getByRole('link', { name: 'О компании' })).toHaveAttribute('aria-current', 'page');
    await menu.getByRole('link', { name: 'Доставка и оплата' }).click();
    await expect(page).toHaveURL(/\/delivery$/);
    await expect(view.heading).toHaveText('Доставка и оплата');
    await expectAccessible(page);
  });

  test('an unknown slug and a slug that fails validation show the 404 page', async ({ page }) => {
    const notFound = new NotFoundPage(page);
    for (const path of ['/net-takoy-stranitsy', '/Not_Valid', `/${'a'.repeat(101)}`, '/o-kompanii.html']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(notFound.heading, path).toBeVisible();
      await expect(page).toHaveTitle('Страница не найдена');
    }
    await expectAccessible(page);

    // Unknown items and pages past the end of a list are 404s too.
    for (const path of [
      '/recipes/net-takogo',
      '/blog/net-takoy',
      '/news/net-takoy',
      '/news?page=99',
      '/blog?page=x',
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(notFound.heading, path).toBeVisible();
    }
  });

  test('recipes: list → a recipe → an ingredient links to its product', async ({ page, request }) => {
    const list = RecipeListSchema.parse(await getJson(request, '/api/recipes'));
    const view = new ContentPage(page);

    await page.goto('/recipes');
    await expect(view.heading).toHaveText('Рецепты');
    await expect(view.cardLinks).toHaveText(list.items.map((recipe) => recipe.title));
    const first = list.items[0];
    if (!first) throw new Error('the demo data has recipes');
    const firstCard = view.main.getByRole('article').first();
    await expect(firstCard).toContainText(`${first.servings}${NBSP}`);
    await expectAccessible(page);

    await view.cardLinks.first().click();
    await expect(page).toHaveURL(new RegExp(`/recipes/${first.slug}$`));
    const recipe = RecipeSchema.parse(await getJson(request, `/api/recipes/${first.slug}`));
    const recipePage = new RecipePage(page);
    await expect(recipePage.heading).toHaveText(recipe.title);
    await expect(recipePage.breadcrumbs.getByRole('link', { name: 'Рецепты' })).toHaveAttribute(
      'href',
      '/recipes',
    );
    await expect(recipePage.steps).toHaveCount(recipe.steps.length);
    for (const ingredient of recipe.ingredients) {
      await expect(recipePage.ingredients).toContainText(ingredient.text);
    }
    const linked = recipe.ingredients.filter((ingredient) => ingredient.product !== null);
    expect(linked.length, 'the demo recipe links ingredients to products').toBeGreaterThan(0);
    // The products' links (a visitor with no address also gets one to /location, to choose it).
    const productLinks = recipePage.ingredients
      .getByRole('link')
      .filter({ hasNot: page.getByText('Укажите адрес или пункт самовывоза') });
    await expect(productLinks).toHaveCount(linked.length);
    for (const [index, ingredient] of linked.entries()) {
      await expect(productLinks.nth(index)).toHaveAttribute('href', `/product/${ingredient.product?.slug}`);
      await expect(productLinks.nth(index)).toContainText(ingredient.product?.name ?? '');
    }
    await expect(page).toHaveTitle(`${recipe.title} — Фреш`);
    expect(await recipePage.jsonLd()).toMatchObject({
      '@type': 'Recipe',
      name: recipe.title,
      recipeInstructions: recipe.steps.map((text, index) => ({
        '@type': 'HowToStep',
        position: index + 1,
        text,
      })),
    });
    await expectAccessible(page);

    await productLinks.first().click();
    await expect(page).toHaveURL(new RegExp(`/product/${linked[0]?.product?.slug}$`));
  });

  test('blog: list → an article with its paragraphs', async ({ page, request }) => {
    const list = ArticleListSchema.parse(await getJson(request, '/api/articles?kind=blog&limit=6'));
    const view = new ContentPage(page);

    await page.goto('/blog');
    await expect(view.heading).toHaveText('Блог');
    await expect(view.cardLinks).toHaveText(list.items.map((article) => article.title));
    await expect(
      page.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: 'Блог' }),
    ).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page);

    const second = list.items[1];
    await view.cardLinks.nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${second?.slug}$`));
    const article = ArticleSchema.parse(await getJson(request, `/api/articles/blog/${second?.slug}`));
    await expect(view.heading).toHaveText(article.title);
    for (const paragraph of paragraphsOf(article.body)) {
      await expect(view.main.getByText(paragraph, { exact: true })).toBeVisible();
    }
    // «12 марта 2026»: the day, the month in the genitive, the year.
    await expect(view.main.locator('article time').first()).toHaveText(
      /^\d{1,2}\s(января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря) \d{4}$/,
    );
    expect(await view.jsonLd()).toMatchObject({ '@type': 'Article', headline: article.title });
    await expectAccessible(page);
  });

  test('news: the second page keeps its URL shareable', async ({ page, request }) => {
    const second = ArticleListSchema.parse(await getJson(request, '/api/articles?kind=news&page=2&limit=6'));
    expect(second.items.length, 'the demo news fill two pages of six').toBeGreaterThan(0);
    const view = new ContentPage(page);

    await page.goto('/news');
    const pager = view.pager('Страницы новостей');
    await expect(pager.getByRole('link', { name: 'Страница 1' })).toHaveAttribute('aria-current', 'page');
    await pager.getByRole('link', { name: 'Страница 2' }).click();
    await expect(page).toHaveURL(/\/news\?page=2$/);
    await expect(view.cardLinks).toHaveText(second.items.map((article) => article.title));
    await expect(pager.getByRole('link', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveTitle(/страница 2/);
    await expectAccessible(page);

    // The same URL opened afresh shows the same page, server-rendered.
    await page.goto('/news?page=2');
    await expect(view.cardLinks).toHaveText(second.items.map((article) => article.title));
    await pager.getByRole('link', { name: 'Назад' }).click();
    await expect(page).toHaveURL(/\/news$/);

    await view.cardLinks.first().click();
    await expect(page).toHaveURL(/\/news\/[a-z0-9-]+$/);
    expect(await view.jsonLd()).toMatchObject({ '@type': 'NewsArticle' });
  });

  test('vacancies: grouped by city, salaries in roubles, a city filter', async ({ page, request }) => {
    const all = VacancyListSchema.parse(await getJson(request, '/api/vacancies'));
    const view = new VacancyPage(page);

    await page.goto('/vacancy');
    await expect(view.heading).toHaveText('Вакансии');
    await expect(view.vacancies).toHaveCount(all.items.length);
    for (const city of all.cities) {
      await expect(view.main.getByRole('heading', { level: 2, name: new RegExp(`^${city}`) })).toBeVisible();
    }
    const courier = view.vacancy('Курьер');
    await expect(courier).toContainText(`от 55${NBSP}000 до 90${NBSP}000${NBSP}₽`);
    await expect(courier).toContainText('Сменный график');
    await expect(courier).toContainText('Права категории B');
    await expectAccessible(page);

    const city = all.cities.find((name) => name !== 'Ярославль') ?? '';
    const inCity = all.items.filter((vacancy) => vacancy.city === city);
    await view.cityFilter.getByRole('link', { name: city }).click();
    await expect(page).toHaveURL(new RegExp(`/vacancy\\?city=${encodeURIComponent(city)}$`));
    await expect(view.vacancies).toHaveCount(inCity.length);
    await expect(view.cityFilter.getByRole('link', { name: city })).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page);

    await view.cityFilter.getByRole('link', { name: 'Все города' }).click();
    await expect(view.vacancies).toHaveCount(all.items.length);
  });

  test('content pages fit a phone screen and pass axe there @mobile', async ({ page }) => {
    test.skip((page.viewportSize()?.width ?? 0) >= 1024, 'the phone layout');
    test.slow(); // Six pages, each checked by axe.
    const view = new ContentPage(page);
    for (const path of [
      '/recipes',
      '/recipes/syrniki-so-smetanoy',
      '/blog',
      '/news?page=2',
      '/vacancy',
      '/about',
    ]) {
      await page.goto(path);
      await expect(view.heading, path).toBeVisible();
      expect(await view.fitsViewportWidth(), `${path} has no horizontal scroll`).toBe(true);
      await expectAccessible(page);
    }
  });
});
