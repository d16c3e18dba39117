import type { Request } from '@playwright/test';
import WebSocket from 'ws';
import { expect, expectAccessible, test } from './fixtures';
import { E2E_OPERATOR, E2E_OPERATOR_WITHOUT_JS } from './operator-account';
import { actAsDistinctClient, codeFromOutbox } from './pages/auth';
import { OperatorConsole, placeDeliveryOrder, signInThroughApi, signInToConsole } from './pages/operator';
import { Shell } from './pages/shell';
import { dropSocket, watchSockets } from './pages/support';

test.beforeEach(async ({ context }, testInfo) => {
  await actAsDistinctClient(context, testInfo);
});

/** The customer's own socket (SPEC §7 token), to type as a customer's chat does. */
function openCustomerSocket(baseURL: string, token: string): Promise<WebSocket> {
  const url = `${baseURL.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(token)}&group=user`;
  const socket = new WebSocket(url);
  return new Promise((resolve, reject) => {
    socket.once('message', () => resolve(socket));
    socket.once('error', reject);
  });
}

test('an operator logs in, answers a customer live and moves their order to «В пути»', async ({
  page,
  context,
  baseURL,
}) => {
  test.slow();
  if (!baseURL) throw new Error('no baseURL');
  await watchSockets(context);
  const customer = await signInThroughApi(baseURL, '203.0.113.91', 'Тимофей', '9120000902');
  try {
    const number = await placeDeliveryOrder(customer);
    const asked = await customer.api.post('/api/chat/messages', {
      data: { text: 'Когда привезут заказ?', order: number },
    });
    expect(asked.ok(), await asked.text()).toBe(true);

    // A guest is sent to log in (the same SMS login) and comes back to the console.
    const operator = await signInToConsole(page, E2E_OPERATOR);
    // From the storefront, the cabinet menu leads back to the console.
    await page.goto('/');
    await (await new Shell(page).openCabinetMenu())
      .getByRole('menuitem', { name: 'Консоль поддержки' })
      .click();
    await expect(page).toHaveURL(/\/operator$/);
    await expect(operator.heading).toBeVisible();
    const row = operator.conversation('Тимофей');
    await expect(row).toContainText('Когда привезут заказ?');
    await expect(row).toHaveAccessibleName(/непрочитанных: 1$/);
    await expect(operator.connection).toHaveText('Обновления приходят сразу');
    await expectAccessible(page);

    // Opened by keyboard: the history, the order asked about, and the customer's messages now read.
    await row.focus();
    await page.keyboard.press('Enter');
    await expect(operator.openConversation('Тимофей')).toBeVisible();
    await expect(operator.messages).toContainText('Когда привезут заказ?');
    await expect(operator.messages.getByRole('link', { name: `Вопрос о заказе №${number}` })).toBeVisible();
    await expect(row).not.toHaveAccessibleName(/непрочитанных/);
    await expectAccessible(page);

    // Live over the socket: the customer types, then writes again. The message comes in the event itself
    // and the console posts its read: no loader runs (ADR 041), neither the page's nor the root's.
    const loads: string[] = [];
    const countLoad = (request: Request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname.endsWith('.data')) {
        loads.push(request.url());
      }
    };
    page.on('request', countLoad);
    const socket = await openCustomerSocket(baseURL, customer.token);
    try {
      socket.send(JSON.stringify({ type: 'typing' }));
      await expect(operator.openConversation('Тимофей').getByRole('status')).toHaveText('Клиент печатает…');
      const read = page.waitForResponse(
        (response) => response.request().method() === 'POST' && response.url().includes('/operator/chats/'),
      );
      const again = await customer.api.post('/api/chat/messages', { data: { text: 'И можно без звонка?' } });
      expect(again.ok()).toBe(true);
      await expect(operator.messages).toContainText('И можно без звонка?');
      await expect(operator.openConversation('Тимофей').getByRole('status')).toHaveText('');
      expect((await read).ok()).toBe(true);
      await expect(row).not.toHaveAccessibleName(/непрочитанных/);
      expect((await (await customer.api.get('/api/chat')).json()).messages.at(-1)).toMatchObject({
        text: 'И можно без звонка?',
        state: 'read',
      });
    } finally {
      socket.close();
      page.off('request', countLoad);
    }
    expect(loads).toEqual([]);

    // The reply: typed and sent with Enter.
    const answer = 'Здравствуйте! Курьер приедет без звонка.';
    await operator.reply.fill(answer);
    await operator.reply.press('Enter');
    await expect(operator.messages.getByRole('listitem').filter({ hasText: answer })).toContainText(
      'Отправлено',
    );
    await expect(operator.reply).toHaveValue('');
    const chat = (await (await customer.api.get('/api/chat')).json()) as { messages: { text: string }[] };
    expect(chat.messages.map((message) => message.text)).toContain(answer);
    // The customer reads it: the console says so without a reload.
    expect((await customer.api.post('/api/chat/read')).ok()).toBe(true);
    await expect(operator.messages.getByRole('listitem').filter({ hasText: answer })).toContainText(
      'Прочитано',
    );

    // The quick link leads to the order on the board; it goes along its path one step at a time.
    await operator.customerOrders.getByRole('link', { name: `Заказ №${number}` }).click();
    await expect(page).toHaveURL(new RegExp(`/operator/board#order-${number}$`));
    await expect(operator.boardOrder(number)).toContainText('Доставка');
    await expect(operator.boardStatus(number, 'Новый')).toBeVisible();
    await expectAccessible(page);
    for (const label of ['Подтверждён', 'Собирается']) {
      await operator.moveButton(number, label).click();
      await expect(operator.boardStatus(number, label)).toBeVisible();
    }
    await operator.moveButton(number, 'В пути').focus();
    await page.keyboard.press('Enter');
    await expect(operator.boardStatus(number, 'В пути')).toBeVisible();
    await expect(operator.moveButton(number, 'В пути')).toHaveCount(0);
    await expect(operator.moveButton(number, 'Выполнен')).toBeVisible();
    await expectAccessible(page);

    // The customer is told: the order and its notification.
    const order = (await (await customer.api.get(`/api/orders/${number}`)).json()) as { status: string };
    expect(order.status).toBe('on_the_way');
    const list = (await (await customer.api.get('/api/notification')).json()) as {
      notifications: { content: string }[];
    };
    expect(list.notifications[0]?.content).toBe(`Заказ №${number} в пути.`);

    // The board follows what happens elsewhere without a reload: a new order comes, a cancelled one goes.
    const next = await placeDeliveryOrder(customer);
    await expect(operator.boardStatus(next, 'Новый')).toBeVisible();
    expect((await customer.api.post(`/api/orders/${next}/cancel`)).ok()).toBe(true);
    await expect(operator.boardOrder(next)).toHaveCount(0);
    await expect(operator.boardStatus(number, 'В пути')).toBeVisible();

    // A lost connection: the order placed meanwhile is on the board once the socket is back.
    await context.setOffline(true);
    await dropSocket(page);
    const meanwhile = await placeDeliveryOrder(customer);
    await context.setOffline(false);
    await expect(operator.boardStatus(meanwhile, 'Новый')).toBeVisible({ timeout: 15_000 });
  } finally {
    await customer.close();
  }
});

test('a customer is refused the console (403 page) and its API', async ({ browser, baseURL }) => {
  if (!baseURL) throw new Error('no baseURL');
  const customer = await signInThroughApi(baseURL, '203.0.113.92', 'Ульяна', '9120000903');
  const context = await browser.newContext();
  try {
    await context.addCookies([{ name: 'fresh_session', value: customer.token, url: baseURL }]);
    const page = await context.newPage();
    await page.goto('/');
    const menu = await new Shell(page).openCabinetMenu();
    await expect(menu.getByRole('menuitem', { name: 'Заказы' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Консоль поддержки' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    const response = await page.goto('/operator');
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1, name: 'Нет доступа' })).toBeVisible();
    await expect(page.getByText('Раздел доступен только операторам поддержки')).toBeVisible();
    await expectAccessible(page);
    expect((await customer.api.get('/api/operator/conversations')).status()).toBe(403);
  } finally {
    await context.close();
    await customer.close();
  }
});

test.describe('without JavaScript', () => {
  // axe needs JavaScript in the page: the console is checked by the journey with JavaScript above.
  test.use({ javaScriptEnabled: false });

  test('an operator answers, moves an order and closes the conversation with plain forms', async ({
    page,
    baseURL,
  }) => {
    if (!baseURL) throw new Error('no baseURL');
    const customer = await signInThroughApi(baseURL, '203.0.113.93', 'Фаина', '9120000904');
    try {
      const number = await placeDeliveryOrder(customer);
      expect(
        (await customer.api.post('/api/chat/messages', { data: { text: 'Можно пораньше?' } })).ok(),
      ).toBe(true);
      // The operator's session cookie from the API login (the login page itself is the auth journeys').
      const operator = E2E_OPERATOR_WITHOUT_JS;
      expect(
        (
          await page.request.post('/api/user/code', { data: { name: operator.name, phone: operator.phone } })
        ).ok(),
      ).toBe(true);
      const login = await page.request.post('/api/user/login', {
        data: { phone: operator.phone, code: await codeFromOutbox(operator.phone) },
      });
      expect(login.ok()).toBe(true);

      await page.goto('/operator');
      const operatorConsole = new OperatorConsole(page);
      await operatorConsole.conversation('Фаина').click();
      await expect(operatorConsole.messages).toContainText('Можно пораньше?');

      // An empty reply is refused by the contract, in Russian, with the page rendered anew.
      await page.getByRole('button', { name: 'Отправить' }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: 'Напишите сообщение или прикрепите изображение' }),
      ).toBeVisible();
      await operatorConsole.reply.fill('Да, привезём к 14:00.');
      await page.getByRole('button', { name: 'Отправить' }).click();
      await expect(
        operatorConsole.messages.getByRole('listitem').filter({ hasText: 'Да, привезём к 14:00.' }),
      ).toContainText('Отправлено');
      await expect(operatorConsole.reply).toHaveValue('');

      await operatorConsole.customerOrders.getByRole('link', { name: `Заказ №${number}` }).click();
      await operatorConsole.moveButton(number, 'Подтверждён').click();
      await expect(operatorConsole.boardStatus(number, 'Подтверждён')).toBeVisible();

      await operatorConsole.sections.getByRole('link', { name: 'Диалоги' }).click();
      await operatorConsole.conversation('Фаина').click();
      await page.getByRole('button', { name: 'Закрыть диалог' }).click();
      await expect(page).toHaveURL(/\/operator$/);
      await expect(operatorConsole.conversation('Фаина')).toHaveCount(0);
      const chat = (await (await customer.api.get('/api/chat')).json()) as { chat: { status: string } };
      expect(chat.chat.status).toBe('closed');
    } finally {
      await customer.close();
    }
  });
});
