import { SEARCH_DEBOUNCE_MS } from '@core/rules/search-text';
import { expect, expectAccessible, test } from './fixtures';
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
    test.slow(); // Three pages, suggestions twice and axe.
    // The page's timers run on a clock the test moves: past the debounce without waiting for it.
    await page.clock.install();
    await page.goto('/');
    const search = new SearchBox(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/search')) asked.push(request.url());
    });
    // Stop the page's time a minute ahead (past whatever it runs now); from here on only runFor moves it.
    await page.clock.pauseAt(Date.now() + 60_000);
    await search.input.fill('мо');
    // Nothing at 2 characters, even after the debounce.
    await page.clock.runFor(SEARCH_DEBOUNCE_MS * 2);
    await expect(search.results).toBeHidden();
    expect(asked).toEqual([]);
    await page.clock.resume();

    await search.input.fill('мол');
    await expect(search.option(/^Каталог: Молочная река/)).toBeVisible();
    await expect(search.results.getByRole('option')).not.toHaveCount(1);
    await expect(search.input).toHaveAttribute('aria-expanded', 'true');
    await expectAccessible(page);

    // Keyboard: the first option is the shop catalogue; Enter opens it.
    await search.input.press('ArrowDown');
    await expect(search.option(/^Каталог: Молочная река/)).toHaveAttribute('aria-selected', 'true');
    await search.input.press('Enter');
    await expect(page).toHaveURL(/\/catalog\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Молочная река' })).toBeVisible();

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
  });
});
