/**
 * The operator console's loaders and actions (ADR 034), called as React Router calls them, on PGlite and
 * PostgreSQL: a guest is sent to log in, a customer gets 403 before anything is read, an operator of some
 * shops sees only their customers' conversations and their shops' orders, replies and moves go through the
 * support service, and a refused move says why in Russian.
 */
import { ChatHistorySchema } from '@core/contracts/support';
import { stores } from '@server/db/schema/index';
import { createFakeClock, type FakeClock } from '@server/lib/clock';
import { isRouteErrorResponse } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loader as layoutLoader } from '~/routes/operator';
import { action as ordersAction, loader as ordersLoader } from '~/routes/operator-board';
import { action as conversationAction, loader as conversationsLoader } from '~/routes/operator-conversations';
import { actionArgs, formPost, outcomeOf, pageContext, TEST_ORIGIN } from '../../../tests/setup/actions';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { type SignedInCustomer, signIn } from '../../../tests/setup/identity';
import { placePickupOrder, signInOperator } from '../../../tests/setup/realtime';
import { MONDAY_MORNING } from '../../../tests/setup/services';

const OPERATORS_ONLY = 'Раздел доступен только операторам поддержки';

async function thrownBy(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('the loader did not throw');
}

/** A thrown `data(…, init)` or error response: its status and data. */
function errorOf(thrown: unknown): { status: number; data: unknown } {
  if (isRouteErrorResponse(thrown)) return { status: thrown.status, data: thrown.data };
  const { init, data } = thrown as { init?: ResponseInit; data?: unknown };
  return { status: init?.status ?? 0, data };
}

describe.each(TEST_DATABASE_KINDS)('the operator console on %s', (kind) => {
  let t: TestApp;
  let clock: FakeClock;
  let phoneCounter = 0;
  let storeA = '';
  let storeB = '';

  beforeAll(async () => {
    clock = createFakeClock(MONDAY_MORNING);
    t = await createTestApp(kind, { clock });
    const [first, second] = await t.db.db.select({ id: stores.id }).from(stores).limit(2);
    if (!first || !second) throw new Error('two shops expected');
    storeA = first.id;
    storeB = second.id;
  });

  afterAll(async () => {
    await t?.close();
  });

  const nextPhone = () => {
    phoneCounter += 1;
    return `+7 (904) 6${String(phoneCounter).padStart(2, '0')}-00-00`;
  };

  const load = <R>(
    loader: (args: never) => Promise<R>,
    who: SignedInCustomer | null,
    path: string,
    params: Record<string, string> = {},
  ): Promise<R> =>
    loader({
      request: new Request(`${TEST_ORIGIN}${path}`),
      params,
      context: pageContext(t, who?.user ?? null, { now: () => clock.now() }),
    } as never);

  const postTo = async (
    action: typeof conversationAction | typeof ordersAction,
    who: SignedInCustomer | null,
    path: string,
    fields: Record<string, string>,
    params: Record<string, string> = {},
  ) => {
    clock.advance(1000);
    return outcomeOf(
      await action(
        actionArgs(formPost(path, fields), pageContext(t, who?.user ?? null, { now: () => clock.now() }), {
          params: params as never,
          pattern: path,
        }),
      ),
    );
  };

  async function customerSays(customer: SignedInCustomer, text: string): Promise<string> {
    clock.advance(1000);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/chat/messages',
      headers: customer.headers,
      payload: { text },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    return (sent.json() as { message: { conversation: string } }).message.conversation;
  }

  it('sends a guest to log in and back; answers a guest’s post 401', async () => {
    const redirect = await thrownBy(load(conversationsLoader, null, '/operator/chats/x?status=closed'));
    expect(redirect).toBeInstanceOf(Response);
    expect((redirect as Response).headers.get('location')).toBe(
      `/login?redirectTo=${encodeURIComponent('/operator/chats/x?status=closed')}`,
    );
    expect(await postTo(ordersAction, null, '/operator/board', { number: '1', status: 'bad' })).toMatchObject(
      {
        kind: 'data',
        status: 401,
        data: { ok: false, message: 'Необходимо авторизоваться' },
      },
    );
  });

  it('refuses a customer every page (403 page) and every post (403) before reading it', async () => {
    const customer = await signIn(t, nextPhone());
    const pages: [(args: never) => Promise<unknown>, string, Record<string, string>][] = [
      [layoutLoader, '/operator', {}],
      [conversationsLoader, '/operator', {}],
      [conversationsLoader, '/operator/chats/not-a-uuid', { id: 'not-a-uuid' }],
      [ordersLoader, '/operator/board', {}],
    ];
    for (const [loader, path, params] of pages) {
      expect(errorOf(await thrownBy(load(loader, customer, path, params))), path).toEqual({
        status: 403,
        data: OPERATORS_ONLY,
      });
    }
    const refused = { kind: 'data', status: 403, data: { ok: false, message: OPERATORS_ONLY } };
    expect(
      await postTo(ordersAction, customer, '/operator/board', { number: 'x', status: 'x' }),
    ).toMatchObject(refused);
    expect(
      await postTo(
        conversationAction,
        customer,
        '/operator/chats/nope',
        { intent: 'reply', text: '' },
        { id: 'nope' },
      ),
    ).toMatchObject(refused);
  });

  it("shows an operator of some shops only their customers' conversations and their shops' orders", async () => {
    const operator = await signInOperator(t, nextPhone(), [storeA]);
    const ours = await signIn(t, nextPhone(), 'Вера');
    const theirs = await signIn(t, nextPhone(), 'Глеб');
    const stranger = await signIn(t, nextPhone(), 'Дина');
    const ourOrder = await placePickupOrder(t, ours, storeA);
    const ourOtherShopOrder = await placePickupOrder(t, ours, storeB);
    const theirOrder = await placePickupOrder(t, theirs, storeB);
    const ourChat = await customerSays(ours, 'Где мой заказ?');
    const theirChat = await customerSays(theirs, 'А мой?');
    await customerSays(stranger, 'Просто вопрос');

    const list = await load(conversationsLoader, operator, '/operator');
    expect(list.conversations.map((item) => item.customer.name)).toEqual(['Вера']);
    expect(list.conversations[0]).toMatchObject({ _id: ourChat, unread: 1 });
    expect(list.detail).toBeNull();

    const opened = await load(conversationsLoader, operator, `/operator/chats/${ourChat}`, { id: ourChat });
    expect(opened.detail?.messages.map((message) => message.text)).toEqual(['Где мой заказ?']);
    // Quick links: the orders of the operator's shop, numbers and statuses only.
    expect(opened.detail?.orders.map((order) => [order.number, order.status])).toEqual([
      [ourOrder.number, 'new'],
    ]);
    expect(opened.detail?.orders.map((order) => order.number)).not.toContain(ourOtherShopOrder.number);

    expect(
      errorOf(
        await thrownBy(
          load(conversationsLoader, operator, `/operator/chats/${theirChat}`, { id: theirChat }),
        ),
      ).status,
    ).toBe(404);
    expect(
      await postTo(
        conversationAction,
        operator,
        `/operator/chats/${theirChat}`,
        { intent: 'reply', text: 'Здравствуйте' },
        { id: theirChat },
      ),
    ).toMatchObject({ kind: 'data', status: 404, data: { message: 'Диалог не найден' } });

    const board = await load(ordersLoader, operator, '/operator/board');
    expect(board.orders.map((order) => order.number)).toContain(ourOrder.number);
    expect(board.orders.map((order) => order.number)).not.toContain(theirOrder.number);
    expect(
      await postTo(ordersAction, operator, '/operator/board', {
        number: String(theirOrder.number),
        status: 'confirmed',
      }),
    ).toMatchObject({ kind: 'data', status: 404, data: { message: 'Заказ не найден' } });

    const layout = await load(layoutLoader, operator, '/operator');
    expect(layout.stores).toHaveLength(1);
  });

  it('reads nothing when a conversation is opened; the console’s read post does, within reach only', async () => {
    const operator = await signInOperator(t, nextPhone(), [storeA]);
    const ours = await signIn(t, nextPhone(), 'Зоя');
    const theirs = await signIn(t, nextPhone(), 'Ирина');
    await placePickupOrder(t, ours, storeA);
    await placePickupOrder(t, theirs, storeB);
    const chat = await customerSays(ours, 'Можно заменить молоко?');
    const theirChat = await customerSays(theirs, 'А у меня вопрос');
    const path = `/operator/chats/${chat}`;
    const unreadOf = async () => {
      const page = await load(conversationsLoader, operator, path, { id: chat });
      return {
        states: page.detail?.messages.map((message) => message.state),
        unread: page.conversations.find((item) => item._id === chat)?.unread,
      };
    };

    // Loaders never write: opening the conversation (twice) leaves the customer's message unread.
    expect(await unreadOf()).toEqual({ states: ['sent'], unread: 1 });
    expect(await unreadOf()).toEqual({ states: ['sent'], unread: 1 });

    // The console posts a read once the conversation is on screen: data for its fetcher, no redirect.
    expect(await postTo(conversationAction, operator, path, { intent: 'read' }, { id: chat })).toEqual({
      kind: 'data',
      status: 200,
      data: { ok: true, intent: 'read' },
    });
    expect(await unreadOf()).toEqual({ states: ['read'], unread: 0 });
    const history = ChatHistorySchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/chat', headers: ours.headers })).json(),
    );
    expect(history.messages.map((message) => message.state)).toEqual(['read']);

    // Another shop's customer's conversation is not found, and stays unread.
    expect(
      await postTo(
        conversationAction,
        operator,
        `/operator/chats/${theirChat}`,
        { intent: 'read' },
        { id: theirChat },
      ),
    ).toMatchObject({ kind: 'data', status: 404, data: { message: 'Диалог не найден' } });
    const everyShop = await signInOperator(t, nextPhone());
    const theirPage = await load(conversationsLoader, everyShop, `/operator/chats/${theirChat}`, {
      id: theirChat,
    });
    expect(theirPage.detail?.messages.map((message) => message.state)).toEqual(['sent']);
  });

  it('replies through the support service, refuses an empty reply in Russian, and closes', async () => {
    const operator = await signInOperator(t, nextPhone());
    const customer = await signIn(t, nextPhone(), 'Егор');
    const chat = await customerSays(customer, 'Добрый день');
    const path = `/operator/chats/${chat}`;

    expect(
      await postTo(conversationAction, operator, path, { intent: 'reply', text: '   ' }, { id: chat }),
    ).toEqual({
      kind: 'data',
      status: 400,
      data: {
        ok: false,
        message: 'Напишите сообщение или прикрепите изображение',
        fields: { text: 'Напишите сообщение или прикрепите изображение' },
        // Conform's lastResult (ADR 042): the page rendered again shows the message and keeps the text.
        result: expect.objectContaining({
          initialValue: { intent: 'reply', text: '   ' },
          error: { text: ['Напишите сообщение или прикрепите изображение'] },
        }),
      },
    });
    expect(
      await postTo(
        conversationAction,
        operator,
        path,
        { intent: 'reply', text: 'Здравствуйте, Егор!' },
        { id: chat },
      ),
    ).toMatchObject({ kind: 'redirect', status: 302, location: path });
    const history = ChatHistorySchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/chat', headers: customer.headers })).json(),
    );
    expect(history.messages.map((message) => [message.author, message.text])).toEqual([
      ['customer', 'Добрый день'],
      ['operator', 'Здравствуйте, Егор!'],
    ]);

    expect(await postTo(conversationAction, operator, path, { intent: 'close' }, { id: chat })).toMatchObject(
      {
        kind: 'redirect',
        location: '/operator',
      },
    );
    const open = await load(conversationsLoader, operator, '/operator');
    expect(open.conversations.map((item) => item._id)).not.toContain(chat);
    const closed = await load(conversationsLoader, operator, '/operator?status=closed');
    expect(closed.conversations.find((item) => item._id === chat)?.status).toBe('closed');
  });

  it('stores a reply once under the page’s key: the form sent again after a lost answer', async () => {
    const operator = await signInOperator(t, nextPhone());
    const customer = await signIn(t, nextPhone(), 'Вера');
    const chat = await customerSays(customer, 'Вы работаете в праздники?');
    const path = `/operator/chats/${chat}`;
    const page = await load(conversationsLoader, operator, path, { id: chat });
    expect(page.replyKey).toMatch(/^[0-9a-f-]{36}$/);
    const form = { intent: 'reply', text: 'Да, без выходных', key: page.replyKey };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect(await postTo(conversationAction, operator, path, form, { id: chat })).toMatchObject({
        kind: 'redirect',
        location: path,
      });
    }
    const history = ChatHistorySchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/chat', headers: customer.headers })).json(),
    );
    expect(history.messages.map((message) => message.text)).toEqual([
      'Вы работаете в праздники?',
      'Да, без выходных',
    ]);
  });

  it('moves an order one step and tells the customer; refuses a wrong status in Russian', async () => {
    const operator = await signInOperator(t, nextPhone());
    const customer = await signIn(t, nextPhone());
    const order = await placePickupOrder(t, customer, storeA);
    const move = (status: string) =>
      postTo(ordersAction, operator, '/operator/board', {
        intent: 'move',
        number: String(order.number),
        status,
      });

    expect(await move('new')).toMatchObject({
      kind: 'data',
      status: 400,
      data: { ok: false, message: 'Выберите новый статус заказа' },
    });
    expect(await move('в пути')).toMatchObject({
      status: 400,
      data: { message: 'Выберите новый статус заказа' },
    });
    expect(await move('done')).toMatchObject({
      kind: 'data',
      status: 409,
      data: {
        ok: false,
        message: `Заказ №${order.number}: из статуса «Новый» в «Выполнен» перевести нельзя`,
      },
    });
    expect(await move('confirmed')).toMatchObject({ kind: 'redirect', location: '/operator/board' });

    const board = await load(ordersLoader, operator, '/operator/board');
    expect(board.orders.find((item) => item.number === order.number)).toMatchObject({
      status: 'confirmed',
      next: ['assembling', 'cancelled'],
    });
    const notifications = await t.app.services.notifications.list(customer.user._id);
    expect(notifications.notifications[0]).toMatchObject({
      content: `Магазин подтвердил заказ №${order.number}.`,
      link: `/order/${order.number}`,
    });
  });
});
