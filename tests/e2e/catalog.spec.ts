import { SEARCH_DEBOUNCE_MS } from '@core/rules/search-text';
import type { Page } from '@playwright/test';
import { boxOf, expect, expectAccessible, expectAccessibleWithListOpen, test } from './fixtures';
import { NotFoundPage } from './pages/not-found-page';
import { SearchBox } from './pages/search-box';

test.describe('catalogue and search', () => {
  test('home → catalogue → a category → a product', async ({ page }) => {
    test.slow(); // Four pages, each checked by axe.
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Скидки и акции' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Новинки' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Перейти в каталог' }).click();
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Каталог' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(48);
    await expectAccessible(page);

    const categories = page.getByRole('complementary').getByRole('navigation', { name: 'Категории' });
    await categories.getByRole('link', { name: 'Молочные продукты' }).click();
    await expect(page).toHaveURL(/category=molochnye-produkty/);
    await expect(page.getByRole('heading', { level: 1, name: 'Молочные продукты' })).toBeVisible();
    // The parent category opens to its children.
    await expect(categories.getByRole('link', { name: 'Сыры' })).toBeVisible();

    const first = page.getByRole('main').getByRole('article').first();
    const name = ((await first.getByRole('heading').textContent()) ?? '').trim();
    await first.getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Где есть в наличии' })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
    );
    expect(jsonLd).toMatchObject({ '@type': 'Product', name, offers: { priceCurrency: 'RUB' } });
    await expectAccessible(page);
  });

  test('sorting and paging keep the URL shareable', async ({ page }) => {
    await page.goto('/catalog');
    await page.getByRole('complementary').getByLabel('Сортировка').selectOption('price-asc');
    await expect(page).toHaveURL(/sort=price-asc/);
    // The URL changes as the navigation starts; the grid follows when the new data has arrived.
    const readPrices = () =>
      page
        .getByRole('main')
        .getByRole('article')
        .evaluateAll((cards) =>
          cards.map((card) =>
            Number(
              (card.querySelector('p span')?.textContent ?? '').replace(/[^\d,]/g, '').replace(',', '.'),
            ),
          ),
        );
    await expect
      .poll(async () => {
        const prices = await readPrices();
        return prices.length === 48 && prices.every((price, i) => i === 0 || (prices[i - 1] ?? 0) <= price);
      })
      .toBe(true);

    await page
      .getByRole('navigation', { name: 'Страницы каталога' })
      .getByRole('link', { name: 'Страница 2' })
      .click();
    await expect(page).toHaveURL(/sort=price-asc.*page=2|page=2.*sort=price-asc/);
    await expect(page.getByRole('link', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');
    // The same URL opened afresh shows the same page.
    const url = page.url();
    const firstOnPage2 = await page
      .getByRole('main')
      .getByRole('article')
      .first()
      .getByRole('heading')
      .textContent();
    expect(firstOnPage2).toBeTruthy();
    await page.goto(url);
    await expect(page.getByRole('main').getByRole('article').first().getByRole('heading')).toHaveText(
      firstOnPage2 ?? '',
    );
  });

  test('a shop catalogue, a point and an unknown shop', async ({ page }) => {
    await page.goto('/catalog/molochnaya-reka');
    await expect(page.getByRole('heading', { level: 1, name: 'Молочная река' })).toBeVisible();
    await page.goto('/catalog/molochnaya-reka/lenina/syry');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Сыры');
    const response = await page.goto('/catalog/no-such-shop');
    expect(response?.status()).toBe(404);
    await expect(new NotFoundPage(page).heading).toBeVisible();
  });

  test('the header search suggests shops and products from 3 characters', async ({ page }) => {
    test.slow(); // Five pages, suggestions four times and axe.
    // The page's timers run on a clock the test moves: past the debounce without waiting for it.
    await page.clock.install();
    await page.goto('/');
    const search = new SearchBox(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/resources/search')) asked.push(request.url());
    });
    // A list that fails to render shows the error page; say why if it does.
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // Stop the page's time a minute ahead (past whatever it runs now); from here on only runFor moves it.
    await page.clock.pauseAt(Date.now() + 60_000);
    await search.input.fill('мо');
    // Nothing at 2 characters, even after the debounce.
    await page.clock.runFor(SEARCH_DEBOUNCE_MS * 2);
    await expect(search.results).toBeHidden();
    expect(asked).toEqual([]);
    // From 3 characters: one load, and only once the debounce is over.
    await search.input.fill('мол');
    await expect(search.results).toContainText('Ищем…');
    await page.clock.runFor(SEARCH_DEBOUNCE_MS - 1);
    expect(asked).toEqual([]);
    await page.clock.resume();

    await expect(search.option(/^Каталог: Молочная река/)).toBeVisible();
    expect(asked).toHaveLength(1);
    await expect(search.results.getByRole('option')).not.toHaveCount(1);
    await expect(search.input).toHaveAttribute('aria-expanded', 'true');
    await expectAccessibleWithListOpen(page);

    // Keyboard: the first option is the shop catalogue; Enter opens it.
    await search.input.press('ArrowDown');
    await expect(search.activeOption).toHaveText(/^Каталог: Молочная река/);
    await search.input.press('Enter');
    await expect(page).toHaveURL(/\/catalog\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Молочная река' })).toBeVisible();
    await expect(search.results).toBeHidden();

    // A product result opens its page by id; Enter with nothing highlighted opens the results page.
    await search.input.fill('vjkjrj');
    const product = search.results
      .getByRole('option')
      .filter({ hasText: /молоко/i })
      .first();
    await expect(product).toBeVisible();
    await search.input.press('Escape');
    await expect(search.results).toBeHidden();
    await search.input.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=vjkjrj/);
    await expect(
      page.getByRole('list', { name: 'Найденные товары' }).getByRole('article').first(),
    ).toContainText(/молоко/i);

    // With the list open and nothing highlighted, Enter still opens the results page.
    await search.input.fill('сыр');
    await expect(search.results.getByRole('option').first()).toBeVisible();
    await expect(search.activeOption).toHaveCount(0);
    await search.input.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=%D1%81%D1%8B%D1%80$/);
    await expect(search.results).toBeHidden();

    // Tab with the list open closes it, and focus lands on nothing hidden from screen readers.
    await search.input.fill('хлеб');
    await expect(search.results.getByRole('option').first()).toBeVisible();
    await search.input.press('Tab');
    await expect(search.results).toBeHidden();
    expect(
      await page.evaluate(() => document.activeElement?.closest('[aria-hidden="true"], [inert]') ?? null),
    ).toBeNull();
    await expectAccessible(page);

    // A click on a product opens its page by id.
    // The list may still show the last query's suggestions for a moment: wait for this one's.
    await search.input.fill('молоко');
    const milk = search.results
      .getByRole('option')
      .and(page.locator('[href^="/product/"]'))
      .filter({ hasText: /молок/i })
      .first();
    await expect(milk).toBeVisible();
    const href = await milk.getAttribute('href');
    expect(href).toMatch(/^\/product\/[0-9a-f-]{36}$/);
    await milk.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(search.results).toBeHidden();
    expect(errors).toEqual([]);
  });
});

/** Holds the page's scripts until `release()`, as on a slow phone; the page is open, not yet alive. */
async function openBeforeScripts(page: Page): Promise<{ release(): void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  return { release };
}

test.describe('the header search before the page is alive', () => {
  test('text typed then gets its suggestions once it is', async ({ page }) => {
    const { release } = await openBeforeScripts(page);
    const field = page.getByRole('combobox', { name: 'Поиск товаров' });
    await field.fill('молоко');
    release();
    const results = page.getByRole('listbox', { name: 'Результаты поиска' });
    await expect(
      results
        .getByRole('option')
        .filter({ hasNotText: /^Каталог/ })
        .first(),
    ).toBeVisible();
    await expect(field).toHaveValue('молоко');
  });

  test('a field focused then suggests for what is typed once it is alive', async ({ page }) => {
    const { release } = await openBeforeScripts(page);
    const field = page.getByRole('combobox', { name: 'Поиск товаров' });
    await field.focus();
    release();
    // Alive: React has taken the field over (its fiber is on the element).
    await expect
      .poll(() => field.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber'))))
      .toBe(true);
    await field.pressSequentially('молоко');
    const results = page.getByRole('listbox', { name: 'Результаты поиска' });
    await expect(
      results
        .getByRole('option')
        .filter({ hasNotText: /^Каталог/ })
        .first(),
    ).toBeVisible();
  });
});

test.describe('the header search on a phone', () => {
  test('the field «Найти во Фреш...» suggests products that open by a tap @mobile', async ({ page }) => {
    await page.goto('/');
    const field = page.getByRole('combobox', { name: 'Поиск товаров' });
    await expect(field).toHaveCount(1);
    await expect(field).toHaveAttribute('placeholder', 'Найти во Фреш...');
    await field.fill('молоко');
    const results = page.getByRole('listbox', { name: 'Результаты поиска' });
    // A product's option (not the shop catalogues', nor 'Ищем…' while the answer is on its way: React Aria
    // renders the list's loading state as an option too), so axe sees the list with its answer.
    const milk = results.getByRole('option', { name: /^Молоко/ }).first();
    await expect(milk).toBeVisible();
    // The list fits the screen.
    const box = await boxOf(results);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
    await expectAccessibleWithListOpen(page);
    const href = await milk.getAttribute('href');
    await milk.tap();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(results).toBeHidden();
  });
});

test.describe('the header search without JavaScript', () => {
  // axe needs JavaScript in the page: the same field is checked by the journey above.
  test.use({ javaScriptEnabled: false });

  test('Enter in the field opens the results page (a plain GET form)', async ({ page }) => {
    await page.goto('/');
    const field = page.getByPlaceholder('Искать товары');
    await field.fill('молоко');
    await field.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=%D0%BC%D0%BE%D0%BB%D0%BE%D0%BA%D0%BE$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Поиск: «молоко»');
    await expect(
      page.getByRole('list', { name: 'Найденные товары' }).getByRole('article').first(),
    ).toContainText(/молоко/i);
  });
});
