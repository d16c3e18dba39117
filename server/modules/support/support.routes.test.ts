/**
 * The support chat, notifications and the operator console's API (issue 15) through app.inject(), on PGlite
 * and PostgreSQL: who may call what (401 before 400, 403 for customers on /api/operator), messages and their
 * order, read state and unread counts, the order board moving orders and notifying the customer.
 */
import { ErrorBodySchema } from '@core/contracts/common';
import { NotificationListSchema } from '@core/contracts/notifications';
import {
  ChatHistorySchema,
  ConversationDetailSchema,
  ConversationListSchema,
  MovedOrderSchema,
  OrderBoardSchema,
  SentMessageSchema,
} from '@core/contracts/support';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisProcess, startRedis } from '../../../tests/chaos/support/redis-process';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { runsOn, TEST_DATABASE_KINDS, TEST_REDIS_URL } from '../../../tests/setup/database';
import { type SignedInCustomer, signIn, testClientAddress } from '../../../tests/setup/identity';
import { placePickupOrder, signInOperator } from '../../../tests/setup/realtime';
import { MONDAY_MORNING } from '../../../tests/setup/services';
import { until } from '../../../tests/setup/until';
import { chatConversations, chatMessages, pushSubscriptions, stores } from '../../db/schema/index';
import { createFakeClock, type FakeClock, systemClock } from '../../lib/clock';
import { createRedisLimitStore } from '../../limits/redis-limit-store';
import { openRedis, type RedisHandle } from '../../redis';
import { customerRates } from './chat-rates';
import { CHAT_ADDRESS_FACTOR, CHAT_MESSAGES_PER_DAY } from './support.service';

let phoneCounter = 0;
const nextPhone = () => {
  phoneCounter += 1;
  return `+7 (902) 3${String(phoneCounter).padStart(2, '0')}-00-00`;
};

describe.each(TEST_DATABASE_KINDS)('support chat, notifications and the operator API on %s', (kind) => {
  let t: TestApp;
  let clock: FakeClock;
  let operator: SignedInCustomer;

  beforeAll(async () => {
    clock = createFakeClock(MONDAY_MORNING);
    t = await createTestApp(kind, { clock });
    operator = await signInOperator(t, '+7 (902) 999-00-01');
  });

  afterAll(async () => {
    await t?.close();
  });

  const call = (who: SignedInCustomer | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: who ? who.headers : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const message = (body: string) => ErrorBodySchema.parse(JSON.parse(body)).message;

  async function send(who: SignedInCustomer, payload: object) {
    clock.advance(1000);
    const response = await call(who, 'POST', '/api/chat/messages', payload);
    expect(response.statusCode, response.body).toBe(200);
    return SentMessageSchema.parse(response.json()).message;
  }

  it('answers a guest 401 before reading anything, and a customer 403 on the operator API', async () => {
    for (const [method, url] of [
      ['GET', '/api/notification'],
      ['POST', '/api/notification/read-all'],
      ['POST', '/api/notification/subscribe'],
      ['GET', '/api/chat'],
      ['POST', '/api/chat/messages'],
      ['GET', '/api/operator/conversations'],
      ['POST', '/api/operator/orders/1/status'],
    ] as const) {
      const response = await call(null, method, url, method === 'POST' ? { bad: true } : undefined);
      expect(response.statusCode, url).toBe(401);
      expect(message(response.body)).toBe('Необходимо авторизоваться');
    }
    const customer = await signIn(t, nextPhone());
    for (const [method, url, payload] of [
      ['GET', '/api/operator/conversations', undefined],
      ['GET', '/api/operator/conversations/not-a-uuid', undefined],
      ['POST', '/api/operator/conversations/00000000-0000-4000-8000-000000000000/messages', { text: 42 }],
      ['GET', '/api/operator/orders', undefined],
      ['POST', '/api/operator/orders/1/status', { status: 'nonsense' }],
    ] as const) {
      const response = await call(customer, method, url, payload);
      expect(response.statusCode, url).toBe(403);
      expect(message(response.body)).toBe('Раздел доступен только операторам поддержки');
    }
  });

  it('refuses empty, too long and foreign messages with Russian messages', async () => {
    const customer = await signIn(t, nextPhone());
    const other = await signIn(t, nextPhone());
    const cases: [object, string][] = [
      [{ text: '   ' }, 'Напишите сообщение или прикрепите изображение'],
      [{}, 'Напишите сообщение или прикрепите изображение'],
      [{ text: 'я'.repeat(2001) }, 'Сообщение — не длиннее 2000 символов'],
      [{ text: 'привет', image: 'nope' }, 'Изображение не найдено, загрузите его ещё раз'],
    ];
    for (const [payload, expected] of cases) {
      const response = await call(customer, 'POST', '/api/chat/messages', payload);
      expect(response.statusCode).toBe(400);
      expect(message(response.body)).toBe(expected);
    }
    // Another customer's image and another customer's order are 'not found' for this one.
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const boundary = 'x-boundary';
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      headers: { ...other.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const imageId = (upload.json() as { _id: string })._id;
    const foreignImage = await call(customer, 'POST', '/api/chat/messages', { text: 'вот', image: imageId });
    expect(foreignImage.statusCode).toBe(400);
    expect(message(foreignImage.body)).toBe('Изображение не найдено, загрузите его ещё раз');
    const order = await placePickupOrder(t, other);
    const foreignOrder = await call(customer, 'POST', '/api/chat/messages', {
      text: 'где?',
      order: order.number,
    });
    expect(foreignOrder.statusCode).toBe(400);
    expect(message(foreignOrder.body)).toBe('Заказ не найден');
    // The owner may send both.
    const sent = await send(other, { text: '', image: imageId, order: order.number });
    expect(sent).toMatchObject({
      author: 'customer',
      text: '',
      image: { _id: imageId },
      order: order.number,
    });
  });

  it('keeps one conversation per customer, in order, paged back with a cursor', async () => {
    const customer = await signIn(t, nextPhone());
    const empty = ChatHistorySchema.parse((await call(customer, 'GET', '/api/chat')).json());
    expect(empty).toEqual({ success: true, chat: null, messages: [], next_before: null });
    const texts = Array.from({ length: 7 }, (_, index) => `Сообщение ${index + 1}`);
    for (const text of texts) await send(customer, { text });
    const first = ChatHistorySchema.parse((await call(customer, 'GET', '/api/chat?limit=3')).json());
    expect(first.messages.map((item) => item.text)).toEqual(texts.slice(4));
    expect(first.next_before).toBe(first.messages[0]?.seq);
    const second = ChatHistorySchema.parse(
      (await call(customer, 'GET', `/api/chat?limit=3&before=${first.next_before}`)).json(),
    );
    expect(second.messages.map((item) => item.text)).toEqual(texts.slice(1, 4));
    const third = ChatHistorySchema.parse(
      (await call(customer, 'GET', `/api/chat?limit=3&before=${second.next_before}`)).json(),
    );
    expect(third.messages.map((item) => item.text)).toEqual(texts.slice(0, 1));
    expect(third.next_before).toBeNull();
    const rows = await t.db.db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.customerId, customer.user._id));
    expect(rows).toHaveLength(1);
    const bad = await call(customer, 'GET', '/api/chat?limit=500');
    expect(bad.statusCode).toBe(400);
    expect(message(bad.body)).toBe('Не больше 100 сообщений за раз');
  });

  it('lists conversations newest first with unread counts; replies notify; reading clears both sides', async () => {
    const anna = await signIn(t, nextPhone(), 'Анна');
    const boris = await signIn(t, nextPhone(), 'Борис');
    await send(anna, { text: 'Первый вопрос' });
    await send(boris, { text: 'Вопрос Бориса' });
    await send(anna, { text: 'Второй вопрос' });
    await send(anna, { text: 'Третий вопрос' });

    const list = ConversationListSchema.parse(
      (await call(operator, 'GET', '/api/operator/conversations')).json(),
    );
    const mine = list.conversations.filter((item) =>
      [anna.user._id, boris.user._id].includes(item.customer._id),
    );
    expect(mine.map((item) => [item.customer.name, item.unread, item.last_message?.text])).toEqual([
      ['Анна', 3, 'Третий вопрос'],
      ['Борис', 1, 'Вопрос Бориса'],
    ]);
    const conversationId = mine[0]?._id ?? '';

    const detail = ConversationDetailSchema.parse(
      (await call(operator, 'GET', `/api/operator/conversations/${conversationId}`)).json(),
    );
    expect(detail.messages.map((item) => item.state)).toEqual(['sent', 'sent', 'sent']);
    expect(
      (await call(operator, 'POST', `/api/operator/conversations/${conversationId}/read`)).statusCode,
    ).toBe(200);
    const afterRead = ChatHistorySchema.parse((await call(anna, 'GET', '/api/chat')).json());
    expect(afterRead.messages.map((item) => item.state)).toEqual(['read', 'read', 'read']);

    clock.advance(1000);
    const reply = await call(operator, 'POST', `/api/operator/conversations/${conversationId}/messages`, {
      text: 'Здравствуйте, Анна!',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const notifications = NotificationListSchema.parse((await call(anna, 'GET', '/api/notification')).json());
    expect(notifications.unread).toBe(1);
    expect(notifications.notifications[0]).toMatchObject({
      type: 'chat_message',
      title: 'Поддержка Фреш',
      content: 'Здравствуйте, Анна!',
      chat_id: conversationId,
      link: '/lk?active=chat',
      is_read: false,
    });
    // Boris hears nothing of Anna's conversation, and cannot reach it.
    expect(NotificationListSchema.parse((await call(boris, 'GET', '/api/notification')).json()).unread).toBe(
      0,
    );
    const borisChat = ChatHistorySchema.parse((await call(boris, 'GET', '/api/chat')).json());
    expect(borisChat.messages.map((item) => item.text)).toEqual(['Вопрос Бориса']);
    const intruder = await call(boris, 'GET', `/api/operator/conversations/${conversationId}`);
    expect(intruder.statusCode).toBe(403);

    expect((await call(anna, 'POST', '/api/chat/read')).statusCode).toBe(200);
    expect(NotificationListSchema.parse((await call(anna, 'GET', '/api/notification')).json()).unread).toBe(
      0,
    );
    const operatorView = ConversationDetailSchema.parse(
      (await call(operator, 'GET', `/api/operator/conversations/${conversationId}`)).json(),
    );
    expect(operatorView.messages.at(-1)).toMatchObject({ author: 'operator', state: 'read' });
    expect(operatorView.conversation.unread).toBe(0);
  });

  it("lets an operator of some shops reach only the conversations of their shops' customers", async () => {
    const [storeA, storeB] = await t.db.db.select({ id: stores.id }).from(stores).limit(2);
    if (!storeA || !storeB) throw new Error('two shops expected');
    const shopOperator = await signInOperator(t, nextPhone(), [storeA.id]);
    const ours = await signIn(t, nextPhone(), 'Жанна');
    const theirs = await signIn(t, nextPhone(), 'Захар');
    await placePickupOrder(t, ours, storeA.id);
    await placePickupOrder(t, theirs, storeB.id);
    const ourChat = (await send(ours, { text: 'Вопрос по нашему магазину' })).conversation;
    const theirChat = (await send(theirs, { text: 'Вопрос по другому магазину' })).conversation;

    const list = ConversationListSchema.parse(
      (await call(shopOperator, 'GET', '/api/operator/conversations?status=all')).json(),
    );
    expect(list.conversations.map((item) => item._id)).toContain(ourChat);
    expect(list.conversations.map((item) => item._id)).not.toContain(theirChat);
    for (const [method, url] of [
      ['GET', `/api/operator/conversations/${theirChat}`],
      ['POST', `/api/operator/conversations/${theirChat}/read`],
      ['POST', `/api/operator/conversations/${theirChat}/close`],
    ] as const) {
      const response = await call(shopOperator, method, url);
      expect(response.statusCode, url).toBe(404);
      expect(message(response.body)).toBe('Диалог не найден');
    }
    const reply = await call(shopOperator, 'POST', `/api/operator/conversations/${theirChat}/messages`, {
      text: 'Здравствуйте',
    });
    expect(reply.statusCode).toBe(404);
    // The operator of every shop still reaches both.
    const everyone = ConversationListSchema.parse(
      (await call(operator, 'GET', '/api/operator/conversations?status=all')).json(),
    );
    expect(everyone.conversations.map((item) => item._id)).toEqual(
      expect.arrayContaining([ourChat, theirChat]),
    );
  });

  it('closes a conversation; the customer’s next message reopens it', async () => {
    const customer = await signIn(t, nextPhone());
    const sent = await send(customer, { text: 'Спасибо, всё понятно' });
    const closed = await call(operator, 'POST', `/api/operator/conversations/${sent.conversation}/close`);
    expect(closed.statusCode).toBe(200);
    const open = ConversationListSchema.parse(
      (await call(operator, 'GET', '/api/operator/conversations')).json(),
    );
    expect(open.conversations.some((item) => item._id === sent.conversation)).toBe(false);
    const all = ConversationListSchema.parse(
      (await call(operator, 'GET', '/api/operator/conversations?status=closed')).json(),
    );
    expect(all.conversations.find((item) => item._id === sent.conversation)?.status).toBe('closed');
    await send(customer, { text: 'Ещё вопрос' });
    const reopened = ConversationListSchema.parse(
      (await call(operator, 'GET', '/api/operator/conversations')).json(),
    );
    expect(reopened.conversations[0]?._id).toBe(sent.conversation);
    const missing = await call(
      operator,
      'POST',
      '/api/operator/conversations/00000000-0000-4000-8000-000000000000/close',
    );
    expect(missing.statusCode).toBe(404);
    expect(message(missing.body)).toBe('Диалог не найден');
  });

  it("moves orders of the operator's shops only, one step at a time, and notifies the customer", async () => {
    const [storeA, storeB] = await t.db.db.select({ id: stores.id }).from(stores).limit(2);
    if (!storeA || !storeB) throw new Error('two shops expected');
    const shopOperator = await signInOperator(t, nextPhone(), [storeA.id]);
    const customer = await signIn(t, nextPhone());
    const ours = await placePickupOrder(t, customer, storeA.id);
    const theirs = await placePickupOrder(t, customer, storeB.id);

    const board = OrderBoardSchema.parse((await call(shopOperator, 'GET', '/api/operator/orders')).json());
    expect(board.orders.map((order) => order.number)).toContain(ours.number);
    expect(board.orders.map((order) => order.number)).not.toContain(theirs.number);
    expect(board.orders.find((order) => order.number === ours.number)?.next).toEqual([
      'confirmed',
      'cancelled',
    ]);

    const foreign = await call(shopOperator, 'POST', `/api/operator/orders/${theirs.number}/status`, {
      status: 'confirmed',
    });
    expect(foreign.statusCode).toBe(404);
    const skip = await call(shopOperator, 'POST', `/api/operator/orders/${ours.number}/status`, {
      status: 'done',
    });
    expect(skip.statusCode).toBe(409);
    const bad = await call(shopOperator, 'POST', `/api/operator/orders/${ours.number}/status`, {
      status: 'new',
    });
    expect(bad.statusCode).toBe(400);
    expect(message(bad.body)).toBe('Выберите новый статус заказа');

    clock.advance(1000);
    const moved = await call(shopOperator, 'POST', `/api/operator/orders/${ours.number}/status`, {
      status: 'confirmed',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(MovedOrderSchema.parse(moved.json()).order.status).toBe('confirmed');
    const list = NotificationListSchema.parse((await call(customer, 'GET', '/api/notification')).json());
    expect(list.notifications[0]).toMatchObject({
      type: 'link_message',
      content: `Магазин подтвердил заказ №${ours.number}.`,
      link: `/order/${ours.number}`,
    });
    // An operator of every shop sees both.
    const everything = OrderBoardSchema.parse((await call(operator, 'GET', '/api/operator/orders')).json());
    expect(everything.orders.map((order) => order.number)).toEqual(
      expect.arrayContaining([ours.number, theirs.number]),
    );
    // The conversation's quick links: the customer's orders, numbers and statuses only.
    const sent = await send(customer, { text: 'Когда привезут?', order: ours.number });
    const detail = ConversationDetailSchema.parse(
      (await call(operator, 'GET', `/api/operator/conversations/${sent.conversation}`)).json(),
    );
    expect(detail.orders.map((order) => [order.number, order.status])).toEqual(
      expect.arrayContaining([
        [ours.number, 'confirmed'],
        [theirs.number, 'new'],
      ]),
    );
    expect(Object.keys(detail.orders[0] ?? {}).sort()).toEqual(['created_at', 'number', 'status', 'store']);
  });

  it("answers an operator's move with the order's number and status: no phone, no address (ADR 027)", async () => {
    const customer = await signIn(t, nextPhone());
    const order = await placePickupOrder(t, customer);
    clock.advance(1000);
    const moved = await call(operator, 'POST', `/api/operator/orders/${order.number}/status`, {
      status: 'confirmed',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ success: true, order: { number: order.number, status: 'confirmed' } });
    expect(moved.body).not.toContain('777-00-01');
    expect(moved.body).not.toContain('phone');
    expect(moved.body).not.toContain('address');
  });

  it("attaches to a reply only an order of the conversation's customer and of the operator's shops", async () => {
    const [storeA, storeB] = await t.db.db.select({ id: stores.id }).from(stores).limit(2);
    if (!storeA || !storeB) throw new Error('two shops expected');
    const shopOperator = await signInOperator(t, nextPhone(), [storeA.id]);
    const customer = await signIn(t, nextPhone(), 'Ирина');
    const stranger = await signIn(t, nextPhone(), 'Пётр');
    const ours = await placePickupOrder(t, customer, storeA.id);
    const otherShop = await placePickupOrder(t, customer, storeB.id);
    const strangers = await placePickupOrder(t, stranger, storeA.id);
    const { conversation } = await send(customer, { text: 'Где мой заказ?' });
    const reply = (who: SignedInCustomer, order: number) =>
      call(who, 'POST', `/api/operator/conversations/${conversation}/messages`, { text: 'Вот он', order });

    for (const [who, order] of [
      [shopOperator, strangers.number],
      [shopOperator, otherShop.number],
      [operator, strangers.number],
      [operator, 1_999_999_999],
    ] as const) {
      const refused = await reply(who, order);
      expect(refused.statusCode, `${order}`).toBe(400);
      expect(ErrorBodySchema.parse(refused.json())).toEqual({
        success: false,
        message: 'Заказ не найден',
        errors: { order: 'Заказ не найден' },
      });
    }
    const history = ChatHistorySchema.parse((await call(customer, 'GET', '/api/chat')).json());
    expect(history.messages.map((item) => item.text)).toEqual(['Где мой заказ?']);

    for (const [who, order] of [
      [shopOperator, ours.number],
      [operator, otherShop.number],
    ] as const) {
      clock.advance(1000);
      const accepted = await reply(who, order);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(SentMessageSchema.parse(accepted.json()).message.order).toBe(order);
    }
  });

  it('counts a customer’s messages a minute and a day: 429 with Retry-After and a Russian message, nothing stored', async () => {
    const customer = await signIn(t, nextPhone());
    const post = (text: string, ip = testClientAddress()) =>
      t.app.inject({
        method: 'POST',
        url: '/api/chat/messages',
        headers: customer.headers,
        payload: { text },
        remoteAddress: ip,
      });
    const history = async () =>
      ChatHistorySchema.parse((await call(customer, 'GET', '/api/chat?limit=100')).json()).messages;
    for (let index = 0; index < 20; index += 1) {
      expect((await post(`Сообщение ${index}`)).statusCode).toBe(200);
    }
    const refused = await post('Ещё одно');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(ErrorBodySchema.parse(refused.json()).message).toMatch(
      /^Слишком много сообщений подряд\. Повторите через \d+ (с|мин)$/,
    );
    expect(await history()).toHaveLength(20);
    clock.advance(60_000);
    expect((await post('Через минуту')).statusCode).toBe(200);

    // The day: CHAT_MESSAGES_PER_DAY however they are spread over its minutes. 21 were posted above, in two
    // minutes; the day's earlier ones are taken from the customer's day count in the app's own limit store, by
    // the rule the posts take from (chat-rates.ts), instead of ~160 more posts that would only fill it (each
    // stores and announces a message: the test took 5–9 s per database). The last 20 are posted in a third
    // minute and all pass; the next is refused. That holds only if each post counts in the day (else the
    // count stays short of the cap and the last post passes), if the taken ones count in the same day (else
    // likewise), and if the cap is CHAT_MESSAGES_PER_DAY exactly (one less refuses a post of the third
    // minute). Checked by breaking each of these in chat-rates.ts: the test fails.
    const [day] = customerRates({ chatMessagesPerMinute: 20 }, customer.user._id, testClientAddress()).sort(
      (a, b) => b.windowMs - a.windowMs,
    );
    if (day?.windowMs !== 24 * 60 * 60_000) throw new Error('no day rule in the customer’s rates');
    const limits = t.app.services.identity.limitStore;
    let sent = 21;
    for (; sent < CHAT_MESSAGES_PER_DAY - 20; sent += 1) {
      expect((await limits.take(day.key, day.limit, day.windowMs)).allowed).toBe(true);
    }
    clock.advance(60_000);
    for (; sent < CHAT_MESSAGES_PER_DAY; sent += 1) {
      expect((await post(`День ${sent}`)).statusCode).toBe(200);
    }
    clock.advance(60_000);
    const tired = await post('Сверх дневного');
    expect(tired.statusCode).toBe(429);
    expect(ErrorBodySchema.parse(tired.json()).message).toMatch(
      /^Достигнут дневной предел сообщений в чате\. Повторите через \d+ ч$/,
    );
  });

  it('counts one address’s messages a minute for all its customers; another address is not affected', async () => {
    clock.advance(60_000);
    const address = testClientAddress();
    let accepted = 0;
    while (accepted < 20 * CHAT_ADDRESS_FACTOR) {
      const neighbour = await signIn(t, nextPhone());
      for (let index = 0; index < 20; index += 1, accepted += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/chat/messages',
          headers: neighbour.headers,
          payload: { text: `Сосед ${accepted}` },
          remoteAddress: address,
        });
        expect(response.statusCode, response.body).toBe(200);
      }
    }
    const next = await signIn(t, nextPhone());
    const post = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/chat/messages',
        headers: next.headers,
        payload: { text: 'Здравствуйте' },
        remoteAddress: ip,
      });
    expect((await post(address)).statusCode).toBe(429);
    expect((await post(testClientAddress())).statusCode).toBe(200);
  });

  it('stores a post once per Idempotency-Key: a repeat answers the same message, another message 422', async () => {
    const customer = await signIn(t, nextPhone());
    const post = (key: string, text: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/chat/messages',
        headers: { ...customer.headers, 'idempotency-key': key },
        payload: { text },
      });
    const key = crypto.randomUUID();
    const first = await post(key, 'Привезите к обеду');
    expect(first.statusCode, first.body).toBe(200);
    const again = await post(key, 'Привезите к обеду');
    expect(again.statusCode).toBe(200);
    expect(SentMessageSchema.parse(again.json()).message._id).toBe(
      SentMessageSchema.parse(first.json()).message._id,
    );
    const other = await post(key, 'Другое сообщение');
    expect(other.statusCode).toBe(422);
    expect(ErrorBodySchema.parse(other.json()).message).toBe(
      'Этот ключ повтора уже использован для другого сообщения',
    );
    // The same key at once from five retries: one message.
    const raced = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(raced, 'Одновременно')));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => SentMessageSchema.parse(answer.json()).message._id)).size).toBe(1);
    const texts = ChatHistorySchema.parse((await call(customer, 'GET', '/api/chat')).json()).messages.map(
      (message) => message.text,
    );
    expect(texts).toEqual(['Привезите к обеду', 'Одновременно']);
    const tooLong = await post('к'.repeat(256), 'Ключ длиннее 255');
    expect(tooLong.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(tooLong.json()).message).toBe('Idempotency-Key не длиннее 255 символов');

    // An operator's reply under a key: one message, one notification.
    const conversation = SentMessageSchema.parse(first.json()).message.conversation;
    const replyKey = crypto.randomUUID();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const reply = await t.app.inject({
        method: 'POST',
        url: `/api/operator/conversations/${conversation}/messages`,
        headers: { ...operator.headers, 'idempotency-key': replyKey },
        payload: { text: 'Хорошо, к обеду' },
      });
      expect(reply.statusCode, reply.body).toBe(200);
    }
    const notes = NotificationListSchema.parse((await call(customer, 'GET', '/api/notification')).json());
    expect(notes.notifications.filter((note) => note.content === 'Хорошо, к обеду')).toHaveLength(1);
  });

  it('lists notifications newest first; marks one or all read; another user’s is not found', async () => {
    const customer = await signIn(t, nextPhone());
    const other = await signIn(t, nextPhone());
    const first = await placePickupOrder(t, customer);
    clock.advance(1000);
    const second = await placePickupOrder(t, customer);
    const list = NotificationListSchema.parse((await call(customer, 'GET', '/api/notification')).json());
    expect(list.notifications.map((item) => item.link)).toEqual([
      `/order/${second.number}`,
      `/order/${first.number}`,
    ]);
    expect(list.unread).toBe(2);
    const [newest] = list.notifications;
    const foreign = await call(other, 'POST', `/api/notification/${newest?.id}/read`);
    expect(foreign.statusCode).toBe(404);
    expect(message(foreign.body)).toBe('Уведомление не найдено');
    const read = await call(customer, 'POST', `/api/notification/${newest?.id}/read`);
    expect(read.json()).toEqual({ success: true, unread: 1 });
    await call(customer, 'POST', '/api/notification/read-all');
    const after = NotificationListSchema.parse((await call(customer, 'GET', '/api/notification')).json());
    expect(after.unread).toBe(0);
    expect(after.notifications.every((item) => item.is_read)).toBe(true);
  });

  it('stores a push subscription per browser and refuses a malformed one', async () => {
    const customer = await signIn(t, nextPhone());
    const bad = await call(customer, 'POST', '/api/notification/subscribe', {
      subscription: { endpoint: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(message(bad.body)).toBe('Некорректная подписка на уведомления');
    const subscription = {
      endpoint: `https://push.example/send/${customer.user._id}`,
      keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
    };
    for (let index = 0; index < 2; index += 1) {
      const ok = await call(customer, 'POST', '/api/notification/subscribe', { subscription });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const rows = await t.db.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, customer.user._id));
    expect(rows.map((row) => row.endpoint)).toEqual([subscription.endpoint]);
    const key = await call(null, 'GET', '/api/notification/vapid');
    expect((key.json() as { publicKey: string }).publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
  });
});

/**
 * Issue 21 item 11: during a Redis outage a chat post answered 503 was stored anyway. Now a post is either
 * stored and answered 2xx, or answered 503 with nothing stored, and a retry under the same Idempotency-Key
 * stores one message. PostgreSQL with a private redis-server that the test kills and starts again.
 */
describe.skipIf(!runsOn('postgres') || !TEST_REDIS_URL)('a chat post while Redis is away', () => {
  let redis: RedisProcess;
  /** A deployment with REDIS_URL: the rates and the bus in Redis. */
  let t: TestApp;
  /** The bus in the private Redis, the rates in the shared one: only the announcement meets the outage. */
  let apart: TestApp;
  let limitsRedis: RedisHandle;

  beforeAll(async () => {
    redis = await startRedis();
    t = await createTestApp('postgres', { redisUrl: redis.url });
    limitsRedis = openRedis(TEST_REDIS_URL ?? '');
    apart = await createTestApp('postgres', {
      redisUrl: redis.url,
      limits: createRedisLimitStore(limitsRedis.client, systemClock, `fresh-test:apart-${process.pid}:`),
    });
  });

  afterAll(async () => {
    await t?.close();
    await apart?.close();
    await limitsRedis?.close();
    await redis?.stop();
  });

  const post = (app: TestApp, who: SignedInCustomer, key: string, text: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/chat/messages',
      headers: { ...who.headers, 'idempotency-key': key },
      payload: { text },
    });
  const storedUnder = async (app: TestApp, keys: readonly string[]) =>
    app.db.db
      .select({ key: chatMessages.idempotencyKey, id: chatMessages.id })
      .from(chatMessages)
      .where(inArray(chatMessages.idempotencyKey, [...keys]));

  it('answers 503 and stores nothing while Redis is away; the retry under the same key stores one message', async () => {
    const customer = await signIn(t, '+7 (903) 100-00-01');
    const keys = Array.from({ length: 12 }, () => crypto.randomUUID());
    await redis.down();
    const during = await Promise.all(keys.map((key, index) => post(t, customer, key, `Вопрос ${index}`)));
    const stored = new Set(
      (
        await t.db.db
          .select({ text: chatMessages.text })
          .from(chatMessages)
          .where(eq(chatMessages.authorId, customer.user._id))
      ).map((row) => row.text),
    );
    for (const [index, answer] of during.entries()) {
      if (answer.statusCode === 503) {
        expect(ErrorBodySchema.parse(answer.json()).message).toBe(
          'Сервис временно недоступен, попробуйте через минуту',
        );
        expect(stored.has(`Вопрос ${index}`), `answered 503, yet stored: Вопрос ${index}`).toBe(false);
      } else {
        expect(answer.statusCode, answer.body).toBe(200);
        expect(stored.has(`Вопрос ${index}`)).toBe(true);
      }
    }
    expect(during.filter((answer) => answer.statusCode === 503).length).toBeGreaterThan(0);

    await redis.up();
    const first = keys[0] ?? '';
    await until(async () => (await post(t, customer, first, 'Вопрос 0')).statusCode === 200, 'Redis back');
    const retried = await Promise.all(keys.map((key, index) => post(t, customer, key, `Вопрос ${index}`)));
    expect(retried.map((answer) => answer.statusCode)).toEqual(keys.map(() => 200));
    const rows = await storedUnder(t, keys);
    expect(rows.map((row) => row.key).sort()).toEqual([...keys].sort());
    // And once more: the same messages.
    const again = await Promise.all(keys.map((key, index) => post(t, customer, key, `Вопрос ${index}`)));
    expect(again.map((answer) => SentMessageSchema.parse(answer.json()).message._id).sort()).toEqual(
      rows.map((row) => row.id).sort(),
    );
  });

  it('stores the message and answers 2xx when only its announcement meets the outage', async () => {
    const customer = await signIn(apart, '+7 (903) 100-00-02');
    const key = crypto.randomUUID();
    await redis.down();
    try {
      const answer = await post(apart, customer, key, 'Когда привезут?');
      expect(answer.statusCode, answer.body).toBe(200);
      const message = SentMessageSchema.parse(answer.json()).message;
      expect((await storedUnder(apart, [key])).map((row) => row.id)).toEqual([message._id]);
      const repeat = await post(apart, customer, key, 'Когда привезут?');
      expect(SentMessageSchema.parse(repeat.json()).message._id).toBe(message._id);
    } finally {
      await redis.up();
    }
  });
});
