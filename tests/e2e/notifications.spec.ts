/**
 * Notifications and the support chat as a customer lives them (issue 15, ADR 033): what the server does —
 * an operator moving an order, answering in the chat — reaches the open page over the socket, without a
 * reload: a 5000 ms toast (none for the chat on screen), the header badges, the lists; a dropped connection
 * catches up on what it missed.
 */
import { expect, expectAccessible, test } from './fixtures';
import { actAsDistinctClient, signInThroughPopups, toast } from './pages/auth';
import {
  ChatTab,
  cabinetButton,
  dropSocket,
  framesOf,
  NotificationsTab,
  Operator,
  ordersLink,
  placePickupOrder,
  socketCount,
  tabTo,
  unreadName,
  waitForLiveSocket,
  watchSockets,
} from './pages/support';

test.beforeEach(async ({ context }, testInfo) => {
  await actAsDistinctClient(context, testInfo);
});

test('an order’s status change arrives live: toast, badges, and the notification list', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const operator = await Operator.signIn(request, baseURL ?? '');
  await signInThroughPopups(page, 'Вера', '9120000151');
  await expect(cabinetButton(page)).toHaveAccessibleName(unreadName(0));

  // Placing the order is the first notification; the page learns of it from the socket.
  const number = await placePickupOrder(page, '+7 (912) 000-01-51');
  await expect(toast(page, `Заказ №${number}`).first()).toBeVisible();
  await expect(cabinetButton(page)).toHaveAccessibleName(unreadName(1));
  await expect(ordersLink(page)).toHaveAccessibleName('Заказы, активных: 1');

  await operator.moveOrder(number, 'confirmed');
  const confirmed = toast(page, `Магазин подтвердил заказ №${number}.`);
  await expect(confirmed).toBeVisible();
  await expect(confirmed.getByRole('link', { name: 'Подробнее' })).toHaveAttribute(
    'href',
    `/order/${number}`,
  );
  await expect(cabinetButton(page)).toHaveAccessibleName(unreadName(2));

  // The list, newest first, both unread.
  await page.goto('/lk?active=notification');
  const tab = new NotificationsTab(page);
  await expect(tab.list.getByRole('listitem')).toHaveCount(2);
  await expect(tab.unreadLabels).toHaveCount(2);
  await expect(tab.list.getByRole('listitem').first()).toContainText('Магазин подтвердил заказ');
  await expectAccessible(page);

  // One more while the list is open: it joins the list at the top, live.
  await operator.moveOrder(number, 'assembling');
  await expect(tab.list.getByRole('listitem')).toHaveCount(3);
  await expect(tab.unreadLabels).toHaveCount(3);
  await expect(cabinetButton(page)).toHaveAccessibleName(unreadName(3));

  // By keyboard: the newest opens its order and is read.
  const newest = tab.item(/собирают/);
  await page.getByRole('tab', { name: 'Уведомления' }).focus();
  await tabTo(page, newest);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/order/${number}$`));

  await page.goto('/lk?active=notification');
  await expect(tab.unreadLabels).toHaveCount(2);
  await expect(cabinetButton(page)).toHaveAccessibleName(unreadName(2));
  await page.getByRole('tab', { name: 'Уведомления' }).focus();
  await tabTo(page, tab.readAll);
  await page.keyboard.press('Enter');
  await expect(tab.unreadLabels).toHaveCount(0);
  await expect(cabinetButton(page)).toHaveAccessibleName(unreadName(0));
  await expect(tab.readAll).toBeDisabled();
  await expect(tab.list.getByRole('listitem')).toHaveCount(3);
});

test('the support chat: a question, support typing and answering live, a toast only off the chat', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const operator = await Operator.signIn(request, baseURL ?? '');
  await signInThroughPopups(page, 'Галина', '9120000152');
  const number = await placePickupOrder(page, '+7 (912) 000-01-52');

  // SPEC §2 Footer: its cabinet links open the chat.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Мои заказы' }).click();
  await expect(page).toHaveURL(/\/lk\?active=chat$/);
  const chat = new ChatTab(page);
  await expect(chat.panel).toBeVisible();
  await expectAccessible(page);

  // Typed and sent by keyboard (Enter), shown at once, then 'Отправлено'; from the tab on, by Tab alone.
  await page.getByRole('tab', { name: 'Чат поддержки' }).focus();
  await tabTo(page, chat.text);
  await page.keyboard.type('Здравствуйте! Когда можно забрать заказ?');
  await tabTo(page, chat.order);
  await chat.order.selectOption(String(number));
  await chat.text.focus();
  await page.keyboard.press('Enter');
  const question = chat.message('Когда можно забрать заказ?');
  await expect(question).toContainText('Отправлено');
  await expect(question.getByRole('link', { name: `Заказ №${number}` })).toHaveAttribute(
    'href',
    `/order/${number}`,
  );
  await expect(chat.text).toHaveValue('');

  const conversation = await operator.conversationOf('Галина');
  const typing = await operator.typeIn(conversation);
  await expect(chat.typing).toBeVisible();
  typing.close();
  await operator.read(conversation);
  await expect(question).toContainText('Прочитано');

  // The chat is on screen: the answer shows in it and raises no toast.
  await operator.reply(conversation, 'Заказ соберут к полудню');
  await operator.reply(conversation, 'Что-нибудь ещё?');
  await expect(chat.message('Что-нибудь ещё?')).toBeVisible();
  await expect(chat.message('Заказ соберут к полудню')).toBeVisible();
  await expect(chat.typing).toBeHidden();
  await expect(toast(page, 'Заказ соберут к полудню')).toHaveCount(0);
  // Read at once, so only the order's notification stays unread.
  await expect(cabinetButton(page)).toHaveAccessibleName(unreadName(1));

  // An image, as the upload rules allow it.
  await chat.fileInput.setInputFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWNgWMWAHQ0tCQCbuCqB7EEXKwAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await expect(chat.panel.getByRole('img', { name: 'Прикреплённое изображение' })).toBeVisible();
  await chat.send.click();
  await expect(chat.log.getByRole('img', { name: 'Изображение в сообщении' })).toBeVisible();
  await expectAccessible(page);

  // Off the chat, an answer is a toast that leads back to it.
  await page.goto('/');
  await operator.reply(conversation, 'Ждём вас!');
  const answer = toast(page, 'Ждём вас!');
  await expect(answer).toBeVisible();
  await expect(cabinetButton(page)).toHaveAccessibleName(unreadName(2));
  await answer.getByRole('link', { name: 'Открыть чат' }).click();
  await expect(page).toHaveURL(/\/lk\?active=chat$/);
  await expect(chat.message('Ждём вас!')).toBeVisible();
  await expect(cabinetButton(page)).toHaveAccessibleName(unreadName(1));
});

test('a dropped connection catches up on what happened meanwhile', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.slow();
  await watchSockets(context);
  const operator = await Operator.signIn(request, baseURL ?? '');
  await signInThroughPopups(page, 'Лидия', '9120000153');
  const number = await placePickupOrder(page, '+7 (912) 000-01-53');
  await expect(cabinetButton(page)).toHaveAccessibleName(unreadName(1));
  const first = (await socketCount(page)) - 1;
  await waitForLiveSocket(page, first);

  // The network goes, and the connection with it; meanwhile the shop confirms the order.
  await context.setOffline(true);
  await dropSocket(page);
  await operator.moveOrder(number, 'confirmed');
  await context.setOffline(false);

  // Back online: a new socket resumes from the last event seen and gets the change as a missed event.
  await expect.poll(() => socketCount(page), { timeout: 15_000 }).toBeGreaterThan(first + 1);
  const resumed = (await socketCount(page)) - 1;
  await expect
    .poll(() => framesOf(page, resumed), { timeout: 15_000 })
    .toEqual(expect.arrayContaining(['hello', 'missed', 'badges']));
  await expect(toast(page, `Магазин подтвердил заказ №${number}.`)).toHaveCount(1);
  await expect(cabinetButton(page)).toHaveAccessibleName(unreadName(2));
  // It came in the catch-up, not live: while offline no socket could open.
  expect(await framesOf(page, resumed)).not.toContain('notification');
});
