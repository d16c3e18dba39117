/**
 * Bonus points (issue 25, ADR 046) as a customer meets them: a completed order earns its shop's share of
 * what was paid; at the next checkout 'Списать баллы' takes them off (at most the shop's share of the goods),
 * the order page shows the line 'Баллами', and the cabinet's history shows both entries.
 */
import { bonusEarned } from '@core/rules/discount-card';
import { formatRoubles } from '@core/rules/price';
import { expect, expectAccessible, signInByApi, test } from './fixtures';
import { actAsDistinctClient } from './pages/auth';
import { fillBasketToMinimum, Operator, placePickupOrder } from './pages/support';

test.beforeEach(async ({ context }, testInfo) => {
  await actAsDistinctClient(context, testInfo);
});

type Totals = {
  items_total: number;
  savings: number;
  promo_discount: number;
  bonus_spent: number;
  total: number;
};

test('points earned on a completed order are spent at the next checkout', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  if (!baseURL) throw new Error('no baseURL');
  await signInByApi(page, 'Вера', '9124250001');
  const first = await placePickupOrder(page, '+7 (912) 425-00-01');
  const operator = await Operator.signIn(request, baseURL);
  for (const status of ['confirmed', 'assembling', 'ready', 'done']) await operator.moveOrder(first, status);
  const done = (await (await page.request.get(`/api/orders/${first}`)).json()) as Totals;
  const earned = bonusEarned(done.items_total - done.savings - done.promo_discount - done.bonus_spent);
  expect(earned).toBeGreaterThan(0);

  // The checkout offers the points: at most 30% of the goods, here all of them (a minimum order earns 5%).
  await fillBasketToMinimum(page);
  await page.goto('/order');
  await expect(page.getByRole('heading', { level: 1, name: 'Оформление заказа' })).toBeVisible();
  await page.getByRole('radio', { name: 'Самовывоз' }).first().check();
  const spend = page.getByRole('checkbox', { name: /Списать баллы/ });
  await expect(spend).toHaveAccessibleName(new RegExp(`На карте ${earned / 100} балл`));
  await spend.check();
  // Checked, it says what it takes off.
  await expect(spend).toHaveAccessibleName(
    new RegExp(`спишем ${formatRoubles(earned)}`.replace(/\s/g, '\\s')),
  );
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Оформить заказ', exact: true }).click();

  // The order: the points are a line of its totals, and the total is what is left to pay.
  await expect(page).toHaveURL(/\/order\/\d+$/);
  const second = Number(new URL(page.url()).pathname.split('/').pop());
  const placed = (await (await page.request.get(`/api/orders/${second}`)).json()) as Totals;
  expect(placed.bonus_spent).toBe(earned);
  expect(placed.total).toBe(placed.items_total - placed.savings - placed.promo_discount - earned);
  const totals = page.getByRole('main');
  await expect(totals.getByText('Баллами')).toBeVisible();
  await expect(totals).toContainText(`−${formatRoubles(earned)}`);
  await expectAccessible(page);

  // The cabinet: nothing left, both entries in the history.
  await page.goto('/lk?active=discount');
  const points = page.getByRole('region', { name: /Бонусные баллы/ });
  await expect(points).toContainText('Начислено за заказ');
  await expect(points).toContainText('Списано в заказе');
  await expect(points).not.toContainText('Баллов пока нет');
});
