import type { Page } from '@playwright/test';
import { boxOf, expect, expectAccessible, test } from './fixtures';
import { AddressDialog } from './pages/address-dialog';
import { Shell } from './pages/shell';

const OUTSIDE = 'Выбранная точка находится за пределами зон доставки.';

async function catalogueTotal(page: Page): Promise<number> {
  await page.goto('/catalog');
  const text = await page
    .getByRole('main')
    .getByText(/^\d+\s(товар|товара|товаров)$/)
    .textContent();
  return Number((text ?? '').replace(/\D/g, ''));
}

async function pickupPointsOf(page: Page, storeName: string): Promise<{ name: string }[]> {
  const stores = (await (await page.request.get('/api/stores')).json()) as { _id: string; name: string }[];
  const store = stores.find((item) => item.name === storeName);
  if (!store) throw new Error(`no shop ${storeName}`);
  const points = (await (await page.request.get(`/api/store/${store._id}/points`)).json()) as {
    name: string;
    is_pickup: boolean;
  }[];
  return points.filter((point) => point.is_pickup);
}

test.describe('delivery address and pickup', () => {
  test('a guest picks a point inside a zone, saves it, and sees the district assortment', async ({
    page,
  }) => {
    const everything = await catalogueTotal(page);
    const shell = new Shell(page);
    const popup = new AddressDialog(page);

    await shell.header.getByRole('button', { name: 'Укажите адрес доставки' }).click();
    await expect(popup.dialog).toBeVisible();
    await expect(popup.dialog).toContainText('Ассортимент в Вашем районе может отличаться');
    await expect(popup.city).toHaveValue(/.+/);
    await expect(popup.city.locator('option:checked')).toHaveText('Ярославль');
    await expect(popup.dialog.locator('.leaflet-interactive')).not.toHaveCount(0);
    await expectAccessible(page);

    // Clicking before choose-on-map mode does nothing; then a click far outside every zone only warns.
    await popup.dialog.getByRole('button', { name: 'Выбрать на карте' }).click();
    const box = await boxOf(popup.map);
    await page.mouse.click(box.x + 12, box.y + box.height - 12);
    await expect(popup.dialog.getByRole('alert')).toHaveText(OUTSIDE);
    await expect(popup.dialog.getByRole('button', { name: 'Сохранить' })).toHaveCount(0);

    // The city centre lies in a zone: mark it with the keyboard-friendly button.
    await popup.dialog.getByRole('button', { name: 'Отметить центр карты' }).click();
    await expect(popup.address).toHaveValue(/^г\. Ярославль, /);
    const address = await popup.address.inputValue();
    await popup.dialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect(popup.dialog).toBeHidden();
    await expect(shell.toast('Адрес успешно сохранен')).toBeVisible();
    await expect(popup.dialog.getByRole('alert')).toHaveCount(0);

    const short = address.replace(/^г\. Ярославль, /, '');
    await expect(shell.header.getByRole('button', { name: short })).toBeVisible();
    const inDistrict = await catalogueTotal(page);
    expect(inDistrict).toBeGreaterThan(0);
    expect(inDistrict).toBeLessThan(everything);
    // The server rendered that page with the cookie: the header says the address from the first byte.
    const html = await (await page.request.get('/catalog')).text();
    expect(html).toContain(short);

    // Edit mode shows the saved point and address.
    await shell.header.getByRole('button', { name: short }).click();
    await expect(popup.address).toHaveValue(address);
    await expect(popup.dialog.locator('.leaflet-marker-icon')).toHaveCount(1);
  });

  test('pickup: choose a shop and one of its points', async ({ page }) => {
    await page.goto('/');
    const shell = new Shell(page);
    const popup = new AddressDialog(page);
    const everything = await catalogueTotal(page);

    await shell.header.getByRole('radio', { name: 'Самовывоз' }).click();
    await expect(popup.pickupDialog).toBeVisible();
    await popup.pickupDialog.getByLabel('Магазин').selectOption({ label: 'Молочная река' });
    // The first shop's pins are on the map before this shop's points arrive and replace them: wait for a pin
    // of this shop (a marker's title is its point's name), then for its size, never for a fixed time.
    const [point] = await pickupPointsOf(page, 'Молочная река');
    if (!point) throw new Error('Молочная река has no pickup point');
    const pin = popup.pickupDialog.getByTitle(point.name, { exact: true }).locator('svg');
    await expect(pin).toBeVisible();
    const size = await boxOf(pin);
    expect(size).toMatchObject({ width: 32, height: 40 });
    await expectAccessible(page);

    const first = popup.pickupDialog.getByRole('button', { name: /^Забрать здесь: / }).first();
    await first.click();
    await expect(popup.pickupDialog).toBeHidden();
    await expect(shell.header.getByRole('button', { name: /^Молочная река, / })).toBeVisible();
    const atPoint = await catalogueTotal(page);
    expect(atPoint).toBeGreaterThan(0);
    expect(atPoint).toBeLessThan(everything);
    await expect(shell.header.getByRole('radio', { name: 'Самовывоз' })).toBeChecked();
  });
});
