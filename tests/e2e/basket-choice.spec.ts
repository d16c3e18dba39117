/**
 * Issue 27 (ADR 055): under each line of a signed-in basket, 'Если товара не будет' — a change posts at once
 * with JavaScript, 'Сохранить' posts it without; 'Выбрать замену' loads the line's similar products only when
 * asked. What the basket keeps is read back from the API.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signInByApi, test } from './fixtures';
import { actAsDistinctClient } from './pages/auth';
import { type CatalogProduct, findProducts } from './pages/basket';

test.beforeEach(async ({ context }, testInfo) => {
  await actAsDistinctClient(context, testInfo);
});

type Offered = CatalogProduct & { offer: NonNullable<CatalogProduct['offer']> };
type Line = {
  product: { _id: string };
  quantity: number;
  on_missing: string | null;
  replacement: { name: string } | null;
};

/** A signed-in customer with one line of a product the catalogue offers. */
async function customerWithLine(page: Page, phoneDigits: string): Promise<Offered> {
  await signInByApi(page, 'Вера', phoneDigits);
  const products = await findProducts(page.request, (list) => list.some((item) => item.offer !== null));
  const product = products.find((item): item is Offered => item.offer !== null && item.offer.count >= 2);
  if (!product) throw new Error('the demo data has no product on offer');
  const added = await page.request.patch('/api/user/me/basket', {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    data: { warehouse_id: product.offer.point, product_id: product._id, quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  return product;
}

async function lineOnServer(page: Page, product: Offered): Promise<Line | undefined> {
  const basket = (await (await page.request.get('/api/user/me/basket')).json()) as Record<string, Line[]>;
  return basket[product.offer.point]?.find((line) => line.product._id === product._id);
}

test.describe('a basket line’s choice for a missing item', () => {
  test('with JavaScript a change posts at once, and a similar product can be picked', async ({ page }) => {
    const product = await customerWithLine(page, '9120000171');
    await page.goto('/basket');
    const choice = page.getByRole('combobox', { name: `Если товара не будет: ${product.name}` });
    await expect(choice).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Сохранить' })).toHaveCount(0);

    await choice.selectOption({ label: 'Убрать из заказа' });
    await expect.poll(async () => (await lineOnServer(page, product))?.on_missing).toBe('remove');
    await expect(choice).toHaveValue('remove');
    // A quantity change answers the whole basket, the line's choice with it.
    await page.getByRole('button', { name: `Увеличить количество: ${product.name}`, exact: true }).click();
    await expect.poll(async () => (await lineOnServer(page, product))?.quantity).toBe(2);
    await expect(choice).toHaveValue('remove');

    await choice.selectOption({ label: 'Заменить на похожий' });
    await expect.poll(async () => (await lineOnServer(page, product))?.on_missing).toBe('similar');
    await page.getByRole('button', { name: `Выбрать замену для: ${product.name}` }).click();
    const pick = page.getByRole('combobox', { name: `Замена: ${product.name}` });
    await expect(pick).toBeVisible();
    const first = pick.locator('option').nth(1);
    const label = await first.textContent();
    const name = label?.split(' — ')[0] ?? '';
    await pick.selectOption({ index: 1 });
    await expect.poll(async () => (await lineOnServer(page, product))?.replacement?.name).toBe(name);
    await expectAccessible(page);

    await page.reload();
    await expect(choice).toHaveValue('similar');
    await expect(page.getByText(`Замена: ${name}`)).toBeVisible();
    await choice.selectOption({ label: 'Как при оформлении' });
    await expect.poll(async () => (await lineOnServer(page, product))?.on_missing).toBeNull();
    expect((await lineOnServer(page, product))?.replacement).toBeNull();
  });
});

test.describe('a basket line’s choice without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('«Сохранить» posts the form and comes back to the basket', async ({ page }) => {
    const product = await customerWithLine(page, '9120000172');
    await page.goto('/basket');
    const choice = page.getByRole('combobox', { name: `Если товара не будет: ${product.name}` });
    await choice.selectOption({ label: 'Позвонить мне' });
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page).toHaveURL(/\/basket$/);
    await expect(choice).toHaveValue('call');
    expect((await lineOnServer(page, product))?.on_missing).toBe('call');
  });
});
