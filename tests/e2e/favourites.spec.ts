import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, signInByApi, test } from './fixtures';
import { actAsDistinctClient, LoginDialog } from './pages/auth';
import type { CatalogProduct } from './pages/basket';
import { Favourites, tabTo } from './pages/favourites';

test.beforeEach(async ({ context }, testInfo) => {
  await actAsDistinctClient(context, testInfo);
});

type Offered = CatalogProduct & { offer: NonNullable<CatalogProduct['offer']> };
type Named = { _id: string; slug: string; title: string };

/** Every product of the catalogue API; with `cookie`, as the shopper of that area sees it. */
async function allProducts(request: APIRequestContext, cookie?: string): Promise<CatalogProduct[]> {
  const found: CatalogProduct[] = [];
  for (let page = 1; page <= 50; page += 1) {
    const answer = await request.get(`/api/catalog/products?page=${page}`, {
      headers: cookie ? { cookie } : {},
    });
    const body = (await answer.json()) as { products: CatalogProduct[]; pages: number };
    found.push(...body.products);
    if (page >= body.pages) break;
  }
  return found;
}

/**
 * The shopper's area (the default city's first delivery zone, as the header's address popup would set it)
 * and products for the journeys: three the area sells with stock to spare, and one it does not sell.
 */
async function prepare(request: APIRequestContext, baseURL: string) {
  type City = { _id: string; default: boolean; delivery_areas: { _id: string }[] };
  const { cities } = (await (await request.get('/api/settings')).json()) as { cities: City[] };
  const city = cities.find((item) => item.default) ?? cities[0];
  const zone = city?.delivery_areas[0];
  if (!city || !zone) throw new Error('the demo data has no delivery zone');
  const cookie = { name: 'fresh_area', value: `d.${city._id}.${zone._id}`, url: baseURL };
  const inArea = await allProducts(request, `${cookie.name}=${cookie.value}`);
  const sold = inArea.filter(
    (product): product is Offered => product.offer !== null && product.offer.count >= 5,
  );
  const soldIds = new Set(inArea.map((product) => product._id));
  // Another city's product: without an address a visitor shops in one city (ADR 038), so it comes from there.
  const other = cities.find((item) => item._id !== city._id);
  if (!other) throw new Error('the demo data has one city');
  const gone = (await allProducts(request, `${cookie.name}=c.${other._id}`)).find(
    (product) => !soldIds.has(product._id),
  );
  const [first, second, third] = sold;
  if (!first || !second || !third || !gone) throw new Error('the zone sells everything, or too little');
  const [article] = ((await (await request.get('/api/articles?kind=blog')).json()) as { items: Named[] })
    .items;
  const [recipe] = ((await (await request.get('/api/recipes')).json()) as { items: Named[] }).items;
  const [store] = (await (await request.get('/api/stores')).json()) as { _id: string; name: string }[];
  if (!article || !recipe || !store) throw new Error('the demo data has no article, recipe or shop');
  return { cookie, products: [first, second, third] as const, gone, article, recipe, store };
}

type SetLine = { product: { _id: string }; count: number };
/** The customer's sets as the server has them (what the popups must end up showing). */
async function serverSets(page: Page): Promise<{ title: string; products: SetLine[] }[]> {
  const answer = await page.request.get('/api/user/me/favorites?type=category');
  return ((await answer.json()) as { favorites: { title: string; products: SetLine[] }[] }).favorites;
}

async function basketLines(page: Page): Promise<[string, number][]> {
  const basket = (await (await page.request.get('/api/user/me/basket')).json()) as Record<
    string,
    { product: { _id: string }; quantity: number }[]
  >;
  return Object.values(basket)
    .flat()
    .map((line): [string, number] => [line.product._id, line.quantity])
    .sort();
}

test.describe('favourites and sets', () => {
  test('a guest’s heart, «Добавить в набор» and «Избранное» open the login popup; /favourites shows no data', async ({
    page,
  }) => {
    test.slow();
    const favourites = new Favourites(page);
    const login = new LoginDialog(page);
    await page.goto('/catalog');
    const heart = page
      .getByRole('main')
      .getByRole('button', { name: /^В избранное: / })
      .first();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(login.dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(login.dialog).toBeHidden();
    await page
      .getByRole('main')
      .getByRole('button', { name: /^Добавить в набор: / })
      .first()
      .click();
    await expect(login.dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await favourites.headerLink.click();
    await expect(login.dialog).toBeVisible();
    await expect(page).toHaveURL(/\/catalog$/);
    await page.keyboard.press('Escape');

    await page.goto('/favourites');
    await expect(page.getByRole('heading', { name: 'Войдите, чтобы видеть избранное' })).toBeVisible();
    await expect(favourites.tabs).toHaveCount(0);
    await expectAccessible(page);
  });

  test('a product, a shop, an article and a recipe in favourites, on /favourites by tab', async ({
    page,
    request,
    baseURL,
  }) => {
    // The longest journey of the suite: five pages, four popups, the basket.
    test.setTimeout(300_000);
    const { cookie, products, gone, article, recipe, store } = await prepare(request, baseURL ?? '');
    const [milk] = products;
    const favourites = new Favourites(page);
    await page.context().addCookies([cookie]);
    await signInByApi(page, 'Ирина', '9120000301');

    // A product from its page: the heart and the badge count it.
    await page.goto(`/product/${milk.slug}`);
    await favourites.press(milk.name);
    await expect(favourites.heart(milk.name)).toHaveAttribute('aria-pressed', 'true');
    await expect(favourites.headerLink).toHaveAccessibleName('Избранное, 1');
    // One the area does not sell, from its page.
    await page.goto(`/product/${gone.slug}`);
    await favourites.press(gone.name);
    await expect(favourites.headerLink).toHaveAccessibleName('Избранное, 2');
    // A shop from the list, an article and a recipe from their pages.
    await page.goto('/shops');
    await favourites.press(store.name);
    await expect(favourites.heart(store.name)).toHaveAttribute('aria-pressed', 'true');
    await page.goto(`/blog/${article.slug}`);
    await favourites.press(article.title);
    await expect(favourites.headerLink).toHaveAccessibleName('Избранное, 4');
    await page.goto(`/recipes/${recipe.slug}`);
    await favourites.press(recipe.title);
    await expect(favourites.headerLink).toHaveAccessibleName('Избранное, 5');
    // The state survives a reload: it is the server's.
    await page.reload();
    await expect(favourites.heart(recipe.title)).toHaveAttribute('aria-pressed', 'true');

    // /favourites: Товары — the one the area sells with its price and basket control, the other says so.
    await favourites.headerLink.click();
    await expect(page).toHaveURL(/\/favourites$/);
    await expect(favourites.tab('Товары')).toHaveAttribute('aria-selected', 'true');
    await expect(favourites.panel.getByRole('link', { name: milk.name, exact: true })).toBeVisible();
    await expect(favourites.panel.getByRole('button', { name: `В корзину: ${milk.name}` })).toBeVisible();
    const goneCard = favourites.panel.getByRole('article', { name: gone.name });
    await expect(goneCard).toContainText('Не продаётся в вашем районе');
    await expect(goneCard.getByText('Похожие товары в вашем районе')).toBeVisible();
    await expectAccessible(page);
    await favourites.tab('Магазины').click();
    await expect(page).toHaveURL(/tab=stores/);
    await expect(favourites.panel.getByRole('link', { name: store.name, exact: true })).toBeVisible();
    await favourites.tab('Статьи').click();
    await expect(favourites.panel.getByRole('link', { name: article.title, exact: true })).toBeVisible();
    await expect(favourites.panel.getByRole('link', { name: recipe.title, exact: true })).toBeVisible();
    // Taking the heart back takes it off the list and the badge.
    await favourites.heart(recipe.title).click();
    await expect(favourites.panel.getByRole('link', { name: recipe.title, exact: true })).toBeHidden();
    await expect(favourites.headerLink).toHaveAccessibleName('Избранное, 4');
  });

  test('a set of three, counts, into the basket with one not sold in the area; rename, clear, delete', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const { cookie, products, gone } = await prepare(request, baseURL ?? '');
    const [milk, bread] = products;
    const favourites = new Favourites(page);
    await page.context().addCookies([cookie]);
    await signInByApi(page, 'Олег', '9120000303');

    // A set: 'Добавить в набор' on a product page; none yet; the create popup checks the title.
    await page.goto(`/product/${milk.slug}`);
    await favourites.addToSet(milk.name).click();
    // The first opening loads the popup's code, the resource route's manifest entry and the list.
    await expect(favourites.addToSetDialog.getByText('У вас нет наборов')).toBeVisible({ timeout: 15_000 });
    await expectAccessible(page);
    await favourites.addToSetDialog.getByRole('button', { name: 'Создать набор' }).click();
    const create = favourites.createSetDialog;
    await create.getByRole('button', { name: 'Создать' }).click();
    await expect(create.getByText('Обязательное поле')).toBeVisible();
    await create.getByRole('textbox', { name: 'Название набора' }).fill('я'.repeat(61));
    await create.getByRole('button', { name: 'Создать' }).click();
    await expect(create.getByText('Название набора — не длиннее 60 символов')).toBeVisible();
    await expect(create.getByRole('textbox', { name: 'Название набора' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expectAccessible(page);
    await create.getByRole('textbox', { name: 'Название набора' }).fill('На неделю');
    await create.getByRole('button', { name: 'Создать' }).click();
    // Back in the list: the new set has the product.
    await expect(favourites.setChoice('На неделю')).toHaveAttribute('aria-pressed', 'true');
    await expect(favourites.setChoice('На неделю')).toContainText('1 товар');
    await page.keyboard.press('Escape');
    await expect(favourites.addToSetDialog).toBeHidden();

    // Two more, one of them not sold in the area: the set's toggle in the popup puts each in.
    for (const product of [bread, gone]) {
      await page.goto(`/product/${product.slug}`);
      await favourites.addToSet(product.name).click();
      await favourites.setChoice('На неделю').click();
      await expect(favourites.setChoice('На неделю')).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.press('Escape');
    }
    await expect.poll(async () => (await serverSets(page))[0]?.products.length).toBe(3);

    // The set's contents: counters 1–100, then everything into the basket.
    await page.goto('/favourites?tab=sets');
    await favourites.panel.getByRole('button', { name: 'Открыть набор «На неделю»' }).click();
    const contents = favourites.setContents('На неделю');
    await expect(contents.getByRole('listitem')).toHaveCount(3);
    await expect(contents.getByRole('listitem').filter({ hasText: gone.name })).toContainText(
      'Нет в наличии в вашем районе',
    );
    await expectAccessible(page);
    const counter = (name: string) =>
      contents.getByRole('group').filter({
        has: page.getByRole('textbox', { name: `Количество: ${name}`, exact: true }),
      });
    await expect(counter(milk.name).getByRole('button', { name: 'Уменьшить' })).toBeDisabled();
    await counter(milk.name).getByRole('button', { name: 'Увеличить' }).click();
    await counter(milk.name).getByRole('button', { name: 'Увеличить' }).click();
    await contents.getByRole('textbox', { name: `Количество: ${bread.name}`, exact: true }).fill('2');
    await contents.getByRole('textbox', { name: `Количество: ${bread.name}`, exact: true }).press('Enter');
    await expect(
      contents.getByRole('textbox', { name: `Количество: ${milk.name}`, exact: true }),
    ).toHaveValue('3');
    await expect
      .poll(async () => (await serverSets(page))[0]?.products.map((line) => line.count))
      .toEqual([3, 2, 1]);
    await contents.getByRole('button', { name: 'Добавить товары в корзину' }).click();
    await expect(contents.getByRole('alert')).toHaveText(`Нет в наличии в вашем районе: ${gone.name}.`);
    expect(await basketLines(page)).toEqual(
      (
        [
          [milk._id, 3],
          [bread._id, 2],
        ] as [string, number][]
      ).sort(),
    );
    await expect(page.getByRole('banner').getByRole('link', { name: /^Корзина/ })).toHaveAccessibleName(
      'Корзина, 2',
    );

    // Remove one, rename, clear (after a question), 'Добавить товар' leads to the catalogue.
    await contents.getByRole('button', { name: `Убрать из набора: ${gone.name}` }).click();
    await expect(contents.getByRole('listitem')).toHaveCount(2);
    await contents.getByRole('button', { name: 'Переименовать' }).click();
    await favourites.renameSetDialog.getByRole('textbox', { name: 'Название набора' }).fill('Выходные');
    await favourites.renameSetDialog.getByRole('button', { name: 'Сохранить' }).click();
    const renamed = favourites.setContents('Выходные');
    await expect(renamed).toBeVisible();
    await renamed.getByRole('button', { name: 'Очистить набор' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Очистить набор «Выходные»?' });
    await expect(confirm.getByRole('button', { name: 'Отмена' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Очистить', exact: true }).click();
    await expect(renamed.getByText('В наборе нет товаров')).toBeVisible();
    await expect(renamed.getByRole('link', { name: 'Добавить товар' })).toHaveAttribute('href', '/catalog');
    await page.keyboard.press('Escape');

    // Delete the set, after a question.
    await favourites.panel.getByRole('button', { name: 'Удалить набор «Выходные»' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Удалить', exact: true }).click();
    await expect(favourites.panel.getByText('У вас нет наборов')).toBeVisible();
    expect(await serverSets(page)).toEqual([]);
  });

  test('the whole flow by keyboard alone', async ({ page, request, baseURL }) => {
    test.setTimeout(300_000);
    const { cookie, products, gone } = await prepare(request, baseURL ?? '');
    const [milk, bread] = products;
    const favourites = new Favourites(page);
    await page.context().addCookies([cookie]);
    await signInByApi(page, 'Пётр', '9120000302');

    // The heart and 'Добавить в набор' of a product page.
    await page.goto(`/product/${milk.slug}`);
    await tabTo(page, favourites.heart(milk.name));
    await page.keyboard.press('Space');
    await expect(favourites.heart(milk.name)).toHaveAttribute('aria-pressed', 'true');
    await expect(favourites.headerLink).toHaveAccessibleName('Избранное, 1');
    await tabTo(page, favourites.addToSet(milk.name));
    await page.keyboard.press('Enter');
    // The first opening loads the popup's code, the resource route's manifest entry and the list.
    await expect(favourites.addToSetDialog.getByText('У вас нет наборов')).toBeVisible({ timeout: 15_000 });
    await tabTo(page, favourites.addToSetDialog.getByRole('button', { name: 'Создать набор' }));
    await page.keyboard.press('Enter');
    const title = favourites.createSetDialog.getByRole('textbox', { name: 'Название набора' });
    await expect(title).toBeFocused();
    await page.keyboard.type('Завтраки');
    await page.keyboard.press('Enter');
    await expect(favourites.setChoice('Завтраки')).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Escape');
    await expect(favourites.addToSetDialog).toBeHidden();
    await expect(favourites.addToSet(milk.name)).toBeFocused();

    for (const product of [bread, gone]) {
      await page.goto(`/product/${product.slug}`);
      await tabTo(page, favourites.addToSet(product.name));
      await page.keyboard.press('Enter');
      await tabTo(page, favourites.setChoice('Завтраки'));
      await page.keyboard.press('Space');
      await expect(favourites.setChoice('Завтраки')).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.press('Escape');
    }
    await expect.poll(async () => (await serverSets(page))[0]?.products.length).toBe(3);

    // /favourites: the tabs, then the set.
    await page.goto('/favourites');
    await tabTo(page, favourites.tab('Товары'));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/tab=sets/);
    await tabTo(page, favourites.panel.getByRole('button', { name: 'Открыть набор «Завтраки»' }));
    await page.keyboard.press('Enter');
    const contents = favourites.setContents('Завтраки');
    await expect(contents).toBeVisible();
    const increase = contents
      .getByRole('group')
      .filter({ has: page.getByRole('textbox', { name: `Количество: ${milk.name}`, exact: true }) })
      .getByRole('button', { name: 'Увеличить' });
    await tabTo(page, increase);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await serverSets(page))[0]?.products[0]?.count).toBe(3);
    await tabTo(page, contents.getByRole('button', { name: 'Добавить товары в корзину' }));
    await page.keyboard.press('Enter');
    await expect(contents.getByRole('alert')).toHaveText(`Нет в наличии в вашем районе: ${gone.name}.`);
    expect(await basketLines(page)).toEqual(
      (
        [
          [milk._id, 3],
          [bread._id, 1],
        ] as [string, number][]
      ).sort(),
    );
    // Clear, through the confirmation: it starts on the safe answer.
    await tabTo(page, contents.getByRole('button', { name: 'Очистить набор' }), { backwards: true });
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Очистить набор «Завтраки»?' });
    await expect(confirm.getByRole('button', { name: 'Отмена' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(confirm.getByRole('button', { name: 'Очистить', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(contents.getByText('В наборе нет товаров')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(contents).toBeHidden();
    expect((await serverSets(page))[0]?.products).toEqual([]);
  });
});
