/**
 * The /ws socket's events (issue 15; protocol in core/contracts/realtime.ts): chat messages, typing and read
 * receipts between a customer and an operator, order changes, badges, nobody else's events, catch-up after a
 * reconnect, logout closing the socket; web push against a local fake push service; and two apps sharing
 * PostgreSQL and Redis as two processes of one deployment.
 */
import { randomBytes } from 'node:crypto';
import { SentMessageSchema } from '@core/contracts/support';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/setup/app';
import { runsOn, TEST_DATABASE_KINDS, TEST_REDIS_URL } from '../../tests/setup/database';
import { type FakePushService, startFakePushService } from '../../tests/setup/fake-push-service';
import { type SignedInCustomer, signIn } from '../../tests/setup/identity';
import { openSocket, placePickupOrder, settle, signInOperator, socketUrl } from '../../tests/setup/realtime';
import { MONDAY_MORNING } from '../../tests/setup/services';
import { pushSubscriptions, stores } from '../db/schema/index';
import { CATCH_UP_OVERLAP_MS } from '../http/websocket';
import { createFakeClock, type FakeClock } from '../lib/clock';

/** A promise the test opens when it chooses: holds a step of the server where the test wants it held. */
function gate(): { opened: Promise<void>; open(): void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
let phoneCounter = 0;
const nextPhone = () => {
  phoneCounter += 1;
  return `+7 (903) 4${String(phoneCounter).padStart(2, '0')}-00-00`;
};

/** PGlite with the in-memory bus; PostgreSQL with the Redis bus and presence when a Redis server is there. */
const VARIANTS = TEST_DATABASE_KINDS.map((kind) => ({
  kind,
  redisUrl: kind === 'postgres' ? TEST_REDIS_URL : undefined,
}));

describe.each(VARIANTS)('sockets on $kind (redis: $redisUrl)', ({ kind, redisUrl }) => {
  let t: TestApp;
  let clock: FakeClock;
  let operator: SignedInCustomer;
  let push: FakePushService;
  let url: string;

  beforeAll(async () => {
    clock = createFakeClock(MONDAY_MORNING);
    push = await startFakePushService();
    t = await createTestApp(kind, { clock, redisUrl, pushNetwork: push.network });
    operator = await signInOperator(t, '+7 (903) 999-00-01');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = socketUrl(t);
  });

  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  const post = async (who: SignedInCustomer, path: string, payload?: object) => {
    clock.advance(1000);
    const response = await t.app.inject({
      method: 'POST',
      url: path,
      headers: who.headers,
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as unknown;
  };

  it('carries a chat both ways: message, typing, read receipt, notification and badge', async () => {
    const customer = await signIn(t, nextPhone());
    const customerSocket = await openSocket(url, customer.token);
    const operatorSocket = await openSocket(url, operator.token);

    const { message } = SentMessageSchema.parse(
      await post(customer, '/api/chat/messages', { text: 'Здравствуйте' }),
    );
    expect((await operatorSocket.next('chat.message')).message).toMatchObject({
      _id: message._id,
      author: 'customer',
    });
    expect((await operatorSocket.next('chat.conversation')).conversation).toMatchObject({
      _id: message.conversation,
      unread: 1,
    });
    // The customer's own other tabs get it too.
    expect((await customerSocket.next('chat.message')).message._id).toBe(message._id);

    operatorSocket.send({ type: 'typing', conversation: message.conversation });
    expect(await customerSocket.next('chat.typing')).toMatchObject({
      conversation: message.conversation,
      author: 'operator',
      ttl_ms: 5000,
    });
    expect(await t.app.services.support.isTyping(message.conversation, 'operator')).toBe(true);

    await post(operator, `/api/operator/conversations/${message.conversation}/read`);
    expect(await customerSocket.next('chat.read')).toMatchObject({ reader: 'operator' });

    await post(operator, `/api/operator/conversations/${message.conversation}/messages`, {
      text: 'Чем помочь?',
    });
    expect((await customerSocket.next('chat.message')).message).toMatchObject({
      author: 'operator',
      text: 'Чем помочь?',
    });
    expect((await customerSocket.next('notification')).notification).toMatchObject({
      type: 'chat_message',
      chat_id: message.conversation,
    });
    expect((await customerSocket.next('badges', (event) => event.badges.cabinet === 1)).badges).toEqual({
      cabinet: 1,
      orders: 0,
    });
    await post(customer, '/api/chat/read');
    expect(await operatorSocket.next('chat.read', (event) => event.reader === 'customer')).toMatchObject({
      conversation: message.conversation,
    });
    expect((await customerSocket.next('badges', (event) => event.badges.cabinet === 0)).badges.cabinet).toBe(
      0,
    );
    // The customer was online: nothing was pushed.
    await t.app.services.notifications.whenIdle();
    await customerSocket.close();
    await operatorSocket.close();
  });

  it("tells the customer of an order's status live, and nobody else", async () => {
    const customer = await signIn(t, nextPhone());
    const bystander = await signIn(t, nextPhone());
    const order = await placePickupOrder(t, customer);
    const socket = await openSocket(url, customer.token);
    const other = await openSocket(url, bystander.token);
    await post(operator, `/api/operator/orders/${order.number}/status`, { status: 'confirmed' });
    expect((await socket.next('order.status')).order).toEqual({ number: order.number, status: 'confirmed' });
    expect((await socket.next('notification')).notification.link).toBe(`/order/${order.number}`);
    expect((await socket.next('badges')).badges).toEqual({ cabinet: 2, orders: 1 });
    await settle(t, bystander.user._id, other);
    expect(other.received.map((event) => event.type)).toEqual(['hello', 'badges']);
    await socket.close();
    await other.close();
  });

  it('catches up after a reconnect: what happened while away comes in order, once asked', async () => {
    const customer = await signIn(t, nextPhone());
    const order = await placePickupOrder(t, customer);
    // Its notification is older than the catch-up's overlap: seen, and not sent again.
    clock.advance(CATCH_UP_OVERLAP_MS);
    const first = await openSocket(url, customer.token);
    const { message } = SentMessageSchema.parse(
      await post(customer, '/api/chat/messages', { text: 'Вопрос' }),
    );
    const lastSeen = (await first.next('chat.message')).at;
    await first.close();

    await post(operator, `/api/operator/conversations/${message.conversation}/messages`, { text: 'Ответ 1' });
    await post(operator, `/api/operator/orders/${order.number}/status`, { status: 'confirmed' });
    await post(operator, `/api/operator/conversations/${message.conversation}/messages`, { text: 'Ответ 2' });

    const again = await openSocket(url, customer.token);
    again.send({ type: 'resume', since: lastSeen });
    const missed = await again.next('missed');
    expect(missed.messages.map((item) => item.text)).toEqual(['Вопрос', 'Ответ 1', 'Ответ 2']);
    expect(missed.notifications.map((item) => item.content)).toEqual([
      'Ответ 1',
      `Магазин подтвердил заказ №${order.number}.`,
      'Ответ 2',
    ]);
    expect((await again.next('badges')).badges).toEqual({ cabinet: 4, orders: 1 });
    again.send({ type: 'resume', since: 'yesterday' });
    expect((await again.next('error')).message).toBe('Некорректное сообщение');
    await again.close();
  });

  it('catches up an order notification announced after the cursor passed its creation', async () => {
    const customer = await signIn(t, nextPhone());
    const order = await placePickupOrder(t, customer);
    const socket = await openSocket(url, customer.token);
    const content = `Магазин подтвердил заказ №${order.number}.`;
    // The move's transaction stores the notification (created now) and commits; its announcement comes
    // after, and is held here while another event, stamped later, reaches the socket.
    const notifications = t.app.services.notifications;
    const announce = notifications.announceOrders;
    const held = gate();
    const reached = gate();
    notifications.announceOrders = async (changes) => {
      reached.open();
      await held.opened;
      await announce(changes);
    };
    let lastSeen: string;
    try {
      clock.advance(1000);
      const moving = t.app.inject({
        method: 'POST',
        url: `/api/operator/orders/${order.number}/status`,
        headers: operator.headers,
        payload: { status: 'confirmed' },
      });
      await reached.opened;
      clock.advance(5 * CATCH_UP_OVERLAP_MS);
      await post(customer, '/api/chat/messages', { text: 'Где мой заказ?' });
      lastSeen = (await socket.next('chat.message')).at;
      // The connection drops before the announcement goes out (to nobody, then).
      await socket.close();
      clock.advance(1000);
      held.open();
      expect((await moving).statusCode).toBe(200);
    } finally {
      notifications.announceOrders = announce;
    }

    const again = await openSocket(url, customer.token);
    again.send({ type: 'resume', since: lastSeen });
    const missed = await again.next('missed');
    expect(missed.notifications.map((item) => item.content)).toEqual([content]);
    // Created before the cursor, delivered after it.
    expect(Date.parse(missed.notifications[0]?.created_at ?? '')).toBeLessThan(Date.parse(lastSeen));
    await again.close();
  });

  it('sends on resume an order notification whose announcement never went out', async () => {
    const customer = await signIn(t, nextPhone());
    const order = await placePickupOrder(t, customer);
    const notifications = t.app.services.notifications;
    const announce = notifications.announceOrders;
    // The process ends between the commit and the announcement: the notification is stored, never sent.
    notifications.announceOrders = async () => {};
    try {
      clock.advance(1000);
      const moved = await t.app.inject({
        method: 'POST',
        url: `/api/operator/orders/${order.number}/status`,
        headers: operator.headers,
        payload: { status: 'confirmed' },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    } finally {
      notifications.announceOrders = announce;
    }
    clock.advance(5 * CATCH_UP_OVERLAP_MS);

    const socket = await openSocket(url, customer.token);
    socket.send({ type: 'resume', since: new Date(clock.now()).toISOString() });
    const live = await socket.next('notification');
    expect(live.notification.content).toBe(`Магазин подтвердил заказ №${order.number}.`);
    await socket.next('missed');
    await socket.close();

    // Sent once: the next catch-up from before it does not make it pending again.
    const again = await openSocket(url, customer.token);
    again.send({ type: 'resume', since: new Date(clock.now() - 60_000).toISOString() });
    const missed = await again.next('missed');
    expect(missed.notifications.filter((item) => item.id === live.notification.id)).toHaveLength(1);
    await again.close();
  });

  it('catches up a chat message that a later-stamped event overtook on its way to the socket', async () => {
    const asking = await signIn(t, nextPhone());
    const other = await signIn(t, nextPhone());
    const socket = await openSocket(url, operator.token);
    // The first message's publish is held (as a slow audience lookup or bus would hold it) while the other
    // customer's, stamped later, goes out.
    const realtime = t.app.services.realtime;
    const publish = realtime.publish;
    const held = gate();
    const reached = gate();
    realtime.publish = async (to, event) => {
      if (event.type === 'chat.message' && event.message.text === 'Первым написал') {
        reached.open();
        await held.opened;
      }
      await publish(to, event);
    };
    let lastSeen: string;
    try {
      const first = post(asking, '/api/chat/messages', { text: 'Первым написал' });
      await reached.opened;
      clock.advance(500);
      await post(other, '/api/chat/messages', { text: 'Вторым написал' });
      lastSeen = (await socket.next('chat.message', (event) => event.message.text === 'Вторым написал')).at;
      await socket.close();
      held.open();
      await first;
    } finally {
      realtime.publish = publish;
    }

    const again = await openSocket(url, operator.token);
    again.send({ type: 'resume', since: lastSeen });
    const texts = (await again.next('missed')).messages.map((item) => item.text);
    expect(texts).toContain('Первым написал');
    expect(texts.filter((text) => text === 'Первым написал')).toHaveLength(1);
    await again.close();
  });

  it("reaches an operator of some shops with their customers' conversations only, live and on catch-up", async () => {
    const [storeA, storeB] = await t.db.db.select({ id: stores.id }).from(stores).limit(2);
    if (!storeA || !storeB) throw new Error('two shops expected');
    const shopOperator = await signInOperator(t, nextPhone(), [storeA.id]);
    const ours = await signIn(t, nextPhone());
    const theirs = await signIn(t, nextPhone());
    await placePickupOrder(t, ours, storeA.id);
    await placePickupOrder(t, theirs, storeB.id);
    const socket = await openSocket(url, shopOperator.token);
    const since = new Date(clock.now()).toISOString();

    await post(theirs, '/api/chat/messages', { text: 'Вопрос другому магазину' });
    const { message } = SentMessageSchema.parse(
      await post(ours, '/api/chat/messages', { text: 'Вопрос нашему магазину' }),
    );
    expect((await socket.next('chat.conversation')).conversation.last_message?._id).toBe(message._id);
    // Events reach a socket in the order they were published: the other customer's came first, had it come.
    const texts = socket.received.flatMap((event) =>
      event.type === 'chat.message' ? [event.message.text] : [],
    );
    expect(texts).toEqual(['Вопрос нашему магазину']);

    socket.send({ type: 'resume', since });
    expect((await socket.next('missed')).messages.map((item) => item.text)).toEqual([
      'Вопрос нашему магазину',
    ]);
    await socket.close();
  });

  it("tells the operators of an order's shop of it on their board — placed, moved, cancelled — and no others", async () => {
    const [storeA, storeB] = await t.db.db.select({ id: stores.id }).from(stores).limit(2);
    if (!storeA || !storeB) throw new Error('two shops expected');
    const ourOperator = await signInOperator(t, nextPhone(), [storeA.id]);
    const otherOperator = await signInOperator(t, nextPhone(), [storeB.id]);
    const customer = await signIn(t, nextPhone());
    const ours = await openSocket(url, ourOperator.token);
    const others = await openSocket(url, otherOperator.token);
    const everyShop = await openSocket(url, operator.token);
    const customerSocket = await openSocket(url, customer.token);

    const order = await placePickupOrder(t, customer, storeA.id);
    const placed = { type: 'order.board', order: { number: order.number, status: 'new' }, store: storeA.id };
    expect(await ours.next('order.board')).toMatchObject(placed);
    expect(await everyShop.next('order.board', (event) => event.order.number === order.number)).toMatchObject(
      placed,
    );
    await post(operator, `/api/operator/orders/${order.number}/status`, { status: 'confirmed' });
    expect((await ours.next('order.board')).order).toEqual({ number: order.number, status: 'confirmed' });
    await post(customer, `/api/orders/${order.number}/cancel`);
    expect((await ours.next('order.board')).order).toEqual({ number: order.number, status: 'cancelled' });

    await settle(t, otherOperator.user._id, others);
    await settle(t, customer.user._id, customerSocket);
    expect(others.received.filter((event) => event.type === 'order.board')).toEqual([]);
    expect(customerSocket.received.filter((event) => event.type === 'order.board')).toEqual([]);
    for (const socket of [ours, others, everyShop, customerSocket]) await socket.close();
  });

  it('closes the socket at logout', async () => {
    const customer = await signIn(t, nextPhone());
    const socket = await openSocket(url, customer.token);
    await post(customer, '/api/user/logout');
    expect(await socket.closed).toBe(4001);
  });

  it('pushes to a customer with no socket open, not to one with a socket; forgets a gone subscription', async () => {
    const customer = await signIn(t, nextPhone());
    const browser = push.subscriber();
    const unsubscribed = push.subscriber({ gone: true });
    await post(customer, '/api/notification/subscribe', { subscription: browser.subscription });
    await post(customer, '/api/notification/subscribe', { subscription: unsubscribed.subscription });
    const { message } = SentMessageSchema.parse(
      await post(customer, '/api/chat/messages', { text: 'Есть кто?' }),
    );
    const ofCustomer = () =>
      push.received.filter((request) =>
        [browser, unsubscribed].some((s) => s.subscription.endpoint.endsWith(request.path)),
      );

    // Online: the socket's toast tells them; no push.
    const socket = await openSocket(url, customer.token);
    await post(operator, `/api/operator/conversations/${message.conversation}/messages`, {
      text: 'Да, слушаю',
    });
    await socket.next('notification');
    await t.app.services.notifications.whenIdle();
    expect(ofCustomer()).toHaveLength(0);
    await socket.close();

    // Away: pushed, encrypted for the browser's keys, signed with our VAPID key.
    await post(operator, `/api/operator/conversations/${message.conversation}/messages`, { text: 'Вы тут?' });
    await t.app.services.notifications.whenIdle();
    const [delivered, refused] = [
      ofCustomer().find((request) => browser.subscription.endpoint.endsWith(request.path)),
      ofCustomer().find((request) => unsubscribed.subscription.endpoint.endsWith(request.path)),
    ];
    expect(delivered?.headers['content-encoding']).toBe('aes128gcm');
    expect(delivered?.headers.authorization).toMatch(/^vapid t=.+, k=[A-Za-z0-9_-]+$/);
    expect(browser.decrypt(delivered?.body ?? Buffer.alloc(0))).toEqual({
      title: 'Поддержка Фреш',
      body: 'Вы тут?',
      link: '/lk?active=chat',
      tag: message.conversation,
    });
    expect(refused).toBeDefined();
    const left = await t.db.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, customer.user._id));
    expect(left.map((row) => row.endpoint)).toEqual([browser.subscription.endpoint]);

    // An order status change is pushed the same way.
    const order = await placePickupOrder(t, customer);
    await t.app.services.notifications.whenIdle();
    const before = ofCustomer().length;
    await post(operator, `/api/operator/orders/${order.number}/status`, { status: 'confirmed' });
    await t.app.services.notifications.whenIdle();
    const last = ofCustomer().slice(before);
    expect(last.map((request) => browser.decrypt(request.body))).toEqual([
      expect.objectContaining({
        body: `Магазин подтвердил заказ №${order.number}.`,
        link: `/order/${order.number}`,
      }),
    ]);
  });
});

describe.skipIf(!runsOn('postgres') || !TEST_REDIS_URL)('two processes sharing PostgreSQL and Redis', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    const prefix = `fresh-test:two:${randomBytes(4).toString('hex')}:`;
    a = await createTestApp('postgres', { redisUrl: TEST_REDIS_URL, redisKeyPrefix: prefix });
    b = await createTestApp('postgres', {
      redisUrl: TEST_REDIS_URL,
      redisKeyPrefix: prefix,
      shareDatabaseOf: a,
    });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    for (const app of [a, b]) {
      const bus = app.app.services.realtime.bus as { ready?: Promise<void> };
      await bus.ready;
    }
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a message sent through A reaches a socket on B; an order change on B reaches a socket on A', async () => {
    const customer = await signIn(a, '+7 (903) 500-00-01');
    const operator = await signInOperator(a, '+7 (903) 500-00-02');
    const operatorOnB = await openSocket(socketUrl(b), operator.token);
    const customerOnA = await openSocket(socketUrl(a), customer.token);

    const sent = await a.app.inject({
      method: 'POST',
      url: '/api/chat/messages',
      headers: customer.headers,
      payload: { text: 'Через процесс A' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await operatorOnB.next('chat.message')).message.text).toBe('Через процесс A');

    const order = await placePickupOrder(a, customer);
    const moved = await b.app.inject({
      method: 'POST',
      url: `/api/operator/orders/${order.number}/status`,
      headers: operator.headers,
      payload: { status: 'confirmed' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(
      (await customerOnA.next('order.status', (event) => event.order.status === 'confirmed')).order,
    ).toEqual({
      number: order.number,
      status: 'confirmed',
    });
    expect(
      (
        await customerOnA.next(
          'notification',
          (event) => event.notification.content === `Магазин подтвердил заказ №${order.number}.`,
        )
      ).notification.link,
    ).toBe(`/order/${order.number}`);
    // Presence is shared: B knows the customer has a socket open on A (so B pushes nothing).
    expect(await b.app.services.realtime.presence.isOnline(customer.user._id)).toBe(true);
    // A logout through B closes the session's socket on A.
    await b.app.inject({ method: 'POST', url: '/api/user/logout', headers: customer.headers });
    expect(await customerOnA.closed).toBe(4001);
    await operatorOnB.close();
  });
});
