/**
 * Substitutions at assembly (issue 27, ADR 055): a customer orders two products, 'Заменить на похожий' for
 * what the shop turns out not to have; the picker, in a browser of their own, offers a similar product on the
 * order's assembly page; the customer's open order page shows the offer without a reload, they accept it and
 * see the final total, the order as placed beside the order as it is, and the history.
 */
import { formatRoubles } from '@core/rules/price';
import { expect, expectAccessible, signInByApi, test } from './fixtures';
import { E2E_SUBSTITUTION_OPERATOR } from './operator-account';
import { actAsDistinctClient, toast } from './pages/auth';
import { type CatalogProduct, findProducts } from './pages/basket';
import { signInToConsole } from './pages/operator';

const SAME_ORIGIN = { 'x-requested-with': 'XMLHttpRequest' };
type Point = { _id: string; is_pickup: boolean };
type Store = { _id: string; min_order: number };
type OrderLine = {
  product: string;
  name: string;
  substitution: { state: string; replacement: { product: string; name: string } | null } | null;
};
type PlacedOrder = { number: number; total: number; items: OrderLine[] };

test.beforeEach(async ({ context }, testInfo) => {
  await actAsDistinctClient(context, testInfo);
});

test('the picker offers a similar product; the customer sees it live, accepts it and sees the final total', async ({
  page,
  browser,
}, testInfo) => {
  await signInByApi(page, 'Зоя', '9120000944');

  // Two products sold by the piece at one pickup point, with plenty in stock.
  const stores = (await (await page.request.get('/api/stores')).json()) as Store[];
  const products = await findProducts(page.request, () => false);
  const byPoint = new Map<string, (CatalogProduct & { offer: NonNullable<CatalogProduct['offer']> })[]>();
  for (const product of products) {
    if (!product.offer || product.offer.count < 20) continue;
    byPoint.set(product.offer.point, [
      ...(byPoint.get(product.offer.point) ?? []),
      { ...product, offer: product.offer },
    ]);
  }
  let lines: (CatalogProduct & { offer: NonNullable<CatalogProduct['offer']> })[] = [];
  for (const [pointId, candidates] of byPoint) {
    if (candidates.length < 2) continue;
    const [point] = (await (await page.request.get(`/api/points/list?points=${pointId}`)).json()) as Point[];
    if (point?.is_pickup) {
      lines = candidates.slice(0, 2);
      break;
    }
  }
  const [missing, kept] = lines;
  if (!missing || !kept) throw new Error('the demo data has no pickup point with two products in stock');
  const store = stores.find((item) => item._id === missing.store._id);
  // Enough of the first for the shop's minimum order.
  const quantity = Math.min(10, Math.max(2, Math.ceil((store?.min_order ?? 0) / missing.offer.price)));
  for (const [product, count] of [
    [missing, quantity],
    [kept, 1],
  ] as const) {
    const put = await page.request.patch('/api/user/me/basket', {
      headers: SAME_ORIGIN,
      data: { warehouse_id: product.offer.point, product_id: product._id, quantity: count },
    });
    expect(put.ok(), await put.text()).toBe(true);
  }
  // The checkout's choice for missing items, as the order page's radio group posts it.
  const placed = await page.request.post('/api/orders', {
    headers: { ...SAME_ORIGIN, 'idempotency-key': crypto.randomUUID() },
    data: {
      orders: [{ point: missing.offer.point, fulfilment: 'pickup' }],
      phone: '+7 (912) 000-09-44',
      payment: 'cash',
      on_missing: 'similar',
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const [order] = ((await placed.json()) as { orders: { number: number }[] }).orders;
  if (!order) throw new Error('no order');

  // The customer keeps the order page open.
  await page.goto(`/order/${order.number}`);
  const items = page.getByRole('region', { name: 'Товары' });
  await expect(items).toContainText('Если товара не окажется: Заменить на похожий');
  await expect(items).toContainText(missing.name);
  await expect(page.getByRole('region', { name: 'История заказа' })).toHaveCount(0);

  // The picker, in a browser of their own: confirms the order on the board, opens its assembly.
  const pickerContext = await browser.newContext({ locale: 'ru-RU' });
  await actAsDistinctClient(pickerContext, testInfo, 'picker');
  const picker = await pickerContext.newPage();
  try {
    const board = await signInToConsole(picker, E2E_SUBSTITUTION_OPERATOR);
    await picker.goto('/operator/board');
    await board.moveButton(order.number, 'Подтверждён').click();
    await expect(board.boardStatus(order.number, 'Подтверждён')).toBeVisible();
    await board.boardOrder(order.number).getByRole('link', { name: 'Сборка' }).click();
    await expect(picker).toHaveURL(new RegExp(`/operator/board/${order.number}$`));
    await expect(picker.getByRole('heading', { name: `Сборка заказа №${order.number}` })).toBeVisible();
    const line = picker.getByRole('listitem', { name: missing.name });
    await expect(line).toContainText('Заменить на похожий');
    const choice = line.getByRole('combobox', { name: `Замена для «${missing.name}»` });
    await expect(choice.getByRole('option')).not.toHaveCount(0);
    await expectAccessible(picker);
    const replacementId = await choice.inputValue();
    await line.getByRole('button', { name: 'Предложить замену' }).click();
    await expect(line.getByText('Состояние: Предложена замена')).toBeVisible();
    await expect(line.getByRole('button', { name: 'Нет в наличии' })).toHaveCount(0);

    // The customer's page shows the offer without a reload: the original beside the replacement.
    const offered = (await (await page.request.get(`/api/orders/${order.number}`)).json()) as PlacedOrder;
    const replacement = offered.items.find((item) => item.product === missing._id)?.substitution?.replacement;
    expect(replacement?.product).toBe(replacementId);
    if (!replacement) throw new Error('no replacement offered');
    const answer = items.getByRole('group', { name: `Замена для товара «${missing.name}»` });
    await expect(answer).toContainText(`Вместо «${missing.name}» — «${replacement.name}»`);
    await expect(answer).toContainText(/Ответьте в течение 10 мин/);
    await expect(items).toContainText('Предложена замена');
    const comparison = page.getByRole('region', { name: 'Что изменилось' });
    await expect(comparison.getByRole('region', { name: 'Исходный заказ' })).toContainText(missing.name);
    await expect(comparison.getByRole('region', { name: 'Итог' })).toContainText(replacement.name);
    await expect(comparison.getByRole('region', { name: 'Итог' })).toContainText('ждёт вашего ответа');
    await expectAccessible(page);

    // Accepted by keyboard: the line is replaced, the total is the order's final one.
    await answer.getByRole('button', { name: 'Принять замену' }).focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Замена принята')).toBeVisible();
    await expect(items).toContainText('Заменён');
    await expect(items.getByRole('button', { name: 'Принять замену' })).toHaveCount(0);
    const final = (await (await page.request.get(`/api/orders/${order.number}`)).json()) as PlacedOrder;
    expect(final.items.find((item) => item.product === missing._id)?.substitution?.state).toBe('accepted');
    const total = items.locator('dt', { hasText: 'Итого' }).locator('xpath=following-sibling::dd');
    await expect(total).toHaveText(formatRoubles(final.total));
    await expect(comparison.getByRole('region', { name: 'Итог' })).not.toContainText('ждёт вашего ответа');
    const history = page.getByRole('region', { name: 'История заказа' });
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expectAccessible(page);

    // The picker's page follows the answer too.
    await expect(line.getByText('Состояние: Заменён')).toBeVisible();
  } finally {
    await pickerContext.close();
  }
});
