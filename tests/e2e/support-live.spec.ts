/**
 * Issue 15's two-browser journey: a customer and a support operator, each in a browser of their own, as they
 * would be. The customer asks in the chat; the question appears in the operator's console by itself; the
 * operator answers there, and the customer — on another page by then — gets the 5000 ms toast and the cabinet
 * badge; the operator moves the customer's order to «В пути» on the board, and the order page the customer
 * has open follows. Nobody reloads: each page carries a mark that a reload would wipe.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signInByApi, test } from './fixtures';
import { E2E_LIVE_OPERATOR } from './operator-account';
import { actAsDistinctClient, toast } from './pages/auth';
import { OperatorConsole, placeDeliveryOrder } from './pages/operator';
import { Shell } from './pages/shell';
import { ChatTab, cabinetButton, ordersLink, SAME_ORIGIN, unreadName } from './pages/support';

const CUSTOMER = { name: 'Лариса', phoneDigits: '9120000161' } as const;

/** Marks the page's document: the mark lasts while the page only changes in place, and a reload wipes it. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { __notReloaded: true }));
}

async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true);
}

test('a customer asks in the chat, the operator answers from the console and moves the order; both live', async ({
  browser,
}, testInfo) => {
  test.slow();
  const customerContext = await browser.newContext();
  const operatorContext = await browser.newContext();
  try {
    await actAsDistinctClient(customerContext, testInfo, 'customer');
    await actAsDistinctClient(operatorContext, testInfo, 'operator');
    const customer = await customerContext.newPage();
    const operatorPage = await operatorContext.newPage();

    // The customer, signed in, has a delivery order (placed through the checkout's API). Signing in through
    // the popups and the console's login page has journeys of its own (auth.spec.ts, operator.spec.ts).
    await signInByApi(customer, CUSTOMER.name, CUSTOMER.phoneDigits);
    await customer.goto('/');
    const number = await placeDeliveryOrder({ api: customer.request }, SAME_ORIGIN);
    await expect(cabinetButton(customer)).toHaveAccessibleName(unreadName(1));
    await expect(ordersLink(customer)).toHaveAccessibleName('Заказы, активных: 1');

    // The operator opens the console in a browser of their own; the customer has not written yet.
    await signInByApi(operatorPage, E2E_LIVE_OPERATOR.name, E2E_LIVE_OPERATOR.phoneDigits);
    await operatorPage.goto('/operator');
    const operator = new OperatorConsole(operatorPage);
    await expect(operator.heading).toBeVisible();
    await expect(operator.connection).toHaveText('Обновления приходят сразу');
    await expect(operator.conversation(CUSTOMER.name)).toHaveCount(0);
    await markDocument(operatorPage);

    // The customer asks through the chat tab.
    await customer.goto('/lk?active=chat');
    const chat = new ChatTab(customer);
    const question = 'Здравствуйте! Можно привезти заказ к подъезду?';
    await chat.text.fill(question);
    await chat.send.click();
    await expect(chat.message(question)).toContainText('Отправлено');
    await expect(chat.text).toHaveValue('');

    // It appears in the console by itself, unread.
    const row = operator.conversation(CUSTOMER.name);
    await expect(row).toContainText(question);
    await expect(row).toHaveAccessibleName(/непрочитанных: 1$/);
    expect(await isSameDocument(operatorPage)).toBe(true);
    await expectAccessible(operatorPage);

    // The customer goes on shopping: the catalogue, not the chat.
    await new Shell(customer).catalogButton.click();
    await expect(customer).toHaveURL(/\/catalog$/);
    await expect(customer.getByRole('heading', { level: 1 })).toBeVisible();
    await markDocument(customer);

    // The operator opens the conversation (the customer's message is read then) and answers.
    await row.click();
    await expect(operator.openConversation(CUSTOMER.name)).toBeVisible();
    await expect(operator.messages).toContainText(question);
    await expect(row).not.toHaveAccessibleName(/непрочитанных/);
    const answer = 'Здравствуйте, Лариса! Да, курьер поднимется к подъезду.';
    await operator.reply.fill(answer);
    await operator.page.getByRole('button', { name: 'Отправить' }).click();
    await expect(operator.messages.getByRole('listitem').filter({ hasText: answer })).toContainText(
      'Отправлено',
    );
    expect(await isSameDocument(operatorPage)).toBe(true);

    // Off the chat, the answer is a toast (SPEC §4: 5000 ms) leading to the chat, and the badge counts it.
    const reply = toast(customer, answer);
    await expect(reply).toBeVisible();
    await expect(reply).toContainText('Поддержка Фреш');
    await expect(reply.getByRole('link', { name: 'Открыть чат' })).toHaveAttribute('href', '/lk?active=chat');
    await expect(cabinetButton(customer)).toHaveAccessibleName(unreadName(2));
    await expectAccessible(customer);
    // It goes by itself. How long it stays (5000 ms) is stated with an injected clock in the toast queue's unit
    // tests: measured here in real time, a loaded machine shows the toast late and the figure comes out short.
    await expect(reply).toBeHidden({ timeout: 20_000 });
    expect(await isSameDocument(customer)).toBe(true);

    // The customer opens the order from the header's 'Заказы'; the operator moves it along the board.
    await ordersLink(customer).click();
    await expect(customer).toHaveURL(/\/lk\?active=orders$/);
    await customer
      .getByRole('region', { name: 'Мои заказы' })
      .getByRole('listitem')
      .filter({ hasText: `№${number}` })
      .getByRole('link')
      .click();
    await expect(customer).toHaveURL(new RegExp(`/order/${number}$`));
    const progress = customer.getByRole('region', { name: 'Статус заказа' });
    await expect(progress).toContainText('Новый — пройдено');
    await expect(progress).toContainText('В пути — впереди');

    await operator.customerOrders.getByRole('link', { name: `Заказ №${number}` }).click();
    await expect(operatorPage).toHaveURL(new RegExp(`/operator/board#order-${number}$`));
    await expect(operator.boardStatus(number, 'Новый')).toBeVisible();
    await expectAccessible(operatorPage);
    for (const label of ['Подтверждён', 'Собирается']) {
      await operator.moveButton(number, label).click();
      await expect(operator.boardStatus(number, label)).toBeVisible();
      await expect(progress).toContainText(`${label} — пройдено`);
    }
    await operator.moveButton(number, 'В пути').click();
    await expect(operator.boardStatus(number, 'В пути')).toBeVisible();

    // The customer's order page follows by itself: the status, the path, a toast.
    await expect(customer.getByRole('main').getByText('В пути', { exact: true })).toBeVisible();
    await expect(progress).toContainText('В пути — пройдено');
    await expect(progress).toContainText('Выполнен — впереди');
    await expect(toast(customer, `Заказ №${number} в пути.`)).toBeVisible();
    await expectAccessible(customer);

    // Back in the cabinet's orders: still one active order; five unread (the order placed, the answer, three
    // moves), all of it in the same document since the catalogue.
    await customer
      .getByRole('navigation', { name: 'Хлебные крошки' })
      .getByRole('link', { name: 'Мои заказы' })
      .click();
    await expect(customer).toHaveURL(/\/lk\?active=orders$/);
    await expect(
      customer
        .getByRole('region', { name: 'Мои заказы' })
        .getByRole('listitem')
        .filter({ hasText: `№${number}` }),
    ).toContainText('В пути');
    await expect(ordersLink(customer)).toHaveAccessibleName('Заказы, активных: 1');
    await expect(cabinetButton(customer)).toHaveAccessibleName(unreadName(5));
    expect(await isSameDocument(customer)).toBe(true);
    expect(await isSameDocument(operatorPage)).toBe(true);
  } finally {
    await customerContext.close();
    await operatorContext.close();
  }
});
