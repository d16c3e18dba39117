/**
 * Goods sold by weight (issue 27, ADR 054): a customer orders cheese by weight and sees an estimate; the
 * picker weighs it on the operator's board in a second browser; the customer sees the final total.
 */

import { expect, expectAccessible, signInByApi, test } from './fixtures';
import { E2E_WEIGHING_OPERATOR } from './operator-account';
import { actAsDistinctClient } from './pages/auth';
import { type CatalogProduct, findProducts } from './pages/basket';
import { OperatorConsole } from './pages/operator';

const SAME_ORIGIN = { 'x-requested-with': 'XMLHttpRequest' };
type Point = { _id: string; is_pickup: boolean };
type Store = { _id: string; min_order: number };
const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');
/** Grams as the pages write them: '700 г', '1,2 кг'. */
const formatAmount = (grams: number) =>
  grams < 1000 ? `${grams} г` : `${String(grams / 1000).replace('.', ',')} кг`;

test.beforeEach(async ({ context }, testInfo) => {
  await actAsDistinctClient(context, testInfo);
});

test('a customer orders cheese by weight, the picker weighs it on the board, the customer sees the final total', async ({
  page,
  browser,
}, testInfo) => {
  // Signed in through the API the login popups post to (the popups and the console's login page have
  // journeys of their own: auth.spec.ts, operator.spec.ts).
  await signInByApi(page, 'Вера', '9120000933');
  const stores = (await (await page.request.get('/api/stores')).json()) as Store[];
  const weighed = await findProducts(page.request, () => false, { isByWeight: true });
  let cheese: (CatalogProduct & { offer: NonNullable<CatalogProduct['offer']> }) | undefined;
  for (const product of weighed) {
    if (!product.name.startsWith('Сыр') || !product.offer || product.by_weight?.piece !== null) continue;
    const [point] = (await (
      await page.request.get(`/api/points/list?points=${product.offer.point}`)
    ).json()) as Point[];
    if (point?.is_pickup && product.offer.count >= 2_000) cheese = { ...product, offer: product.offer };
    if (cheese) break;
  }
  if (!cheese?.by_weight) throw new Error('the demo data has no cheese by weight at a pickup point');
  const { step, min } = cheese.by_weight;
  // No minimum order in the way of one line of cheese.
  const store = stores.find((item) => item._id === cheese?.store._id);
  expect(store).toBeDefined();

  // The product page: the price per kg, how it is bought, and the control in grams.
  await page.goto(`/product/${cheese.slug}`);
  await expect(page.getByText(/₽\/кг/).first()).toBeVisible();
  await expect(page.getByText(`шаг ${step} г, от ${min} г`).first()).toBeVisible();
  await page
    .getByRole('button', { name: /В корзину/ })
    .first()
    .click();
  const inBasket = page.getByRole('group', { name: new RegExp(cheese.name) }).first();
  await expect(inBasket).toContainText(`${min} г`);
  await inBasket.getByRole('button', { name: /Добавить ещё|Увеличить/ }).click();
  await expect(inBasket).toContainText(`${min + step} г`);
  await expectAccessible(page);

  // Enough of it for the shop's minimum order (and a step over, so a little less weighed still reaches it),
  // set as the basket page's counter would.
  const price = cheese.offer.price;
  const amount = Math.max(
    min + step,
    (Math.ceil(((store?.min_order ?? 0) * 1000) / price / step) + 1) * step,
  );
  const set = await page.request.patch('/api/user/me/basket', {
    headers: SAME_ORIGIN,
    data: { warehouse_id: cheese.offer.point, product_id: cheese._id, quantity: amount },
  });
  expect(set.ok(), await set.text()).toBe(true);

  // The basket shows the amount and an estimated price.
  await page.goto('/basket');
  const line = page.getByRole('listitem').filter({ hasText: cheese.name });
  await expect(line).toContainText(nbsp(formatAmount(amount)));
  await expect(line).toContainText('≈');
  await expectAccessible(page);

  // Minimum orders aside (the checkout page has its own journeys), the order is placed as the page does.
  const placed = await page.request.post('/api/orders', {
    headers: { ...SAME_ORIGIN, 'idempotency-key': crypto.randomUUID() },
    data: {
      orders: [{ point: cheese.offer.point, fulfilment: 'pickup' }],
      phone: '+7 (912) 000-09-33',
      payment: 'cash',
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const [order] = ((await placed.json()) as { orders: { number: number; total: number }[] }).orders;
  if (!order) throw new Error('no order');
  await page.goto(`/order/${order.number}`);
  const items = page.getByRole('region', { name: 'Товары' });
  await expect(items).toContainText(`≈ ${nbsp(formatAmount(amount))}`);
  await expect(items).toContainText('Весовые товары взвесят при сборке');
  await expectAccessible(page);
  // From here on the customer's page only follows the socket: a reload or a navigation would be counted.
  const documentLoads: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documentLoads.push(request.url());
  });
  const progress = page.getByRole('region', { name: 'Статус заказа' });

  // The picker, in a browser of their own, moves the order to assembly and weighs the cheese.
  const pickerContext = await browser.newContext({ locale: 'ru-RU' });
  await actAsDistinctClient(pickerContext, testInfo, 'picker');
  const picker = await pickerContext.newPage();
  try {
    await signInByApi(picker, E2E_WEIGHING_OPERATOR.name, E2E_WEIGHING_OPERATOR.phoneDigits);
    await picker.goto('/operator/board');
    const board = new OperatorConsole(picker);
    // Waited for before any click: a click has no timeout of its own, so a locator that matches nothing
    // would wait for the whole test's (it did: 270 s, issue 27).
    await expect(board.boardOrder(order.number)).toBeVisible();
    for (const label of ['Подтверждён', 'Собирается']) {
      await board.moveButton(order.number, label).click();
      await expect(board.boardStatus(order.number, label)).toBeVisible();
    }
    // The customer's open page has followed the moves (so its socket is there for the weighing too).
    await expect(progress.getByRole('listitem').filter({ hasText: 'Собирается' })).toContainText('пройдено');
    const field = board.weightField(order.number, cheese.name);
    await expect(field).toBeVisible();
    await expect(board.weighButton(order.number, cheese.name)).toBeVisible();
    // Far more than ordered: refused, with what to do instead.
    await field.fill(String(amount * 2));
    await board.weighButton(order.number, cheese.name).click();
    await expect(board.boardOrder(order.number).getByRole('alert')).toContainText('Положите меньше');
    // A little less than ordered: taken.
    const actual = amount - 10;
    await field.fill(String(actual));
    await board.weighButton(order.number, cheese.name).click();
    await expect(board.boardOrder(order.number)).toContainText(`взвешено ${nbsp(formatAmount(actual))}`);
    await expectAccessible(picker);

    // The customer's open page follows without a reload: the weighing announces the order (its socket's
    // `order.status`, the status unchanged) and the page loads it again: the weighed line and the final
    // total, no longer an estimate.
    const final = Math.floor((cheese.offer.price * actual + 500) / 1000);
    const finalText = nbsp(
      `${(final / 100).toFixed(final % 100 === 0 ? 0 : 2).replace('.', ',')}`.replace(
        /\B(?=(\d{3})+(?!\d))/g,
        ' ',
      ),
    );
    await expect(items).toContainText(`взвешено ${nbsp(formatAmount(actual))}`);
    await expect(items).not.toContainText('Весовые товары взвесят при сборке');
    await expect(items.getByRole('definition').last()).toHaveText(
      new RegExp(`^${finalText.replace(/ /g, '\\s')}\\s₽$`),
    );
    await expectAccessible(page);
    expect(documentLoads).toEqual([]);
  } finally {
    await pickerContext.close();
  }
});
