import { boxOf, expect, expectAccessible, signInByApi, test } from './fixtures';
import { AddressDialog } from './pages/address-dialog';
import { actAsDistinctClient, toast } from './pages/auth';

test.beforeEach(async ({ context }, testInfo) => {
  await actAsDistinctClient(context, testInfo);
});

const SAME_ORIGIN = { 'x-requested-with': 'XMLHttpRequest' };

type Saved = { _id: string; address: string; coordinates: { longitude: number; latitude: number } };

test('the cabinet adds an address through the server, moves it on the map, and says so only when saved', async ({
  page,
}) => {
  test.slow();
  await signInByApi(page, 'Лидия', '9120000103');
  await page.goto('/lk?active=delivery');
  const section = page.getByRole('region', { name: 'Адреса доставки' });
  await expect(section).toContainText('Сохранённых адресов пока нет');
  const popup = new AddressDialog(page);
  const saved = async () => (await (await page.request.get('/api/user/me/addresses')).json()) as Saved[];
  const success = toast(page, 'Адрес успешно сохранен');
  /** Closes the success toasts on screen, so the next one is known to be new. */
  const dismissSuccess = async () => {
    for (const shown of await success.all())
      await shown.getByRole('button', { name: 'Закрыть уведомление' }).click();
    await expect(success).toHaveCount(0);
  };

  // 'Добавить адрес': a new address, saved by the server before the popup says so.
  await section.getByRole('button', { name: 'Добавить адрес' }).click();
  await expect(popup.address).toHaveValue('');
  await popup.dialog.getByRole('button', { name: 'Выбрать на карте' }).click();
  await popup.dialog.getByRole('button', { name: 'Отметить центр карты' }).click();
  await expect(popup.address).toHaveValue(/^г\. Ярославль, /);
  const first = await popup.address.inputValue();
  await popup.dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(popup.dialog).toBeHidden();
  await expect(success).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveCount(1);
  await expect(section.getByRole('listitem')).toContainText(first);
  expect((await saved()).map((item) => item.address)).toEqual([first]);
  await expectAccessible(page);

  // Edit mode: the saved point is shown, and the map takes a new one (a click beside the centre).
  await section.getByRole('button', { name: `Изменить адрес: ${first}` }).click();
  await expect(popup.address).toHaveValue(first);
  await expect(popup.dialog.locator('.leaflet-marker-icon')).toHaveCount(1);
  const box = await boxOf(popup.map);
  // The map opens on the city centre, where the saved pin stands; a little to the south-east is still the
  // same zone, in another cell of the street grid (and clear of the pin's own 32×40 picture).
  await page.mouse.click(box.x + box.width / 2 + 20, box.y + box.height / 2 + 10);
  await expect(popup.address).not.toHaveValue(first);
  await expect(popup.address).toHaveValue(/^г\. Ярославль, /);
  const moved = await popup.address.inputValue();
  const before = (await saved())[0];
  await dismissSuccess();
  await popup.dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(success).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveCount(1);
  await expect(section.getByRole('listitem')).toContainText(moved);
  const after = await saved();
  expect(after).toHaveLength(1);
  expect(after[0]?._id).toBe(before?._id);
  expect(after[0]?.coordinates).not.toEqual(before?.coordinates);

  // A save the server refuses (the session ended meanwhile) stays in the popup, with its reason, no success.
  await section.getByRole('button', { name: 'Добавить адрес' }).click();
  await popup.dialog.getByRole('button', { name: 'Выбрать на карте' }).click();
  await popup.dialog.getByRole('button', { name: 'Отметить центр карты' }).click();
  await expect(popup.address).toHaveValue(/^г\. Ярославль, /);
  expect((await page.request.post('/api/user/logout', { headers: SAME_ORIGIN })).ok()).toBe(true);
  await dismissSuccess();
  await popup.dialog.getByRole('button', { name: 'Сохранить' }).click();
  // The popup decides on the answer at once: the refusal shown, and no success said with it.
  await expect(popup.dialog.getByRole('alert')).toHaveText('Необходимо авторизоваться');
  await expect(popup.dialog).toBeVisible();
  await expect(success).toHaveCount(0);
  // Behind the popup, the cabinet no longer shows the customer's data: it asks to sign in again.
  await popup.dialog.getByRole('button', { name: 'Закрыть' }).click();
  await expect(page.getByText('Сеанс завершён. Войдите, чтобы открыть личный кабинет.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Войти' })).toBeVisible();
});
