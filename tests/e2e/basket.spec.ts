import type { Page, Route } from '@playwright/test';
import { expect, expectAccessible, expectAccessibleWithoutJavaScript, test } from './fixtures';
import { actAsDistinctClient, CodeDialog, codeFromOutbox, LoginDialog, toast } from './pages/auth';
import { BasketControl, BasketPage, type CatalogProduct, findProducts } from './pages/basket';
import { Shell } from './pages/shell';

test.beforeEach(async ({ context }, testInfo) => {
  await actAsDistinctClient(context, testInfo);
});

type Offered = CatalogProduct & { offer: NonNullable<CatalogProduct['offer']> };

const isOffered = (product: CatalogProduct): product is Offered => product.offer !== null;
/** Little enough stock to press + up to it. */
const isScarce = (product: CatalogProduct): product is Offered =>
  isOffered(product) && product.offer.count >= 2 && product.offer.count <= 5;

test.describe('the basket', () => {
  test('a guest fills it from two shops, raises a line to its stock, signs in and finds it intact', async ({
    page,
  }) => {
    // A long journey: catalogue, product page, basket, login popups, basket again.
    test.slow();
    const products = await findProducts(page.request, (list) => list.some(isScarce));
    const scarce = products.find(isScarce);
    if (!scarce) throw new Error('the demo data has no product with 2–5 left');
    // The catalogue's first page (popular first) has a product of another shop.
    const fresh = products
      .slice(0, 48)
      .find((product) => isOffered(product) && product.store._id !== scarce.store._id);
    if (!fresh) throw new Error('the first catalogue page has a single shop');

    const shell = new Shell(page);
    const basketPage = new BasketPage(page);
    const basketLink = shell.header.getByRole('link', { name: /^Корзина/ }).first();

    // An empty basket says so and leads to the catalogue.
    await page.goto('/basket');
    await expect(basketPage.heading).toBeVisible();
    await expect(basketPage.empty).toBeVisible();
    await expect(page.getByRole('link', { name: 'Перейти в каталог' })).toHaveAttribute('href', '/catalog');
    await expectAccessible(page);

    // From a card of the catalogue: 'В корзину' becomes − 1 шт. +, and the badge counts the line.
    await page.goto('/catalog');
    const card = new BasketControl(
      page.locator('article', { has: page.locator(`a[href="/product/${fresh.slug}"]`) }),
      fresh.name,
    );
    await card.add.click();
    await expect(card.stepper).toContainText('1 шт.');
    await expect(card.plus).toBeFocused();
    await card.plus.click();
    await expect(card.stepper).toContainText('2 шт.');
    await expect(basketLink).toHaveAccessibleName('Корзина, 1');
    await expectAccessible(page);

    // The guest basket is kept on the device.
    await page.reload();
    await expect(card.stepper).toContainText('2 шт.');

    // From the product page of another shop's product.
    await page.goto(`/product/${scarce.slug}`);
    const buyBox = new BasketControl(page.getByRole('main'), scarce.name);
    await buyBox.add.click();
    await expect(buyBox.stepper).toContainText('1 шт.');
    await expect(basketLink).toHaveAccessibleName('Корзина, 2');
    await expectAccessible(page);

    // The basket: one group per shop's point, in the 'back' layout.
    await basketLink.click();
    await expect(page).toHaveURL(/\/basket$/);
    await expect(basketPage.groups).toHaveCount(2);
    await expect(basketPage.group(fresh.store.name)).toBeVisible();
    await expect(basketPage.group(scarce.store.name)).toBeVisible();
    await expect(basketPage.quantity(fresh.name)).toHaveValue('2');
    await expect(basketPage.quantity(scarce.name)).toHaveValue('1');
    // The points' details come from GET /api/points/list.
    const detail = (await (await page.request.get(`/api/products/${scarce.slug}`)).json()) as {
      offer: { point: string };
    };
    const [point] = (await (
      await page.request.get(`/api/points/list?points=${detail.offer.point}`)
    ).json()) as {
      name: string;
      address: string;
    }[];
    await expect(basketPage.group(scarce.store.name)).toContainText(`${point?.name}, ${point?.address}`);
    await expectAccessible(page);

    // + stops at the point's stock.
    for (let quantity = 2; quantity <= scarce.offer.count; quantity += 1) {
      await basketPage.increase(scarce.name).click();
      await expect(basketPage.quantity(scarce.name)).toHaveValue(String(quantity));
    }
    await expect(basketPage.increase(scarce.name)).toBeDisabled();
    await expect(basketPage.quantity(scarce.name)).toHaveValue(String(scarce.offer.count));

    // A guest may not check out (SPEC §6): back to the basket with the warning, the basket untouched.
    await page.goto('/order');
    await expect(toast(page, 'Необходимо авторизоваться', 'alert')).toBeVisible();
    await expect(page).toHaveURL(/\/basket$/);
    await expect(basketPage.groups).toHaveCount(2);

    // Sign in.
    await page.goto('/');
    await shell.header.getByRole('button', { name: 'Войти' }).click();
    const login = new LoginDialog(page);
    await login.name.fill('Ольга');
    await login.phone.pressSequentially('9120000031');
    await login.submit.click();
    const codeDialog = new CodeDialog(page);
    await codeDialog.code.fill(await codeFromOutbox('+79120000031'));
    await codeDialog.submit.click();
    await expect(codeDialog.dialog).toBeHidden();
    await expect(shell.header.getByRole('link', { name: 'Ольга' })).toBeVisible();

    // The guest basket now lives on the server, and the device copy is gone.
    const serverBasket = async () =>
      (await (await page.request.get('/api/user/me/basket')).json()) as Record<
        string,
        { product: { _id: string }; quantity: number }[]
      >;
    const quantityOnServer = async (productId: string) =>
      Object.values(await serverBasket())
        .flat()
        .find((item) => item.product._id === productId)?.quantity;
    await expect.poll(() => quantityOnServer(fresh._id)).toBe(2);
    expect(await quantityOnServer(scarce._id)).toBe(scarce.offer.count);
    expect(await page.evaluate(() => window.localStorage.getItem('fresh:basket'))).toBeNull();
    await expect(basketLink).toHaveAccessibleName('Корзина, 2');

    // The basket page shows the same, from the server, and changes go there.
    await basketLink.click();
    await expect(basketPage.groups).toHaveCount(2);
    await expect(basketPage.quantity(fresh.name)).toHaveValue('2');
    await expect(basketPage.quantity(scarce.name)).toHaveValue(String(scarce.offer.count));
    await expect(basketPage.increase(scarce.name)).toBeDisabled();
    await expectAccessible(page);

    await basketPage
      .group(fresh.store.name)
      .getByRole('button', { name: `Удалить из корзины: ${fresh.name}` })
      .click();
    await expect(basketPage.groups).toHaveCount(1);
    await expect.poll(() => quantityOnServer(fresh._id)).toBeUndefined();
    await page.reload();
    await expect(basketPage.groups).toHaveCount(1);
    await expect(basketPage.quantity(scarce.name)).toHaveValue(String(scarce.offer.count));
  });
});

/** Signs in through the API the popups use (the session cookie lands in the browser's context). */
async function signInByApi(page: Page, phone: string): Promise<void> {
  expect((await page.request.post('/api/user/code', { data: { name: 'Вера', phone } })).ok()).toBe(true);
  const login = await page.request.post('/api/user/login', {
    data: { phone, code: await codeFromOutbox(phone) },
  });
  expect(login.ok()).toBe(true);
}

/** What the signed-in basket holds on the server: product id → quantity. */
async function serverQuantities(page: Page): Promise<Record<string, number>> {
  const basket = (await (await page.request.get('/api/user/me/basket')).json()) as Record<
    string,
    { product: { _id: string }; quantity: number }[]
  >;
  return Object.fromEntries(
    Object.values(basket)
      .flat()
      .map((item) => [item.product._id, item.quantity]),
  );
}

test.describe('the signed-in basket (docs/decisions/043)', () => {
  test('quick clicks all count, on screen at once and on the server, never step back, and run no loader', async ({
    page,
  }) => {
    test.slow(); // A catalogue page in two tabs, the basket page, rounds of quick clicks.
    await signInByApi(page, '+79120000131');
    const products = await findProducts(page.request, () => true);
    const roomy = products
      .slice(0, 48)
      .find((product): product is Offered => isOffered(product) && product.offer.count >= 14);
    if (!roomy) throw new Error('the first catalogue page has no product with 14 left');
    const shell = new Shell(page);
    const basketLink = shell.header.getByRole('link', { name: /^Корзина/ }).first();

    await page.goto('/catalog');
    const cardScope = page.locator('article', { has: page.locator(`a[href="/product/${roomy.slug}"]`) });
    const card = new BasketControl(cardScope, roomy.name);
    // Every number the card's counter shows, in order, as the customer sees them.
    await cardScope.evaluate((element) => {
      const seen: string[] = [];
      (window as unknown as { seenQuantities: string[] }).seenQuantities = seen;
      new MutationObserver(() => {
        const text = element.querySelector('[aria-live]')?.textContent;
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(element, { subtree: true, childList: true, characterData: true });
    });
    // Every loader run from now on (a GET of React Router's data): a basket post runs none.
    const loaderRuns: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname.endsWith('.data')) {
        loaderRuns.push(request.url());
      }
    });
    // The posts are held until the test lets each go: the tab sends one at a time, each after the last
    // answer, so every answer counts the clicks before it and none after it.
    const held: Route[] = [];
    let posts = 0;
    await page.route(/\/resources\/basket(\.data)?(\?.*)?$/, (route) => {
      posts += 1;
      held.push(route);
    });
    await card.add.click();
    await expect(toast(page, 'Добавлено в корзину')).toBeVisible();
    for (let click = 0; click < 5; click += 1) await card.plus.click();
    // At once, before any answer.
    await expect(card.stepper).toContainText('6 шт.');
    await expect(basketLink).toHaveAccessibleName('Корзина, 1');
    await expect.poll(() => held.length).toBe(1);
    expect(posts).toBe(1);
    for (let answered = 0; answered < 6; answered += 1) {
      await expect.poll(() => held.length).toBe(1);
      await held.shift()?.continue();
    }
    await page.unrouteAll({ behavior: 'wait' });
    // The server has every click, and the counter never showed another number meanwhile.
    await expect.poll(async () => (await serverQuantities(page))[roomy._id]).toBe(6);
    await expect(card.stepper).toContainText('6 шт.');
    await expect(basketLink).toHaveAccessibleName('Корзина, 1');
    const seen = await page.evaluate(
      () => (window as unknown as { seenQuantities: string[] }).seenQuantities,
    );
    expect(seen).toEqual(['1 шт.', '2 шт.', '3 шт.', '4 шт.', '5 шт.', '6 шт.']);
    expect(posts).toBe(6);
    expect(loaderRuns).toEqual([]);

    // Another tab: its steps count too, and this tab shows them with its next answer.
    const other = await page.context().newPage();
    await other.goto('/catalog');
    const otherCard = new BasketControl(
      other.locator('article', { has: other.locator(`a[href="/product/${roomy.slug}"]`) }),
      roomy.name,
    );
    await expect(otherCard.stepper).toContainText('6 шт.');
    await otherCard.plus.click();
    await otherCard.plus.click();
    await expect(otherCard.stepper).toContainText('8 шт.');
    await expect.poll(async () => (await serverQuantities(page))[roomy._id]).toBe(8);
    await other.close();
    await card.plus.click();
    await expect(card.stepper).toContainText('9 шт.');
    await expect.poll(async () => (await serverQuantities(page))[roomy._id]).toBe(9);
    expect(loaderRuns).toEqual([]);

    // The basket page's counter: the same, and a step down in between.
    const basketPage = new BasketPage(page);
    await basketLink.click();
    // The first visit loads the page's code and data while the catalogue's cards are still re-rendering.
    await expect(basketPage.quantity(roomy.name)).toHaveValue('9', { timeout: 15_000 });
    const runsBefore = loaderRuns.length;
    const increase = basketPage.increase(roomy.name);
    for (let click = 0; click < 4; click += 1) await increase.click();
    await basketPage.decrease(roomy.name).click();
    await expect(basketPage.quantity(roomy.name)).toHaveValue('12');
    await expect.poll(async () => (await serverQuantities(page))[roomy._id]).toBe(12);
    expect(loaderRuns.length).toBe(runsBefore);
    await page.reload();
    await expect(basketPage.quantity(roomy.name)).toHaveValue('12');
    await expectAccessible(page);
  });
});

test.describe('the signed-in basket without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('steps a line, removes another, and removes a shop’s group after the page asks', async ({ page }) => {
    await signInByApi(page, '+79120000132');
    const products = await findProducts(page.request, (list) => list.filter(isOffered).length >= 40);
    const first = products.find(
      (product): product is Offered => isOffered(product) && product.offer.count >= 3,
    );
    const second = products.find(
      (product): product is Offered => isOffered(product) && product.store._id !== first?.store._id,
    );
    if (!first || !second) throw new Error('no two shops’ products to fill the basket with');
    for (const product of [first, second]) {
      const response = await page.request.patch('/api/user/me/basket', {
        headers: { 'x-requested-with': 'XMLHttpRequest' },
        data: { warehouse_id: product.offer.point, product_id: product._id, quantity: 1 },
      });
      expect(response.ok()).toBe(true);
    }

    const basketPage = new BasketPage(page);
    await page.goto('/basket');
    await expect(basketPage.groups).toHaveCount(2);
    const firstGroup = basketPage.group(first.store.name);
    const quantity = firstGroup.getByRole('group', { name: `Количество: ${first.name}`, exact: true });
    await expect(quantity).toContainText('1');
    await quantity.getByRole('button', { name: `Увеличить количество: ${first.name}`, exact: true }).click();
    await expect(page).toHaveURL(/\/basket$/);
    await expect(quantity).toContainText('2');
    expect((await serverQuantities(page))[first._id]).toBe(2);
    await quantity.getByRole('button', { name: `Уменьшить количество: ${first.name}`, exact: true }).click();
    await expect(quantity).toContainText('1');

    await firstGroup.getByRole('button', { name: `Удалить из корзины: ${first.name}` }).click();
    await expect(basketPage.groups).toHaveCount(1);
    expect(await serverQuantities(page)).toEqual({ [second._id]: 1 });

    const secondGroup = basketPage.group(second.store.name);
    await secondGroup.getByRole('button', { name: /^Удалить все товары: / }).click();
    const question = secondGroup.getByRole('alert');
    await expect(question).toContainText('Удалить все товары?');
    expect(await serverQuantities(page)).toEqual({ [second._id]: 1 });
    await question.getByRole('button', { name: 'Удалить', exact: true }).click();
    await expect(basketPage.empty).toBeVisible();
    expect(await serverQuantities(page)).toEqual({});
  });
});

test.describe('the basket’s and the heart’s controls without JavaScript (docs/decisions/043)', () => {
  test.use({ javaScriptEnabled: false });
  // Axe analyses a copy of the page in a second context (it cannot run in a page without scripts).
  test.slow();

  test('signed in: «В корзину», − and + and the heart post forms and come back to the page', async ({
    page,
  }) => {
    await signInByApi(page, '+79120000133');
    const products = await findProducts(page.request, () => true);
    const roomy = products
      .slice(0, 48)
      .find((product): product is Offered => isOffered(product) && product.offer.count >= 3);
    if (!roomy) throw new Error('the first catalogue page has no product with 3 left');
    await page.goto('/catalog');
    const cardScope = page.locator('article', { has: page.locator(`a[href="/product/${roomy.slug}"]`) });
    const card = new BasketControl(cardScope, roomy.name);
    await card.add.click();
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(card.stepper).toContainText('1 шт.');
    expect((await serverQuantities(page))[roomy._id]).toBe(1);
    await card.plus.click();
    await expect(card.stepper).toContainText('2 шт.');
    await card.minus.click();
    await expect(card.stepper).toContainText('1 шт.');
    expect((await serverQuantities(page))[roomy._id]).toBe(1);
    await expect(new Shell(page).header.getByRole('link', { name: /^Корзина/ }).first()).toHaveAccessibleName(
      'Корзина, 1',
    );

    const heart = cardScope.getByRole('button', { name: `В избранное: ${roomy.name}` });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    const favourites = await (await page.request.get('/api/user/me/favorites?type=product')).text();
    expect(favourites).toContain(roomy._id);
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await expectAccessibleWithoutJavaScript(page);
  });

  test('a guest: «В корзину» and the heart lead to the login page, and the basket page says why it is empty', async ({
    page,
  }) => {
    const products = await findProducts(page.request, () => true);
    const offered = products.slice(0, 48).find(isOffered);
    if (!offered) throw new Error('the first catalogue page offers nothing');
    await page.goto('/catalog');
    const cardScope = page.locator('article', { has: page.locator(`a[href="/product/${offered.slug}"]`) });
    await new BasketControl(cardScope, offered.name).add.click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcatalog$/);
    await expect(page.getByRole('heading', { name: 'Добро пожаловать' })).toBeVisible();

    await page.goto('/catalog');
    await cardScope.getByRole('button', { name: `В избранное: ${offered.name}` }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcatalog$/);

    await page.goto('/basket');
    // A <noscript> paragraph: Playwright's text and role queries skip <noscript>, a CSS locator does not.
    await expect(page.locator('p', { hasText: 'Без JavaScript корзина гостя недоступна' })).toBeVisible();
    await expect(page.getByText('Загружаем корзину…')).toBeHidden();
    await expectAccessibleWithoutJavaScript(page);
  });
});
