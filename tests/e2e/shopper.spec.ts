/**
 * Issue 11, what a real shopper hits: header badges and their names, add-to-basket feedback, the maps in
 * Russian, toasts clear of dialogs, shop titles, recipes on a phone, the basket's login and the guard's
 * redirect that one 'Назад' undoes.
 */
import type { Locator, Page } from '@playwright/test';
import { axeViolations, boxOf, expect, expectAccessible, signInByApi, test } from './fixtures';
import { AddressDialog } from './pages/address-dialog';
import { actAsDistinctClient, LoginDialog, toast } from './pages/auth';
import { BasketControl, type CatalogProduct, findProducts } from './pages/basket';
import { ContentPage } from './pages/content-pages';
import { Shell } from './pages/shell';

const SAME_ORIGIN = { 'x-requested-with': 'XMLHttpRequest' };
const OUTSIDE = 'Выбранная точка находится за пределами зон доставки.';

test.beforeEach(async ({ context }, testInfo) => {
  await actAsDistinctClient(context, testInfo);
});

/** axe's checks behind issue 11 item 11, which the default WCAG run leaves out: fails on any finding. */
async function expectNamesAndOutlineInOrder(page: Page): Promise<void> {
  const violations = await axeViolations(page, {
    type: 'rule',
    values: ['label-content-name-mismatch', 'heading-order'],
  });
  const report = violations.map(
    (v) => `${v.id}: ${v.help}\n  ${v.nodes.map((node) => node.target.join(' ')).join('\n  ')}`,
  );
  expect(report, `label-content-name-mismatch and heading-order on ${page.url()}`).toEqual([]);
}

/** The visible counter bubbles of the header (hidden from screen readers; their names carry the count). */
function badges(shell: Shell): Locator {
  return shell.header.locator('span[aria-hidden="true"]').filter({ hasText: /^(\d|9\+)$/ });
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe('header badges (issue 11 item 11)', () => {
  test('a guest gets no order or cabinet badge, names that start with the text shown, and no made-up card', async ({
    page,
  }) => {
    test.slow(); // Four pages, each checked by axe.
    await page.goto('/');
    const shell = new Shell(page);
    await expect(shell.header.getByRole('link', { name: 'Заказы', exact: true })).toBeVisible();
    await expect(shell.header.getByRole('button', { name: 'Кабинет', exact: true })).toBeVisible();
    await expect(badges(shell)).toHaveCount(0);
    const menu = await shell.openCabinetMenu();
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Заказы',
      'Способы оплаты',
      'Уведомления',
      'Чат поддержки',
      'Адреса доставки',
      'Дисконтные карты',
      'Настройки',
    ]);
    await expect(page.getByText(/\d{4} \d{4} \d{4} \d{4}/)).toHaveCount(0);
    await page.keyboard.press('Escape');
    for (const path of ['/', '/catalog', `/search?q=${encodeURIComponent('сыр')}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNamesAndOutlineInOrder(page);
    }
  });

  test('a signed-in customer sees their active orders and unread notifications', async ({ page }) => {
    await signInByApi(page, 'Ирина', '9035550111');
    await page.goto('/');
    const shell = new Shell(page);
    await expect(badges(shell)).toHaveCount(0);

    await placeOnePickupOrder(page, '+7 (903) 555-01-11');

    await page.goto('/');
    await expect(shell.header.getByRole('link', { name: 'Заказы, активных: 1', exact: true })).toBeVisible();
    await expect(
      shell.header.getByRole('button', { name: 'Кабинет, непрочитанных уведомлений: 1', exact: true }),
    ).toBeVisible();
    await expect(badges(shell)).toHaveText(['1', '1']);
    await expectNamesAndOutlineInOrder(page);
    await expectAccessible(page);
  });

  test('the burger menu shows the same counts on a phone @mobile', async ({ page }) => {
    await signInByApi(page, 'Ирина', '9035550112');
    await placeOnePickupOrder(page, '+7 (903) 555-01-12');
    await page.goto('/');
    const shell = new Shell(page);
    await shell.burger.click();
    await expect(
      shell.mobileMenu.getByRole('link', { name: 'Заказы, активных: 1', exact: true }),
    ).toBeVisible();
    await expect(
      shell.mobileMenu.getByRole('link', { name: 'Уведомления, непрочитанных: 1', exact: true }),
    ).toBeVisible();
    await expectNamesAndOutlineInOrder(page);
    await expectAccessible(page);
  });
});

/** One pickup order of the signed-in customer, placed through the API the checkout uses. */
async function placeOnePickupOrder(page: Page, phone: string): Promise<void> {
  const stores = (await (await page.request.get('/api/stores')).json()) as {
    _id: string;
    min_order: number;
  }[];
  const products = await findProducts(page.request, (list) => list.some((item) => fits(item, stores)));
  const product = products.find((item) => fits(item, stores));
  if (!product?.offer) throw new Error('no product reaches its shop’s minimum order');
  const store = stores.find((item) => item._id === product.store._id);
  const quantity = Math.max(1, Math.ceil((store?.min_order ?? 0) / product.offer.price));
  const put = await page.request.patch('/api/user/me/basket', {
    headers: SAME_ORIGIN,
    data: { warehouse_id: product.offer.point, product_id: product._id, quantity },
  });
  expect(put.status()).toBe(200);
  const placed = await page.request.post('/api/orders', {
    headers: { ...SAME_ORIGIN, 'idempotency-key': crypto.randomUUID() },
    data: { orders: [{ point: product.offer.point, fulfilment: 'pickup' }], phone, payment: 'cash' },
  });
  expect(placed.status(), await placed.text()).toBe(200);
}

function fits(product: CatalogProduct, stores: readonly { _id: string; min_order: number }[]): boolean {
  const store = stores.find((item) => item._id === product.store._id);
  if (!product.offer || !store) return false;
  return Math.ceil(store.min_order / product.offer.price) <= Math.min(product.offer.count, 20);
}

test.describe('what a shopper sees (issue 11 item 10)', () => {
  test('adding to the basket says so in one short toast that closes by itself', async ({ page }) => {
    // The page's timers run on a clock the test moves: the toast's 3000 ms, without waiting for it.
    await page.clock.install();
    await page.goto('/catalog');
    const cards = page.getByRole('main').getByRole('article');
    const names = (await cards.getByRole('heading').allTextContents()).map((name) => name.trim());
    const [first, second] = names;
    if (!first || !second) throw new Error('the catalogue shows fewer than two products');
    const firstControl = new BasketControl(cards.nth(0), first);
    const secondControl = new BasketControl(cards.nth(1), second);

    // Stop the page's time a minute ahead (past whatever it runs now); from here on only runFor moves it.
    await page.clock.pauseAt(Date.now() + 60_000);
    await firstControl.add.click();
    await expect(firstControl.stepper).toContainText('1 шт.');
    const added = toast(page, 'Добавлено в корзину');
    await expect(added).toContainText(first);
    await expect(added.getByRole('link', { name: 'Перейти в корзину' })).toHaveAttribute('href', '/basket');
    await page.mouse.move(0, 0);

    // A second product replaces the toast instead of stacking another.
    await secondControl.add.click();
    await expect(added).toHaveCount(1);
    await expect(added).toContainText(second);
    await page.mouse.move(0, 0);
    await page.clock.runFor(2_500);
    await expect(added).toBeVisible();
    await page.clock.runFor(1_000);
    await expect(added).toHaveCount(0);
    await page.clock.resume();
    await expectAccessible(page);
  });

  test('product pages name the shop «в магазине «…»»', async ({ page }) => {
    const [product] = await findProducts(page.request, (list) => list.length > 0);
    if (!product) throw new Error('no products');
    await page.goto(`/product/${product.slug}`);
    await expect(page).toHaveTitle(`${product.name} — в магазине «${product.store.name}» — Фреш`);
  });

  for (const viewport of [
    { name: 'desktop', size: { width: 1280, height: 800 } },
    { name: 'phone', size: { width: 390, height: 844 } },
  ]) {
    test(`the map zooms in Russian and a toast keeps clear of the address dialog’s buttons (${viewport.name})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport.size);
      await page.goto('/');
      const shell = new Shell(page);
      const popup = new AddressDialog(page);
      await shell.header.getByRole('button', { name: 'Укажите адрес доставки' }).first().click();
      await expect(popup.dialog).toBeVisible();
      await expect(popup.dialog.getByRole('button', { name: 'Приблизить' })).toBeVisible();
      await expect(popup.dialog.getByRole('button', { name: 'Отдалить' })).toBeVisible();
      await expect(popup.dialog.getByRole('button', { name: /zoom/i })).toHaveCount(0);

      // A click outside every zone warns in a toast while the dialog stays open.
      await popup.dialog.getByRole('button', { name: 'Выбрать на карте' }).click();
      const map = await boxOf(popup.map);
      await page.mouse.click(map.x + 12, map.y + map.height - 12);
      const warning = toast(page, OUTSIDE, 'alert');
      await expect(warning).toBeVisible();
      const toastBox = await boxOf(warning);
      const buttons = popup.dialog.getByRole('button');
      for (const button of await buttons.all()) {
        const box = await button.boundingBox();
        const isToasts = await button.evaluate(
          (element) => element.closest('[aria-label="Уведомления"]') !== null,
        );
        if (!box || isToasts) continue;
        const name = (await button.getAttribute('aria-label')) ?? (await button.textContent());
        expect(overlaps(toastBox, box), `the toast covers «${name}»`).toBe(false);
      }
    });
  }

  test('every recipe fits a 390 px phone screen @mobile', async ({ page, request }) => {
    test.slow(); // Every recipe of the demo data.
    await page.setViewportSize({ width: 390, height: 844 });
    const list = (await (await request.get('/api/recipes?limit=24')).json()) as { items: { slug: string }[] };
    expect(list.items.length).toBeGreaterThan(0);
    const view = new ContentPage(page);
    for (const { slug } of list.items) {
      await page.goto(`/recipes/${slug}`);
      await expect(view.heading).toBeVisible();
      expect(await view.overflowingElements(), `/recipes/${slug}`).toEqual([]);
    }
  });
});

test.describe('the basket’s login and the guard (issue 11 item 7)', () => {
  test('a guest gets «Войти» in the basket, and one «Назад» undoes the guard’s redirect', async ({
    page,
  }) => {
    test.slow(); // A product page, the basket, the login popup and two redirects.
    // A product that reaches its shop's minimum order, so the basket offers 'Оформить заказ'.
    const stores = (await (await page.request.get('/api/stores')).json()) as {
      _id: string;
      min_order: number;
    }[];
    const products = await findProducts(page.request, (list) => list.some((item) => fits(item, stores)));
    const product = products.find((item) => fits(item, stores));
    const store = stores.find((item) => item._id === product?.store._id);
    if (!product?.offer || !store) throw new Error('no product reaches its shop’s minimum order');
    const quantity = Math.max(1, Math.ceil(store.min_order / product.offer.price));

    await page.goto(`/product/${product.slug}`);
    const control = new BasketControl(page.getByRole('main'), product.name);
    await control.add.click();
    for (let count = 1; count < quantity; count += 1) {
      await control.plus.click();
      await expect(control.stepper).toContainText(`${count + 1} шт.`);
    }

    // To the basket by the header link: a client-side navigation.
    await new Shell(page).header
      .getByRole('link', { name: /^Корзина/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/basket$/);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Войти' }).click();
    const login = new LoginDialog(page);
    await expect(login.dialog).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(login.dialog).toBeHidden();

    // 'Оформить заказ' needs a customer: a guest's is a button that opens the login popup (issue 21; signing
    // in there goes on to the checkout: checkout-per-shop.spec.ts); closed, the guest is still in the basket.
    await main.getByRole('button', { name: 'Оформить заказ' }).click();
    await expect(login.dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(login.dialog).toBeHidden();
    await expect(page).toHaveURL(/\/basket$/);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));

    // The checkout from the address bar: the server's guard sends the guest back to the basket, replacing the
    // entry, so one «Назад» goes back to the product.
    await page.goto('/order');
    await expect(page).toHaveURL(/\/basket$/);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));
  });
});
