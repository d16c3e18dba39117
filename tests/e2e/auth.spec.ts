import sharp from 'sharp';
import { expect, expectAccessible, expectFocusVisible, test } from './fixtures';
import {
  actAsDistinctClient,
  CabinetPage,
  CodeDialog,
  codeFromOutbox,
  LoginDialog,
  ProfileDialog,
  smsCount,
  toast,
} from './pages/auth';
import { findProducts } from './pages/basket';
import { Shell } from './pages/shell';

test.beforeEach(async ({ context }, testInfo) => {
  await actAsDistinctClient(context, testInfo);
});

test.describe('login by phone and SMS code', () => {
  test('a guest signs in through both popups, uses the cabinet, edits the profile and logs out', async ({
    page,
  }) => {
    // One long journey through four popups and two pages.
    test.slow();
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) cspViolations.push(message.text());
    });

    const response = await page.goto('/');
    // Security headers on the page, and the CSP nonce on every script React Router rendered.
    const headers = response?.headers() ?? {};
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const nonce = /'nonce-([^']+)'/.exec(headers['content-security-policy'] ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const scriptNonces = await page
      .locator('script')
      .evaluateAll((scripts) => scripts.map((script) => (script as HTMLScriptElement).nonce));
    expect(scriptNonces.length).toBeGreaterThan(0);
    expect(new Set(scriptNonces)).toEqual(new Set([nonce]));

    const shell = new Shell(page);
    const login = new LoginDialog(page);
    const codeDialog = new CodeDialog(page);

    await shell.header.getByRole('button', { name: 'Войти' }).click();
    await expect(login.dialog).toBeVisible();
    await expect(login.name).toBeFocused();
    await expectAccessible(page);

    // Empty fields: the contract's messages under the fields and the code-request toast (SPEC §8).
    await login.submit.click();
    await expect(login.dialog.getByText('Обязательное поле')).toHaveCount(2);
    await expect(toast(page, 'Заполните обязательные поля', 'alert')).toBeVisible();
    await expect(login.name).toHaveAttribute('aria-invalid', 'true');

    await login.name.fill('  Анна   Тестова ');
    await login.phone.pressSequentially('912000001');
    await expect(login.phone).toHaveValue('+7 (912) 000-00-1');
    await expect(login.dialog.getByText('Введите существующий номер телефона')).toBeVisible();
    await login.phone.pressSequentially('5');
    await expect(login.phone).toHaveValue('+7 (912) 000-00-15');
    await expect(login.dialog.getByText('Введите существующий номер телефона')).toBeHidden();
    await login.submit.click();

    // The code popup replaces the login popup, with the 15-second resend timer running.
    await expect(codeDialog.dialog).toBeVisible();
    await expect(login.dialog).toBeHidden();
    await expect(codeDialog.dialog).toContainText('+7 (912) 000-00-15');
    await expect(codeDialog.resend).toBeDisabled();
    await expect(codeDialog.resend).toHaveText(/через 1?\d с$/);
    await expect(codeDialog.code).toBeFocused();
    await expectAccessible(page);

    const code = await codeFromOutbox('+79120000015');
    const wrongCode = String((Number(code) + 1) % 10_000).padStart(4, '0');
    await codeDialog.code.fill(wrongCode);
    await codeDialog.submit.click();
    // The warning toast shows inside the dialog (its ToastOutlet), and the field says it too.
    await expect(codeDialog.dialog.getByRole('region', { name: 'Уведомления' })).toContainText(
      'Неверный код',
    );
    await expect(toast(page, 'Неверный код', 'alert')).toBeVisible();
    await expect(codeDialog.code).toHaveAccessibleDescription('Неверный код');
    await expect(codeDialog.code).toHaveAttribute('aria-invalid', 'true');

    await codeDialog.code.fill(code);
    await codeDialog.submit.click();
    await expect(codeDialog.dialog).toBeHidden();

    // Signed in: the header shows the customer instead of 'Войти'.
    const chip = shell.header.getByRole('link', { name: 'Анна Тестова' });
    await expect(chip).toBeVisible();
    await expect(shell.header.getByRole('button', { name: 'Войти' })).toHaveCount(0);

    await chip.click();
    await expect(page).toHaveURL(/\/lk$/);
    const cabinet = new CabinetPage(page);
    await expect(cabinet.heading).toBeVisible();
    await expect(cabinet.tabs).toHaveText([
      'Заказы',
      'Способы оплаты',
      'Уведомления',
      'Чат поддержки',
      'Адреса доставки',
      'Дисконтные карты',
    ]);
    await expect(cabinet.tabs.first()).toHaveAttribute('aria-selected', 'true');
    await expect(cabinet.panel).toContainText('Заказов пока нет');
    await cabinet.tabs.filter({ hasText: 'Чат поддержки' }).click();
    await expect(page).toHaveURL(/\/lk\?active=chat$/);
    await expect(cabinet.tabs.filter({ hasText: 'Чат поддержки' })).toHaveAttribute('aria-selected', 'true');
    await expect(cabinet.panel.getByRole('heading', { name: 'Чат поддержки' })).toBeVisible();
    // By keyboard the arrows go from tab to tab, and the one reached shows it.
    await cabinet.tabs.filter({ hasText: 'Чат поддержки' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expectFocusVisible(cabinet.tabs.filter({ hasText: 'Уведомления' }));
    await expect(cabinet.profile).toContainText('+7 (912) 000-00-15');
    await expectAccessible(page);
    // Pages with the customer's data are never kept by shared caches.
    expect((await page.request.get('/lk')).headers()['cache-control']).toBe('private, no-store');

    // Profile settings: the checks, a picture, a new name and email.
    await cabinet.profile.getByRole('button', { name: 'Настройки профиля' }).click();
    const profile = new ProfileDialog(page);
    await expect(profile.dialog).toBeVisible();
    await expect(profile.field('Имя')).toHaveValue('Анна Тестова');
    await expect(profile.field('Телефон')).toHaveValue('+7 (912) 000-00-15');
    await expect(profile.field('Электронная почта')).toHaveAccessibleDescription('Для уведомлений');
    await expectAccessible(page);

    await profile.save.click();
    await expect(profile.dialog.getByText('Обязательное поле')).toBeVisible();
    await profile.field('Электронная почта').fill('anna@');
    await profile.save.click();
    await expect(profile.dialog.getByText('Введите существующую почту')).toBeVisible();

    const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#ffb347' } })
      .png()
      .toBuffer();
    await profile.fileInput.setInputFiles({ name: 'я на даче.png', mimeType: 'image/png', buffer: picture });
    const preview = profile.dialog.locator('img');
    await expect(preview).toHaveAttribute('src', /^\/uploads\/avatars\/[0-9a-f-]+\.webp$/);
    await expect(profile.dialog.getByRole('button', { name: 'Изменить фото' })).toBeVisible();

    await profile.field('Имя').fill('Анна Петрова');
    await profile.field('Электронная почта').fill('anna@example.ru');
    await profile.save.click();
    const saved = toast(page, 'Данные успешно обновлены');
    await expect(saved).toBeVisible();
    await expect(profile.dialog).toBeHidden();
    await saved.getByRole('button', { name: 'Закрыть уведомление' }).click();
    await expect(saved).toHaveCount(0);
    const renamed = shell.header.getByRole('link', { name: 'Анна Петрова' });
    await expect(renamed).toBeVisible();
    await expect(renamed.locator('img')).toHaveAttribute('src', /\/uploads\/avatars\/.+\.webp$/);
    await expect(cabinet.profile).toContainText('anna@example.ru');

    // A new phone number needs the code sent to it.
    await cabinet.profile.getByRole('button', { name: 'Настройки профиля' }).click();
    await profile.field('Телефон').fill('');
    await profile.field('Телефон').pressSequentially('9120000016');
    await profile.save.click();
    await expect(
      profile.dialog.getByText('Подтвердите новый номер: получите код и введите его'),
    ).toBeVisible();
    await profile.dialog.getByRole('button', { name: 'Получить код' }).click();
    await profile.field('Код из SMS').fill(await codeFromOutbox('+79120000016'));
    await profile.save.click();
    await expect(toast(page, 'Данные успешно обновлены')).toBeVisible();
    await expect(cabinet.profile).toContainText('+7 (912) 000-00-16');

    // Logging out on the cabinet page ends the session and leaves the cabinet (SPEC §6).
    const menu = await shell.openCabinetMenu();
    await menu.getByRole('menuitem', { name: 'Выйти' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(shell.header.getByRole('button', { name: 'Войти' })).toBeVisible();
    expect((await page.request.get('/api/user/me')).status()).toBe(401);
    await page.goto('/lk?active=orders');
    await expect(page).toHaveURL(/\/$/);

    expect(cspViolations).toEqual([]);
  });

  test('the resend timer counts 15 seconds, restarts on resend and on opening', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const shell = new Shell(page);
    // The popups load on demand (on hover or focus of 'Войти'); let them arrive before time stops.
    const loaded = ['code-dialog', 'login-dialog', 'profile-settings-dialog'].map((name) =>
      page.waitForResponse((response) => new RegExp(`/assets/${name}-[^/]+\\.js$`).test(response.url())),
    );
    await shell.header.getByRole('button', { name: 'Войти' }).hover();
    await Promise.all(loaded);
    // Time stands still in the page from here on, and moves only when the test says so.
    await page.clock.pauseAt(Date.now() + 60_000);
    const login = new LoginDialog(page);
    const codeDialog = new CodeDialog(page);

    await shell.header.getByRole('button', { name: 'Войти' }).click();
    await login.name.fill('Борис');
    await login.phone.pressSequentially('89120000017');
    await expect(login.phone).toHaveValue('+7 (912) 000-00-17');
    const answered = page.waitForResponse((response) => response.url().endsWith('/login.data'));
    await login.submit.click();
    const firstAnswer = await answered;
    const codeAnswer = { headers: firstAnswer.headers(), body: await firstAnswer.body() };
    await expect(codeDialog.resend).toHaveText('Отправить код повторно через 15 с');
    await expect(codeDialog.resend).toBeDisabled();
    await codeFromOutbox('+79120000017');

    await page.clock.runFor(14_000);
    await expect(codeDialog.resend).toHaveText('Отправить код повторно через 1 с');
    await expect(codeDialog.resend).toBeDisabled();
    await page.clock.runFor(1_000);
    await expect(codeDialog.resend).toHaveText('Отправить код повторно');
    await expect(codeDialog.resend).toBeEnabled();

    // The browser's clock is fake but the server's is not: answer the resend here (with the answer the
    // server gave the first request) and check what was sent.
    const sent: Record<string, string>[] = [];
    await page.route('**/login.data', async (route) => {
      sent.push(Object.fromEntries(new URLSearchParams(route.request().postData() ?? '')));
      await route.fulfill({ status: 200, headers: codeAnswer.headers, body: codeAnswer.body });
    });
    await codeDialog.resend.click();
    await expect(codeDialog.resend).toHaveText('Отправить код повторно через 15 с');
    await expect(codeDialog.resend).toBeDisabled();
    // SPEC §5: digits only, the leading 7 changed to 8.
    expect(sent).toEqual([{ intent: 'code', name: 'Борис', phone: '89120000017' }]);

    await page.clock.runFor(14_000);
    await expect(codeDialog.resend).toHaveText('Отправить код повторно через 1 с');
    await page.clock.runFor(1_000);
    await expect(codeDialog.resend).toBeEnabled();
    // Back to the number: the fields start empty; sending again opens the code popup with a fresh timer.
    await codeDialog.changeNumber.click();
    await expect(login.dialog).toBeVisible();
    await expect(login.name).toHaveValue('');
    await expect(login.phone).toHaveValue('');
    await login.name.fill('Борис');
    await login.phone.pressSequentially('9120000017');
    await login.submit.click();
    await expect(codeDialog.code).toHaveValue('');
    await expect(codeDialog.resend).toHaveText('Отправить код повторно через 15 с');
    expect(sent).toHaveLength(2);
    expect(await smsCount('+79120000017')).toBe(1);
  });
});

test('logging out on any other page stays there as a guest, with this device’s basket, not the account’s', async ({
  page,
}) => {
  const phone = '+79120000024';
  expect((await page.request.post('/api/user/code', { data: { name: 'Жанна', phone } })).ok()).toBe(true);
  const login = await page.request.post('/api/user/login', {
    data: { phone, code: await codeFromOutbox(phone) },
  });
  expect(login.ok()).toBe(true);
  const [product] = (await findProducts(page.request, (list) => list.some((item) => item.offer))).filter(
    (item) => item.offer,
  );
  if (!product?.offer) throw new Error('no product on offer');
  const put = await page.request.patch('/api/user/me/basket', {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    data: { warehouse_id: product.offer.point, product_id: product._id, quantity: 1 },
  });
  expect(put.ok()).toBe(true);

  await page.goto('/catalog?page=2');
  const shell = new Shell(page);
  const basketLink = shell.header.getByRole('link', { name: /^Корзина/ }).first();
  await expect(basketLink).toHaveAccessibleName('Корзина, 1');
  const menu = await shell.openCabinetMenu();
  await menu.getByRole('menuitem', { name: 'Выйти' }).click();
  await expect(shell.header.getByRole('button', { name: 'Войти' })).toBeVisible();
  await expect(page).toHaveURL(/\/catalog\?page=2$/);
  // The guest's basket is this device's (empty), not the account's copied over (SPEC §4).
  await expect(basketLink).toHaveAccessibleName('Корзина');
  expect(await page.evaluate(() => window.localStorage.getItem('fresh:basket') ?? '{}')).toBe('{}');
  await page.reload();
  await expect(basketLink).toHaveAccessibleName('Корзина');
  expect((await page.request.get('/api/user/me')).status()).toBe(401);
});

test.describe('on a phone', () => {
  test('a customer signs in from the burger menu and logs out there @mobile', async ({ page }) => {
    test.skip((page.viewportSize()?.width ?? 0) >= 1024, 'the burger menu exists below the lg breakpoint');
    await page.goto('/');
    const shell = new Shell(page);
    const login = new LoginDialog(page);
    const codeDialog = new CodeDialog(page);

    await shell.burger.click();
    await shell.mobileMenu.getByRole('button', { name: 'Войти' }).click();
    await expect(login.dialog).toBeVisible();
    await login.name.fill('Вера');
    await login.phone.pressSequentially('9120000018');
    await login.submit.click();
    await expect(codeDialog.dialog).toBeVisible();
    await expectAccessible(page);
    await codeDialog.code.fill(await codeFromOutbox('+79120000018'));
    await codeDialog.submit.click();
    await expect(codeDialog.dialog).toBeHidden();

    // The compact header shows the customer's initials, leading to the cabinet.
    const chip = shell.header.getByRole('link', { name: 'Вера' });
    await expect(chip).toBeVisible();
    await expect(shell.header.getByRole('button', { name: 'Войти' })).toHaveCount(0);
    await chip.click();
    await expect(new CabinetPage(page).heading).toBeVisible();
    await expectAccessible(page);

    await shell.burger.click();
    await shell.mobileMenu.getByRole('button', { name: 'Выйти' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(shell.header.getByRole('button', { name: 'Войти' })).toBeVisible();
  });
});

test.describe('without JavaScript', () => {
  // axe needs JavaScript in the page: the login page is checked by the journey with JavaScript below.
  test.use({ javaScriptEnabled: false });

  test('a customer signs in on the login page and comes back to the page they were on', async ({ page }) => {
    await page.goto('/catalog');
    const shell = new Shell(page);
    // 'Войти' is a form underneath: without JavaScript it leads to the login page.
    await shell.header.getByRole('button', { name: 'Войти' }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcatalog$/);
    const form = page.getByRole('region', { name: 'Добро пожаловать' });
    await expect(form).toBeVisible();

    // The server's contract answers an empty form, field by field, with the page rendered anew.
    await form.getByRole('button', { name: 'Получить код' }).click();
    await expect(form.getByText('Обязательное поле')).toHaveCount(2);
    await expect(form.getByRole('textbox', { name: 'Имя' })).toHaveAttribute('aria-invalid', 'true');

    await form.getByRole('textbox', { name: 'Имя' }).fill('Глеб');
    // No mask without JavaScript: the contract reads the number as typed.
    await form.getByRole('textbox', { name: 'Телефон' }).fill('8 912 000-00-21');
    await form.getByRole('button', { name: 'Получить код' }).click();

    const codeStep = page.getByRole('region', { name: 'Введите код' });
    await expect(codeStep).toContainText('+7 (912) 000-00-21');
    const code = await codeFromOutbox('+79120000021');
    const wrongCode = String((Number(code) + 1) % 10_000).padStart(4, '0');
    await codeStep.getByRole('textbox', { name: 'Код из SMS' }).fill(wrongCode);
    await codeStep.getByRole('button', { name: 'Войти', exact: true }).click();
    await expect(codeStep.getByRole('textbox', { name: 'Код из SMS' })).toHaveAccessibleDescription(
      'Неверный код',
    );

    await codeStep.getByRole('textbox', { name: 'Код из SMS' }).fill(code);
    await codeStep.getByRole('button', { name: 'Войти', exact: true }).click();
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(shell.header.getByRole('link', { name: 'Глеб' })).toBeVisible();
    await expect(shell.header.getByRole('button', { name: 'Войти' })).toHaveCount(0);
    expect((await page.request.get('/api/user/me')).status()).toBe(200);
  });

  test('a customer logs out in the cabinet: the session ends and the guest rule sends them home', async ({
    page,
  }) => {
    // Signed in through the API from this browser: the session cookie is the page's too.
    const phone = '+79120000023';
    const sent = await page.request.post('/api/user/code', { data: { name: 'Ефим', phone } });
    expect(sent.ok()).toBe(true);
    const login = await page.request.post('/api/user/login', {
      data: { phone, code: await codeFromOutbox(phone) },
    });
    expect(login.ok()).toBe(true);
    const { token } = (await login.json()) as { token: string };

    await page.goto('/lk?active=delivery');
    const cabinet = new CabinetPage(page);
    await expect(cabinet.heading).toBeVisible();
    // 'Выйти' is a plain form post: the cabinet page it comes back to sends the guest home (SPEC §6).
    await cabinet.profile.getByRole('button', { name: 'Выйти' }).click();
    await expect(page).toHaveURL(/\/$/);
    const shell = new Shell(page);
    await expect(shell.header.getByRole('button', { name: 'Войти' })).toBeVisible();
    await expect(shell.header.getByRole('link', { name: 'Ефим' })).toHaveCount(0);
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('fresh_session');
    // The session is over on the server, not only forgotten by this browser.
    const me = await page.request.get('/api/user/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
    await page.goto('/lk');
    await expect(page).toHaveURL(/\/$/);
  });
});

test('the login page works with JavaScript as the popups do, then goes where it was asked to', async ({
  page,
}) => {
  await page.goto('/login?redirectTo=%2Fbasket');
  const form = page.getByRole('region', { name: 'Добро пожаловать' });
  await expect(form.getByRole('textbox', { name: 'Имя' })).toBeVisible();
  await expectAccessible(page);
  await form.getByRole('textbox', { name: 'Имя' }).fill('Дина');
  await form.getByRole('textbox', { name: 'Телефон' }).pressSequentially('9120000022');
  await expect(form.getByRole('textbox', { name: 'Телефон' })).toHaveValue('+7 (912) 000-00-22');
  await form.getByRole('button', { name: 'Получить код' }).click();
  const codeStep = page.getByRole('region', { name: 'Введите код' });
  await expect(codeStep.getByRole('button', { name: /^Отправить код повторно через/ })).toBeDisabled();
  await expectAccessible(page);
  await codeStep.getByRole('textbox', { name: 'Код из SMS' }).fill(await codeFromOutbox('+79120000022'));
  await codeStep.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page).toHaveURL(/\/basket$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Корзина' })).toBeVisible();
  // Signed in: the basket no longer asks to log in.
  await expect(page.getByRole('heading', { name: 'Войдите, чтобы оформить заказ' })).toHaveCount(0);
});

test.describe('guest guards (SPEC §6)', () => {
  test('a guest on an order path is sent to the basket with a warning', async ({ page, request }) => {
    const answer = await request.get('/order/A-1024', { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toBe('/basket');
    expect(answer.headers()['set-cookie']).toMatch(/fresh_flash=auth-required/);

    await page.goto('/order');
    await expect(page).toHaveURL(/\/basket$/);
    await expect(toast(page, 'Необходимо авторизоваться', 'alert')).toBeVisible();
    await expectAccessible(page);

    // The warning is shown once: it does not come back on the next page.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(toast(page, 'Необходимо авторизоваться', 'alert')).toHaveCount(0);
  });

  test('a guest in the cabinet is sent home', async ({ page, request }) => {
    const answer = await request.get('/lk?active=chat', { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toBe('/');

    await page.goto('/lk?active=payment');
    await expect(page).toHaveURL(/\/$/);
    await expect(new CabinetPage(page).heading).toHaveCount(0);
  });

  test('pages that only contain the letters are not guarded', async ({ request }) => {
    for (const path of ['/recipes', '/blog']) {
      const answer = await request.get(path, { maxRedirects: 0 });
      expect(answer.status(), path).toBe(200);
    }
  });
});
