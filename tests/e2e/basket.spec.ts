import { expect, expectAccessible, test } from './fixtures';
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
