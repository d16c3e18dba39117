import { SiteSettingsSchema } from '@core/contracts/content';
import { toMoscow } from '@core/rules/date';
import { boxOf, expect, expectAccessible, holdRequests, test } from './fixtures';
import { NotFoundPage } from './pages/not-found-page';
import { Shell } from './pages/shell';

/** How the shell turns a settings slug into an href (SPEC §2): external as is, inside the site with a slash. */
function expectedHref(slug: string): string {
  if (slug.includes('http')) return slug;
  return slug.startsWith('/') ? slug : `/${slug}`;
}

test.describe('storefront shell', () => {
  test('home shows the header and footer exactly as the site settings say', async ({ page, request }) => {
    const response = await request.get('/api/settings');
    expect(response.ok()).toBe(true);
    const settings = SiteSettingsSchema.parse(await response.json());
    const headerPages = settings.header.flatMap((group) => group.pages);
    expect(headerPages.length, 'the demo settings have header links').toBeGreaterThan(0);
    expect(settings.footer.length, 'the demo settings have footer groups').toBeGreaterThan(0);

    await page.goto('/');
    const shell = new Shell(page);
    await expect(shell.header.getByRole('link', { name: /^Фреш/ })).toHaveAttribute('href', '/');

    // Header navigation: every settings entry, in order, with the right kind of link.
    const navLinks = shell.headerNavigation.getByRole('link');
    await expect(navLinks).toHaveText(headerPages.map((p) => p.label));
    for (const [index, entry] of headerPages.entries()) {
      const link = navLinks.nth(index);
      await expect(link).toHaveAttribute('href', expectedHref(entry.slug));
      if (entry.slug.includes('http')) {
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      }
    }

    // The two fixed links to the seller site.
    const register = shell.header.getByRole('link', { name: 'Стать продавцом' });
    await expect(register).toHaveAttribute('href', /^https?:\/\/.+\/register$/);
    await expect(register).toHaveAttribute('target', '_blank');
    await expect(shell.header.getByRole('link', { name: 'Для юр. лиц' })).toHaveAttribute(
      'href',
      /^https?:\/\/.+\/business$/,
    );

    // Header controls of SPEC §2.
    await expect(shell.header.getByRole('radio', { name: 'Доставка' })).toBeChecked();
    await expect(shell.header.getByRole('radio', { name: 'Самовывоз' })).not.toBeChecked();
    await expect(shell.header.getByRole('button', { name: 'Укажите адрес доставки' })).toBeVisible();
    await expect(shell.catalogButton).toHaveText('Каталог');
    await expect(shell.catalogButton).toHaveAttribute('href', '/catalog');
    await expect(page.getByPlaceholder('Искать товары')).toBeVisible();
    await expect(shell.header.getByRole('link', { name: /^Избранное/ })).toHaveAttribute(
      'href',
      '/favourites',
    );
    await expect(shell.header.getByRole('link', { name: /^Корзина/ })).toHaveAttribute('href', '/basket');
    await expect(shell.header.getByRole('button', { name: 'Войти' })).toBeVisible();

    // Footer groups: names and pages in order; the sellers group starts with 'Стать продавцом'.
    for (const group of settings.footer) {
      const nav = shell.footerGroup(group.name);
      await expect(nav.getByRole('heading', { name: group.name })).toBeVisible();
      const labels = group.pages.map((p) => p.label);
      await expect(nav.getByRole('link')).toHaveText(
        group.key === 'sellers' ? ['Стать продавцом', ...labels] : labels,
      );
      if (group.key === 'sellers') {
        await expect(nav.getByRole('link').first()).toHaveAttribute('href', /\/register$/);
      }
      // Each leads where its slug says: a cabinet link to its own tab, not to the chat (issue 21).
      for (const link of group.pages) {
        await expect(nav.getByRole('link', { name: link.label, exact: true })).toHaveAttribute(
          'href',
          expectedHref(link.slug),
        );
      }
    }
    expect(
      settings.footer.some((group) => group.key === 'sellers'),
      'a sellers group exists',
    ).toBe(true);

    // Socials, copyright and privacy.
    if (settings.socials.tg) {
      await expect(shell.footer.getByRole('link', { name: 'Мы в Telegram' })).toHaveAttribute(
        'href',
        settings.socials.tg,
      );
    }
    if (settings.socials.vk) {
      await expect(shell.footer.getByRole('link', { name: 'Мы во ВКонтакте' })).toHaveAttribute(
        'href',
        settings.socials.vk,
      );
    }
    await expect(shell.footer).toContainText(`© ${toMoscow(new Date()).year} Фреш`);
    await expect(shell.footer.getByRole('link', { name: 'Политика конфиденциальности' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );

    await expect(page).toHaveTitle('Фреш — продукты с доставкой');
    await expectAccessible(page);
  });

  test('an unknown path answers 404 with the way back to the catalogue and home', async ({ page }) => {
    const response = await page.goto('/no-such-page-here');
    expect(response?.status()).toBe(404);
    const notFound = new NotFoundPage(page);
    await expect(notFound.heading).toBeVisible();
    await expect(page).toHaveTitle('Страница не найдена');
    // Rendered inside the default layout.
    const shell = new Shell(page);
    await expect(shell.header).toBeVisible();
    await expect(shell.footer).toContainText(`© ${toMoscow(new Date()).year} Фреш`);
    await expectAccessible(page);

    await notFound.toCatalog.click();
    await expect(page).toHaveURL(/\/catalog$/);

    await page.goto('/another/missing/page');
    await notFound.toHome.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Свежие продукты');
  });

  test('the burger menu opens and closes after a navigation or a tab change @mobile', async ({ page }) => {
    test.skip((page.viewportSize()?.width ?? 0) >= 1024, 'the burger menu exists below the lg breakpoint');
    await page.goto('/');
    const shell = new Shell(page);
    await expect(page.getByPlaceholder('Найти во Фреш...')).toBeVisible();
    await expect(shell.burger).toHaveAttribute('aria-expanded', 'false');

    await shell.burger.click();
    await expect(shell.mobileMenu).toBeVisible();
    await expect(shell.mobileMenu.getByRole('radio', { name: 'Доставка' })).toBeChecked();
    await expect(shell.mobileMenu.getByRole('link', { name: 'Стать продавцом' })).toBeVisible();
    await expectAccessible(page);

    await shell.mobileMenu.getByRole('link', { name: 'Каталог товаров' }).click();
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(shell.mobileMenu).toBeHidden();
    await expect(shell.burger).toHaveAttribute('aria-expanded', 'false');

    await shell.burger.click();
    await expect(shell.mobileMenu).toBeVisible();
    await shell.switchTabAway();
    await expect(shell.mobileMenu).toBeHidden();
  });

  test('a guest following a cabinet link gets the login popup, Escape closes it', async ({ page }) => {
    await page.goto('/');
    const shell = new Shell(page);

    await shell.header.getByRole('link', { name: /^Заказы/ }).click();
    await expect(shell.loginDialog).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(shell.loginDialog).toBeHidden();

    // The cabinet dropdown's sections do the same for a guest.
    const menu = await shell.openCabinetMenu();
    await menu.getByRole('menuitem', { name: 'Способы оплаты' }).click();
    await expect(shell.loginDialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(shell.loginDialog).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the cabinet dropdown opens when its code arrives between the press and the release', async ({
    page,
  }) => {
    // The header's light 'Кабинет' gives way to the dropdown's own button when the code arrives. Arriving
    // mid-press, the release ended on the new button, which took no press it had not seen begin, and the
    // light button's click never came: the menu stayed shut.
    const release = await holdRequests(page, /\/assets\/cabinet-menu-popup-[^/]+\.js$/);
    await page.goto('/');
    const shell = new Shell(page);
    const button = shell.cabinetButton;
    const box = await boxOf(button);
    const arrived = page.waitForResponse(/\/assets\/cabinet-menu-popup-[^/]+\.js$/);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    release();
    await arrived;
    // The dropdown's own button is in place (react-aria's components mark their elements).
    await expect(button).toHaveAttribute('data-rac', '');
    await page.mouse.up();
    await expect(shell.cabinetMenu).toBeVisible();
    await expect(shell.cabinetMenu.getByRole('menuitem', { name: 'Заказы' })).toBeVisible();
  });
});
