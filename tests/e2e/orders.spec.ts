import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, signInByApi, test } from './fixtures';
import { actAsDistinctClient, toast } from './pages/auth';
import { type CatalogProduct, findProducts } from './pages/basket';

test.beforeEach(async ({ context }, testInfo) => {
  await actAsDistinctClient(context, testInfo);
});

type Point = {
  _id: string;
  name: string;
  city: string;
  is_pickup: boolean;
  coordinates: { longitude: number; latitude: number };
};
type Store = { _id: string; name: string; min_order: number };
const SAME_ORIGIN = { 'x-requested-with': 'XMLHttpRequest' };

/** A product of `store` with enough of it at one point to reach the shop's minimum order. */
function pick(
  products: CatalogProduct[],
  stores: Store[],
  accept: (product: CatalogProduct, store: Store) => boolean,
) {
  for (const product of products) {
    const store = stores.find((item) => item._id === product.store._id);
    if (!product.offer || !store) continue;
    const quantity = Math.max(1, Math.ceil(store.min_order / product.offer.price));
    if (quantity <= Math.min(product.offer.count, 20) && accept(product, store))
      return { product, store, quantity };
  }
  return undefined;
}

async function pointOf(request: APIRequestContext, id: string): Promise<Point> {
  const [point] = (await (await request.get(`/api/points/list?points=${id}`)).json()) as Point[];
  if (!point) throw new Error(`no point ${id}`);
  return point;
}

test('sign in, check out one shop for delivery and another for pickup, cancel one, repeat the other', async ({
  page,
}) => {
  test.slow();
  await signInByApi(page, 'Ирина', '9120000077');
  const stores = (await (await page.request.get('/api/stores')).json()) as Store[];
  const products = await findProducts(page.request, () => false);
  // Delivery from a point that delivers to where it stands; pickup from another shop's pickup point.
  const delivery = pick(products, stores, () => true);
  if (!delivery?.product.offer) throw new Error('no product to deliver');
  const deliveryPoint = await pointOf(page.request, delivery.product.offer.point);
  let pickup: ReturnType<typeof pick>;
  let pickupPoint: Point | undefined;
  for (const product of products) {
    if (!product.offer || product.store._id === delivery.store._id) continue;
    const point = await pointOf(page.request, product.offer.point);
    const candidate = point.is_pickup ? pick([product], stores, () => true) : undefined;
    if (candidate) {
      pickup = candidate;
      pickupPoint = point;
      break;
    }
  }
  if (!pickup?.product.offer || !pickupPoint) throw new Error('no product to pick up');

  for (const chosen of [delivery, pickup]) {
    const response = await page.request.patch('/api/user/me/basket', {
      headers: SAME_ORIGIN,
      data: {
        warehouse_id: chosen.product.offer?.point,
        product_id: chosen.product._id,
        quantity: chosen.quantity,
      },
    });
    expect(response.ok()).toBe(true);
  }
  const saved = await page.request.post('/api/user/me/addresses', {
    headers: SAME_ORIGIN,
    data: {
      address: 'г. Ярославль, ул. Тестовая, 1',
      shortAddress: 'ул. Тестовая, 1',
      deliveryArea: '00000000-0000-4000-8000-000000000000',
      city: deliveryPoint.city,
      coordinates: deliveryPoint.coordinates,
    },
  });
  expect(saved.ok()).toBe(true);

  await page.goto('/order');
  await expect(page.getByRole('heading', { level: 1, name: 'Оформление заказа' })).toBeVisible();
  const deliveryGroup = page.getByRole('region', { name: delivery.store.name });
  const pickupGroup = page.getByRole('region', { name: pickup.store.name });
  await deliveryGroup.getByRole('radio', { name: 'Доставка' }).check();
  await expect(deliveryGroup.getByRole('radio', { name: 'г. Ярославль, ул. Тестовая, 1' })).toBeChecked();
  await deliveryGroup.getByLabel('Квартира').fill('15');
  await deliveryGroup
    .getByRole('radio', { name: /^(сегодня|завтра), / })
    .and(page.locator(':enabled'))
    .last()
    .check();
  await pickupGroup.getByRole('radio', { name: 'Самовывоз' }).check();
  await expect(pickupGroup).toContainText(pickupPoint.name);
  await page.getByRole('radio', { name: 'Наличными' }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Оформить 2 заказа' }).click();

  await expect(page).toHaveURL(/\/lk\?active=orders$/);
  await expect(toast(page, 'Заказы оформлены')).toBeVisible();
  const list = page.getByRole('region', { name: 'Мои заказы' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).toContainText(delivery.store.name);
  await expect(list).toContainText(pickup.store.name);
  await expectAccessible(page);

  // Cancel the pickup order.
  await list.getByRole('listitem').filter({ hasText: pickup.store.name }).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: /^Заказ №\d+$/ })).toBeVisible();
  await expect(page.getByText('Самовывоз', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Отменить заказ' }).click();
  const confirm = page.getByRole('alertdialog', { name: /^Отменить заказ №\d+\?$/ });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Отменить заказ' }).click();
  await expect(page.getByRole('region', { name: 'Статус заказа' })).toHaveText('Заказ отменён');
  await expect(toast(page, 'Заказ отменён')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Отменить заказ' })).toHaveCount(0);

  // Repeat the delivery order: its items go back into the basket.
  await page.goto('/lk?active=orders');
  await page
    .getByRole('region', { name: 'Мои заказы' })
    .getByRole('listitem')
    .filter({ hasText: delivery.store.name })
    .getByRole('link')
    .click();
  await expect(page.getByText(/кв\. 15/)).toBeVisible();
  await page.getByRole('button', { name: 'Повторить заказ' }).click();
  await expect(page).toHaveURL(/\/basket$/);
  await expect(toast(page, 'Товары добавлены в корзину')).toBeVisible();
  await expect(page.getByRole('main')).toContainText(delivery.product.name);
});
