/**
 * The discount card (issue 25) as a customer meets it: the cabinet's 'Дисконтные карты' tab issues a card on
 * the first visit, shows its 13-digit number (valid by Luhn and as an EAN-13) as text and as a barcode, copies
 * it with the toast, and shows the same card on the next visit.
 */
import { isDiscountCardNumber } from '@core/rules/discount-card';
import { expect, expectAccessible, holdRequests, signInByApi, test } from './fixtures';
import { actAsDistinctClient, toast } from './pages/auth';
import { Shell } from './pages/shell';

test.beforeEach(async ({ context }, testInfo) => {
  await actAsDistinctClient(context, testInfo);
});

test('the cabinet issues a discount card, shows it as a barcode and copies its number', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInByApi(page, 'Зоя', '9120000251');
  await page.goto('/lk?active=discount');
  const card = page.getByRole('region', { name: 'Дисконтная карта «Фреш»' });
  const shown = ((await card.getByTestId('discount-number').textContent()) ?? '').replace(/\s/g, '');
  expect(isDiscountCardNumber(shown)).toBe(true);
  const barcode = card.getByRole('img', { name: `Штрихкод карты ${shown}` });
  await expect(barcode).toBeVisible();
  expect(await barcode.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(100);
  await expect(page.getByRole('region', { name: /Бонусные баллы/ })).toContainText('Баллов пока нет');
  await expectAccessible(page);

  await card.getByRole('button', { name: 'Скопировать номер' }).click();
  await expect(toast(page, 'Номер карты скопирован')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);

  await page.reload();
  const grouped = shown.replace(/(\d{4})(?=\d)/g, '$1 ');
  await expect(page.getByTestId('discount-number')).toHaveText(grouped);

  // The header's dropdown shows the same card.
  await new Shell(page).openCabinetMenu();
  await expect(page.getByTestId('menu-card-number')).toHaveText(grouped);
});

test('the header dropdown shows a guest no discount card', async ({ page }) => {
  await page.goto('/');
  await new Shell(page).openCabinetMenu();
  await expect(page.getByRole('menuitem', { name: 'Дисконтные карты' })).toBeVisible();
  await expect(page.getByText('Дисконтная карта')).toHaveCount(0);
});

test("the dropdown's items stay where they are while the card's number arrives", async ({ page }) => {
  // A line appearing above the items moved them under the pointer between a press and its release, and the
  // press was lost: 'Выйти' clicked while the number arrived did nothing.
  await signInByApi(page, 'Ян', '9120000253');
  const release = await holdRequests(page, /\/resources\/discount-card/);
  await page.goto('/');
  const menu = await new Shell(page).openCabinetMenu();
  const logout = menu.getByRole('menuitem', { name: 'Выйти' });
  await expect(logout).toBeVisible();
  await expect(page.getByTestId('menu-card-number')).toHaveCount(0);
  // Where 'Выйти' settles once the dropdown has placed itself: the same box twice running.
  const box = async () => JSON.stringify(await logout.boundingBox());
  let before = await box();
  await expect
    .poll(async () => {
      const now = await box();
      const isSettled = now === before;
      before = now;
      return isSettled;
    })
    .toBe(true);
  release();
  await expect(page.getByTestId('menu-card-number')).toHaveText(/^\d{4} \d{4} \d{4} \d$/);
  // Two frames for the dropdown to place itself again, had the number changed its size.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  expect(await box()).toBe(before);
  await expectAccessible(page);
});
