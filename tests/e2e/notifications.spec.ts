/**
 * Notifications and the support chat as a customer lives them (issue 15, ADR 033): what the server does —
 * an operator moving an order, answering in the chat — reaches the open page over the socket, without a
 * reload: a 5000 ms toast (none for the chat on screen), the header badges, the lists; a dropped connection
 * catches up on what it missed.
 */
import type { PushPayload } from '@core/contracts/notifications';
import { CHAT_PAGE_SIZE } from '@core/rules/chat';
import { expect, expectAccessible, signInByApi, test } from './fixtures';
import { actAsDistinctClient, codeFromOutbox, toast } from './pages/auth';
import { Shell } from './pages/shell';
import {
  ChatTab,
  cabinetButton,
  closeCodeOf,
  dropSocket,
  framesOf,
  NotificationsTab,
  Operator,
  ordersLink,
  placePickupOrder,
  SAME_ORIGIN,
  socketCount,
  tabTo,
  unreadName,
  waitForLiveSocket,
  watchSockets,
} from './pages/support';

// The service worker is what these journeys are about (blocked elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

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
  await signInByApi(page, 'Вера', '9120000151');
  await page.goto('/');
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

  // The order's page follows the shop's next move by itself.
  const progress = page.getByRole('region', { name: 'Статус заказа' });
  await expect(progress).toContainText('Собирается — пройдено');
  await expect(progress).toContainText('Готов к выдаче — впереди');
  await operator.moveOrder(number, 'ready');
  await expect(progress).toContainText('Готов к выдаче — пройдено');
  await expect(toast(page, `Заказ №${number} готов: его можно забрать.`)).toBeVisible();

  await page.goto('/lk?active=notification');
  await expect(tab.unreadLabels).toHaveCount(3);
  await expect(cabinetButton(page)).toHaveAccessibleName(unreadName(3));
  await page.getByRole('tab', { name: 'Уведомления' }).focus();
  await tabTo(page, tab.readAll);
  await page.keyboard.press('Enter');
  await expect(tab.unreadLabels).toHaveCount(0);
  await expect(cabinetButton(page)).toHaveAccessibleName(unreadName(0));
  await expect(tab.readAll).toBeDisabled();
  await expect(tab.list.getByRole('listitem')).toHaveCount(4);
});

test('the support chat: a question, support typing and answering live, a toast only off the chat', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const operator = await Operator.signIn(request, baseURL ?? '');
  await signInByApi(page, 'Галина', '9120000152');
  await page.goto('/');
  const number = await placePickupOrder(page, '+7 (912) 000-01-52');

  // The footer's chat link opens the chat (its other cabinet links their own tabs: issue 21).
  await page.getByRole('contentinfo').getByRole('link', { name: 'Чат с поддержкой' }).click();
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

test('a long chat pages back with «Показать ранние» and keeps what it showed as new messages come', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const operator = await Operator.signIn(request, baseURL ?? '');
  // Signed in through the API, with no page open yet: the replies below raise no toasts.
  const phone = '+79120000156';
  expect((await page.request.post('/api/user/code', { data: { name: 'Зоя', phone } })).ok()).toBe(true);
  const login = await page.request.post('/api/user/login', {
    data: { phone, code: await codeFromOutbox(phone) },
  });
  expect(login.ok()).toBe(true);
  const asked = await page.request.post('/api/chat/messages', {
    headers: SAME_ORIGIN,
    data: { text: 'Первый вопрос' },
  });
  expect(asked.ok()).toBe(true);
  const conversation = await operator.conversationOf('Зоя');
  for (let index = 1; index <= CHAT_PAGE_SIZE; index += 1)
    await operator.reply(conversation, `Ответ ${index}.`);

  await page.goto('/lk?active=chat');
  const chat = new ChatTab(page);
  await expect(chat.log.getByRole('listitem')).toHaveCount(CHAT_PAGE_SIZE);
  await expect(chat.message('Первый вопрос')).toHaveCount(0);
  await chat.panel.getByRole('link', { name: 'Показать ранние' }).click();
  await expect(chat.message('Первый вопрос')).toBeVisible();
  await expect(chat.panel.getByRole('link', { name: 'Показать ранние' })).toHaveCount(0);
  await expect(chat.log.getByRole('listitem')).toHaveCount(CHAT_PAGE_SIZE + 1);

  // A new answer moves the loader's newest page on; the message it leaves behind stays.
  await operator.reply(conversation, 'Ответ последний.');
  await expect(chat.message('Ответ последний.')).toBeVisible();
  await expect(chat.message('Ответ 1.')).toBeVisible();
  await expect(chat.log.getByRole('listitem')).toHaveCount(CHAT_PAGE_SIZE + 2);
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
  await signInByApi(page, 'Лидия', '9120000153');
  await page.goto('/');
  const number = await placePickupOrder(page, '+7 (912) 000-01-53');
  await expect(cabinetButton(page)).toHaveAccessibleName(unreadName(1));
  await expect.poll(() => socketCount(page)).toBeGreaterThan(0);
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

test('logging out closes the socket for good', async ({ page, context }) => {
  await watchSockets(context);
  // The page's timers run on a clock the test moves: any retry would be due within the two minutes run below.
  await page.clock.install();
  await signInByApi(page, 'Нина', '9120000154');
  await page.goto('/');
  await expect.poll(() => socketCount(page)).toBeGreaterThan(0);
  const last = (await socketCount(page)) - 1;
  await waitForLiveSocket(page, last);

  const shell = new Shell(page);
  await shell.cabinetButton.click();
  await shell.cabinetMenu.getByRole('menuitem', { name: 'Выйти' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Войти' })).toBeVisible();
  // 4001 from the server (the session ended), or 1000 from the page that saw the shopper leave first.
  await expect.poll(() => closeCodeOf(page, last)).toEqual(expect.any(Number));
  expect([1000, 4001]).toContain(await closeCodeOf(page, last));
  await page.clock.runFor(120_000);
  expect(await socketCount(page)).toBe(last + 1);
});

// @chrome: the desktop browser, not the headless shell: the shell has no push service.
test('web push: nothing is asked before the press, and the service worker shows what is pushed', {
  tag: '@chrome',
}, async ({ page, context }) => {
  await signInByApi(page, 'Тамара', '9120000155');
  await page.goto('/lk?active=notification');
  const enable = new NotificationsTab(page).list.getByRole('button', { name: 'Включить уведомления' });
  await expect(enable).toBeVisible();
  // Nothing on load: no prompt and no push subscription. The service worker itself may be there: every page
  // registers it once loaded, for the installable app (ADR 050).
  expect(
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/');
      return Boolean(await registration?.pushManager.getSubscription().catch(() => null));
    }),
  ).toBe(false);

  // The customer allows it at the prompt (granted here); the worker registers for the whole site under the CSP.
  await context.grantPermissions(['notifications']);
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await enable.click();
  const scope = await page.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready;
    const worker = ready.active;
    if (worker && worker.state !== 'activated') {
      await new Promise((resolve) => {
        worker.addEventListener('statechange', () => {
          if (worker.state === 'activated') resolve(null);
        });
      });
    }
    return ready.scope;
  });
  expect(scope).toBe(new URL('/', page.url()).href);
  // Chromium gives browser contexts like this one no push service (incognito): the subscription itself is
  // covered by the action tests, the sending by the server's tests against a fake push service.

  const registration = registrations.find((item) => item.scopeURL === scope);
  if (!registration) throw new Error('no service worker registration reported');
  const push = async (payload: PushPayload) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(page.url()).origin,
      registrationId: registration.registrationId,
      data: JSON.stringify(payload),
    });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((item) => ({
        title: item.title,
        body: item.body,
        tag: item.tag,
        link: (item.data as { link: string }).link,
      })),
    );
  // Delivered again until shown: a repeat with the same tag replaces the notification, it never adds one.
  const order: PushPayload = {
    title: 'Заказ №7',
    body: 'Заказ №7 в пути.',
    link: '/order/7',
    tag: 'order-7',
  };
  await expect
    .poll(async () => {
      await push(order);
      return shown();
    })
    .toEqual([
      { title: 'Заказ №7', body: 'Заказ №7 в пути.', tag: 'order-7', link: new URL('/order/7', scope).href },
    ]);
  // A link elsewhere is never followed: the list instead.
  const elsewhere: PushPayload = {
    title: 'Поддержка Фреш',
    body: 'Ответ',
    link: 'https://elsewhere.example/',
    tag: 'chat',
  };
  await expect
    .poll(async () => {
      await push(elsewhere);
      return (await shown()).find((item) => item.tag === 'chat')?.link;
    })
    .toBe(new URL('/lk?active=notification', scope).href);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a message is sent as a plain form, and a notification opens its link read', async ({ page }) => {
    const phone = '+79120000157';
    expect((await page.request.post('/api/user/code', { data: { name: 'Ада', phone } })).ok()).toBe(true);
    const login = await page.request.post('/api/user/login', {
      data: { phone, code: await codeFromOutbox(phone) },
    });
    expect(login.ok()).toBe(true);

    await page.goto('/lk?active=chat');
    const chat = new ChatTab(page);
    await chat.text.fill('Пишу без скриптов');
    await chat.send.click();
    await expect(chat.message('Пишу без скриптов')).toContainText('Отправлено');
    await chat.send.click();
    await expect(chat.panel.getByRole('alert')).toHaveText('Напишите сообщение или прикрепите изображение');

    const number = await placePickupOrder(page, phone);
    await page.goto('/lk?active=notification');
    const tab = new NotificationsTab(page);
    await expect(tab.unreadLabels).toHaveCount(1);
    await tab.item(`Заказ №${number}`).click();
    await expect(page).toHaveURL(new RegExp(`/order/${number}$`));
    await page.goto('/lk?active=notification');
    await expect(tab.unreadLabels).toHaveCount(0);
  });
});
