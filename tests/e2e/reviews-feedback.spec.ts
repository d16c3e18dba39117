/**
 * Issue 24's journeys (ADR 045): a customer with a completed order reviews the shop from the order page's
 * 'Оцените магазин' and sees the shop's rating change; a guest is sent to log in instead; a guest sends
 * 'Обратная связь' from the footer; a visitor applies to a vacancy with a PDF. Keyboard only where a person
 * would type, and axe on each of the three popups.
 */
import { expect, expectAccessible, signInByApi, test } from './fixtures';
import { actAsDistinctClient, toast } from './pages/auth';
import { Operator, placePickupOrder, tabTo } from './pages/support';

test.beforeEach(async ({ context }, testInfo) => {
  await actAsDistinctClient(context, testInfo);
});

type Summary = { rating: number; count: number };

test('a customer with a completed order reviews the shop and sees its rating change', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  if (!baseURL) throw new Error('no baseURL');
  await signInByApi(page, 'Марина', '9124240001');
  const number = await placePickupOrder(page, '+7 (912) 424-00-01');
  const operator = await Operator.signIn(request, baseURL);
  for (const status of ['confirmed', 'assembling', 'ready', 'done']) await operator.moveOrder(number, status);
  const order = (await (await page.request.get(`/api/orders/${number}`)).json()) as {
    store: { _id: string; name: string };
  };
  const store = order.store;
  const before = (
    (await (await page.request.get(`/api/store/${store._id}/reviews`)).json()) as {
      summary: Summary;
    }
  ).summary;

  await page.goto(`/order/${number}`);
  const prompt = page.getByRole('region', { name: 'Оцените магазин' });
  await expect(prompt).toBeVisible();
  await expectAccessible(page);
  const open = prompt.getByRole('button', { name: 'Оставить отзыв' });
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Оставить отзыв' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);

  // SPEC §8: without a rating and text the form is not sent.
  const send = dialog.getByRole('button', { name: 'Отправить отзыв' });
  await send.focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Заполните обязательные поля', 'alert')).toBeVisible();

  // Stars by keyboard: the first star, then arrows to the fourth.
  await dialog.getByRole('radio', { name: /^1 из 5/ }).focus();
  await page.keyboard.press('Space');
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: /^4 из 5/ })).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.type('Свежий творог, собрали быстро. http://example.com');
  await send.focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Спасибо за отзыв!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(prompt).toBeHidden();

  // The shop's page: the review first, its link not made clickable, the rating counted with it.
  await page.goto(`/store/${store._id}`);
  const reviews = page.getByRole('region', { name: 'Отзывы о магазине' });
  const mine = reviews.getByRole('article', { name: 'Отзыв: Марина' });
  await expect(mine).toContainText('Свежий творог, собрали быстро. http://example.com');
  await expect(mine.getByRole('link')).toHaveCount(0);
  await expect(mine.getByRole('img', { name: 'Оценка 4 из 5' })).toBeVisible();
  await expect(reviews).toContainText(`${before.count + 1}`);
  const after = (
    (await (await page.request.get(`/api/store/${store._id}/reviews`)).json()) as {
      summary: Summary;
    }
  ).summary;
  expect(after.count).toBe(before.count + 1);
  await expect(reviews.getByText(after.rating.toFixed(1), { exact: true })).toBeVisible();
  // Editing: the same popup with the review in it.
  await reviews.getByRole('button', { name: 'Изменить отзыв' }).click();
  await expect(page.getByRole('dialog', { name: 'Оставить отзыв' }).getByLabel('Отзыв')).toHaveValue(
    'Свежий творог, собрали быстро. http://example.com',
  );
  await expectAccessible(page);
});

test('a guest gets the login popup for a review and sends feedback from the footer by keyboard', async ({
  page,
}) => {
  test.slow();
  const shops = (await (await page.request.get('/api/stores')).json()) as { _id: string }[];
  await page.goto(`/store/${shops[0]?._id}`);
  await page
    .getByRole('region', { name: 'Отзывы о магазине' })
    .getByRole('button', { name: 'Оставить отзыв' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Добро пожаловать' })).toBeVisible();
  await page.keyboard.press('Escape');

  const open = page.getByRole('contentinfo').getByRole('button', { name: 'Обратная связь' });
  await tabTo(page, open, 200);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Обратная связь' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await expect(dialog.getByLabel('Имя')).toBeFocused();
  await page.keyboard.type('Гость Иван');
  await page.keyboard.press('Tab');
  await page.keyboard.type('9124240002');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Привезёте ли фермерский сыр в Кострому?');
  // Consent is required: without it the form says so.
  await dialog.getByRole('button', { name: 'Отправить' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Нужно согласие на обработку персональных данных')).toBeVisible();
  await dialog.getByRole('checkbox').focus();
  await page.keyboard.press('Space');
  await dialog.getByRole('button', { name: 'Отправить' }).focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Заявка успешно отправлена')).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('a visitor applies to a vacancy with a PDF and is thanked', async ({ page }) => {
  test.slow();
  await page.goto('/vacancy');
  const apply = page.getByRole('button', { name: /^Откликнуться: / }).first();
  await tabTo(page, apply, 200);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Отклик на вакансию' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await expect(dialog.getByLabel('Имя')).toBeFocused();
  await page.keyboard.type('Игорь');
  await page.keyboard.press('Tab');
  await page.keyboard.type('9124240003');
  await page.keyboard.press('Tab');
  await page.keyboard.type('igor@example.ru');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Два года курьером на своём авто.');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'Резюме.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1024, 0x20), Buffer.from('%%EOF\n')]),
  });
  await expect(dialog).toContainText('Резюме.pdf');
  await dialog.getByRole('checkbox').focus();
  await page.keyboard.press('Space');
  await dialog.getByRole('button', { name: 'Отправить отклик' }).focus();
  await page.keyboard.press('Enter');
  const thanks = page.getByRole('dialog', { name: 'Спасибо! Ваше резюме отправлено' });
  await expect(thanks).toBeVisible();
  await expectAccessible(page);
  await thanks.getByRole('button', { name: 'Хорошо' }).press('Enter');
  await expect(thanks).toBeHidden();
});
