/**
 * The installable app (issue 28, ADR 050): the manifest every page links, the service worker that takes the
 * page over once it has loaded, the Russian offline page in place of a page the network cannot bring (with a
 * guest's basket as the device keeps it), and caches that never hold a page, an API answer or a resource
 * route's answer, signed in or not.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signInByApi, test } from './fixtures';
import { actAsDistinctClient } from './pages/auth';
import { BasketControl, BasketPage, type CatalogProduct, findProducts } from './pages/basket';

// The service worker is what these journeys are about (blocked elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test.beforeEach(async ({ context }, testInfo) => {
  await actAsDistinctClient(context, testInfo);
});

type Manifest = {
  name?: string;
  short_name?: string;
  description?: string;
  lang?: string;
  start_url?: string;
  scope?: string;
  display?: string;
  theme_color?: string;
  background_color?: string;
  icons?: { src: string; sizes: string; type: string; purpose?: string }[];
};

/** Waits until the service worker is active and this page is one of its clients. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
      message: 'the page is controlled by /sw.js',
      timeout: 15_000,
    })
    .toMatch(/\/sw\.js$/);
}

/** The path (and query) of every request in every cache of this origin. */
function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        paths.push(url.pathname + url.search);
      }
    }
    return paths;
  });
}

/** Chrome's reasons (error ids) why the app of the page cannot be installed; none when it can. */
async function installabilityErrors(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    return installabilityErrors.map((error) => error.errorId);
  } finally {
    await cdp.detach();
  }
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test.describe('the installable app', () => {
  // @chrome: the desktop browser, not the headless shell: only the browser answers the installability check.
  test('every page links a valid Russian manifest with its icons, and Chrome can install the app', {
    tag: '@chrome',
  }, async ({ page }) => {
    await page.goto('/');
    const themeColor = await page.locator('meta[name="theme-color"]').getAttribute('content');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');

    const answer = await page.request.get(href ?? '');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await answer.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: expect.stringContaining('Фреш'),
      short_name: 'Фреш',
      lang: 'ru',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: themeColor,
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    expect(manifest.description?.length).toBeGreaterThan(0);

    // 192 and 512 px for any use, and a maskable one: each a PNG of the size it says.
    const icons = manifest.icons ?? [];
    expect(icons.filter((icon) => icon.purpose !== 'maskable').map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    expect(icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of icons) {
      const file = await page.request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()['content-type'], icon.src).toBe('image/png');
      expect(pngSize(await file.body()), icon.src).toBe(icon.sizes);
    }

    // The worker's script: JavaScript, never immutable (an update must reach the browser).
    const worker = await page.request.get('/sw.js');
    expect(worker.headers()['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(worker.headers()['cache-control']).not.toMatch(/immutable/);

    // The service worker takes the page over after its load, on every page, push or not.
    await waitForServiceWorker(page);

    // Chrome's own installability check (what Lighthouse's installable-manifest audit asked, up to 11):
    // nothing but the journey's context being incognito, which no customer's browser window is.
    expect(await installabilityErrors(page)).toEqual(['in-incognito']);
    // The same check finds a page that links no manifest (the offline page) not installable.
    await page.goto('/offline.html');
    expect(await installabilityErrors(page)).toEqual(expect.arrayContaining(['in-incognito', 'no-manifest']));
  });

  test('offline, a page is the Russian offline page with the guest’s basket, which still changes; back online, the page', async ({
    page,
    context,
  }) => {
    const products = await findProducts(page.request, (list) => list.some((product) => product.offer));
    const product = products.find((candidate): candidate is CatalogProduct => candidate.offer !== null);
    if (!product) throw new Error('the demo data has no product on offer');

    await page.goto(`/product/${product.slug}`);
    const control = new BasketControl(page.getByRole('main'), product.name);
    await control.add.first().click();
    await expect(control.stepper.first()).toContainText('1 шт.');
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await page.goto('/catalog');
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(page).toHaveTitle('Нет соединения — Фреш');
    await expect(page.getByRole('heading', { level: 1, name: 'Нет соединения с интернетом' })).toBeVisible();
    const retry = page.getByRole('link', { name: 'Повторить' });
    await expect(retry).toHaveAttribute('href', page.url());
    const basket = page.getByRole('region', { name: 'Ваша корзина' });
    await expect(basket.getByRole('listitem')).toHaveCount(1);
    await expect(basket.getByRole('listitem')).toContainText(product.name);
    await expect(basket.getByRole('listitem')).toContainText('1 шт.');
    await expectAccessible(page);

    // The guest's basket still works offline: a line steps by keyboard, kept on the device for later.
    const more = basket.getByRole('button', { name: `Увеличить количество: ${product.name}` });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(basket.getByRole('listitem')).toContainText('2 шт.');
    await expect(more).toBeFocused();
    const remove = basket.getByRole('button', { name: `Удалить из корзины: ${product.name}` });
    await expect(remove).toBeVisible();

    // An API call offline fails: no answer of the API is kept to give instead.
    const apiOffline = await page.evaluate(() =>
      fetch('/api/catalog/products').then(
        () => 'answered',
        () => 'failed',
      ),
    );
    expect(apiOffline).toBe('failed');

    // Back online, the page that was asked for loads by itself.
    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 1, name: 'Нет соединения с интернетом' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // What changed offline is the basket the storefront shows.
    await page.goto('/basket');
    await expect(new BasketPage(page).quantity(product.name)).toHaveValue('2');
  });

  test('signed in, browsing keeps nothing personal: only the offline page and the hashed files', async ({
    page,
  }) => {
    await signInByApi(page, 'Полина', '9120000601');
    const products = await findProducts(page.request, (list) => list.some((product) => product.offer));
    const product = products.find((candidate): candidate is CatalogProduct => candidate.offer !== null);
    if (!product) throw new Error('the demo data has no product on offer');

    await page.goto('/');
    await waitForServiceWorker(page);
    // Pages, loader data (/…data), a resource route's post and the API, as a signed-in customer.
    await page.goto(`/product/${product.slug}`);
    const control = new BasketControl(page.getByRole('main'), product.name);
    await control.add.first().click();
    await expect(control.stepper.first()).toContainText('1 шт.');
    await page
      .getByRole('link', { name: /^Корзина/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/basket$/);
    await page.goto('/lk');
    await page.goto('/catalog');
    await page.evaluate(() => fetch('/api/user/me/basket').then((answer) => answer.text()));

    const paths = await cachedPaths(page);
    expect(paths).toEqual(expect.arrayContaining(['/offline.html', '/offline.js']));
    expect(paths.filter((path) => path.startsWith('/assets/')).length).toBeGreaterThan(0);
    const personal = paths.filter(
      (path) => !path.startsWith('/assets/') && path !== '/offline.html' && path !== '/offline.js',
    );
    expect(personal).toEqual([]);
  });
});
