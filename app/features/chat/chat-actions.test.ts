import { CHAT_EMPTY_MESSAGE, CHAT_TOO_LONG_MESSAGE, type ChatHistory } from '@core/contracts/support';
import { CHAT_PAGE_SIZE } from '@core/rules/chat';
import { chatMessages } from '@server/db/schema/index';
import { withUnavailablePages } from '@server/http/unavailable';
import { createFakeClock, type FakeClock } from '@server/lib/clock';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loader as rootLoader } from '~/root';
import { action as cabinetAction, loader as cabinetLoader } from '~/routes/cabinet';
import { action as chatAction, loader as chatLoader } from '~/routes/resources/chat';
import { type RedisProcess, startRedis } from '../../../tests/chaos/support/redis-process';
import { actionArgs, formPost, outcomeOf, pageContext, TEST_ORIGIN } from '../../../tests/setup/actions';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { runsOn, TEST_DATABASE_KINDS, TEST_REDIS_URL } from '../../../tests/setup/database';
import { phoneSequence, type SignedInCustomer, signIn } from '../../../tests/setup/identity';
import { placePickupOrder, signInOperator } from '../../../tests/setup/realtime';
import { MONDAY_MORNING } from '../../../tests/setup/services';
import { until } from '../../../tests/setup/until';
import { CHAT_RESOURCE, CHAT_TAB_HREF } from './chat-links';

const newPhone = phoneSequence('8917');

/**
 * The cabinet's support chat (ADR 033): a message posted to the cabinet's own action (the form works without
 * JavaScript), its history read by the cabinet loader and /resources/chat, read marks through the resource
 * route — the support service behind all of them, as behind /api/chat.
 */
describe.each(TEST_DATABASE_KINDS)('chat actions on %s', (kind) => {
  let t: TestApp;
  let clock: FakeClock;
  let operator: SignedInCustomer;

  beforeAll(async () => {
    clock = createFakeClock(MONDAY_MORNING);
    t = await createTestApp(kind, { clock });
    operator = await signInOperator(t, newPhone());
  });

  afterAll(async () => {
    await t?.close();
  });

  const context = (customer: SignedInCustomer | null) => pageContext(t, customer?.user ?? null);

  /** A message from the chat tab's form, posted to the cabinet as the browser does. */
  const send = (customer: SignedInCustomer | null, form: Record<string, string>) => {
    clock.advance(1000);
    return cabinetAction(
      actionArgs(formPost(CHAT_TAB_HREF, { intent: 'send-message', ...form }), context(customer), {
        params: {},
        pattern: '/lk',
      }),
    ).then(outcomeOf);
  };

  const read = (customer: SignedInCustomer | null) =>
    chatAction(
      actionArgs(formPost(CHAT_RESOURCE, { intent: 'read-chat' }), context(customer), {
        params: {},
        pattern: CHAT_RESOURCE,
      }),
    ).then(outcomeOf);

  const tab = async (customer: SignedInCustomer, query = '') => {
    const url = `${TEST_ORIGIN}/lk?active=chat${query}`;
    const loaded = await cabinetLoader({
      request: new Request(url),
      url: new URL(url),
      params: {},
      pattern: '/lk',
      context: context(customer),
    });
    if (!loaded.chat) throw new Error('the chat tab loaded no chat');
    return loaded.chat;
  };

  const olderPage = async (customer: SignedInCustomer | null, before: string) => {
    const url = `${TEST_ORIGIN}${CHAT_RESOURCE}?before=${before}`;
    return chatLoader({
      request: new Request(url),
      url: new URL(url),
      params: {},
      pattern: CHAT_RESOURCE,
      context: context(customer),
    }).then(outcomeOf);
  };

  const cabinetBadge = async (customer: SignedInCustomer) =>
    (
      await rootLoader({
        request: new Request(`${TEST_ORIGIN}/`),
        url: new URL(`${TEST_ORIGIN}/`),
        params: {},
        pattern: '/',
        context: context(customer),
      })
    ).badges?.cabinet;

  async function upload(customer: SignedInCustomer): Promise<string> {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const boundary = 'chat-boundary';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      headers: { ...customer.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    if (response.statusCode !== 200) throw new Error(`upload: ${response.body}`);
    return (response.json() as { _id: string })._id;
  }

  it('refuses a guest with 401 before it reads anything', async () => {
    expect(await send(null, { text: '' })).toMatchObject({
      status: 401,
      data: { ok: false, message: 'Необходимо авторизоваться' },
    });
    expect(await read(null)).toMatchObject({ status: 401 });
    await expect(olderPage(null, '5')).rejects.toMatchObject({ init: { status: 401 } });
  });

  it('sends text, an image and a question about an order, refusing what is not the customer’s', async () => {
    const customer = await signIn(t, newPhone());
    const other = await signIn(t, newPhone());
    const order = await placePickupOrder(t, customer);
    const othersOrder = await placePickupOrder(t, other);
    const image = await upload(customer);
    const othersImage = await upload(other);

    for (const [form, field, message] of [
      [{ text: '   ' }, 'text', CHAT_EMPTY_MESSAGE],
      [{ text: 'я'.repeat(2001) }, 'text', CHAT_TOO_LONG_MESSAGE],
      [{ text: 'Это моё?', image: othersImage }, 'image', 'Изображение не найдено, загрузите его ещё раз'],
      [{ text: 'Где он?', order: String(othersOrder.number) }, 'order', 'Заказ не найден'],
      [{ text: 'Где он?', order: 'первый' }, 'order', 'Некорректный номер заказа'],
    ] as const) {
      expect(await send(customer, form)).toMatchObject({
        kind: 'data',
        status: 400,
        data: { ok: false, message, fields: { [field]: message } },
      });
    }
    expect((await tab(customer)).history.chat).toBeNull();

    const sent = await send(customer, { text: '  Где мой заказ?  ', order: String(order.number) });
    expect(sent).toMatchObject({
      kind: 'data',
      status: 200,
      data: {
        ok: true,
        intent: 'send-message',
        message: { author: 'customer', text: 'Где мой заказ?', order: order.number, state: 'sent' },
      },
    });
    expect(await send(customer, { text: '', image })).toMatchObject({
      status: 200,
      data: { message: { text: '', image: { _id: image } } },
    });

    const loaded = await tab(customer);
    expect(
      loaded.history.messages.map((message) => [message.text, message.order, message.image?._id]),
    ).toEqual([
      ['Где мой заказ?', order.number, undefined],
      ['', null, image],
    ]);
    expect(loaded.orders.map((link) => link.number)).toEqual([order.number]);
    expect(loaded.isOperatorTyping).toBe(false);
  });

  it('shows support’s reply and typing, reads it (the badge follows), and marks the customer’s read', async () => {
    const customer = await signIn(t, newPhone());
    await send(customer, { text: 'Здравствуйте' });
    const conversation = (await tab(customer)).history.chat?._id ?? '';
    await t.app.services.support.typing(operator.user._id, 'operator', conversation);
    expect((await tab(customer)).isOperatorTyping).toBe(true);
    clock.advance(1000);
    await t.app.services.support.reply(
      operator.user._id,
      conversation,
      { text: 'Добрый день!' },
      { ip: '203.0.113.10' },
    );
    expect(await cabinetBadge(customer)).toBe(1);
    let loaded = await tab(customer);
    expect(loaded.history.messages.map((message) => [message.author, message.state])).toEqual([
      ['customer', 'sent'],
      ['operator', 'sent'],
    ]);

    expect(await read(customer)).toEqual({
      kind: 'data',
      status: 200,
      data: { ok: true, intent: 'read-chat' },
    });
    expect(await cabinetBadge(customer)).toBe(0);
    await t.app.services.support.readAsOperator(operator.user._id, conversation);
    loaded = await tab(customer);
    expect(loaded.history.messages.map((message) => message.state)).toEqual(['read', 'read']);
  });

  it('stores a message once under its form key: the form sent again after a lost answer or a 503', async () => {
    const customer = await signIn(t, newPhone());
    const key = crypto.randomUUID();
    const first = await send(customer, { text: 'Можно без лука?', key });
    const again = await send(customer, { text: 'Можно без лука?', key });
    expect(first).toMatchObject({ status: 200, data: { ok: true } });
    expect(again).toMatchObject({ status: 200, data: { ok: true } });
    const id = (outcome: unknown) => (outcome as { data: { message: { _id: string } } }).data.message._id;
    expect(id(again)).toBe(id(first));
    expect(await send(customer, { text: 'Другой текст', key })).toMatchObject({
      status: 422,
      data: { ok: false, message: 'Этот ключ повтора уже использован для другого сообщения' },
    });
    expect((await tab(customer)).history.messages.map((message) => message.text)).toEqual([
      'Можно без лука?',
    ]);
  });

  it('counts the page’s messages as the API’s: the 21st in a minute is 429 with Retry-After, not stored', async () => {
    const customer = await signIn(t, newPhone());
    const post = () =>
      cabinetAction(
        actionArgs(
          formPost(CHAT_TAB_HREF, { intent: 'send-message', text: 'Ответьте!' }),
          pageContext(t, customer.user, { clientIp: '198.51.100.21' }),
          { params: {}, pattern: '/lk' },
        ),
      );
    for (let index = 0; index < 20; index += 1)
      expect(outcomeOf(await post())).toMatchObject({ status: 200 });
    const refused = await post();
    expect(outcomeOf(refused)).toMatchObject({ status: 429, data: { ok: false } });
    expect((outcomeOf(refused) as { data: { message: string } }).data.message).toMatch(
      /^Слишком много сообщений подряд\. Повторите через \d+ (с|мин)$/,
    );
    const init = (refused as { init?: ResponseInit }).init;
    expect(Number(new Headers(init?.headers).get('retry-after'))).toBeGreaterThan(0);
    expect((await tab(customer)).history.messages).toHaveLength(20);
    clock.advance(60_000);
  });

  it('pages back through a long history by its cursor, with and without JavaScript', async () => {
    const customer = await signIn(t, newPhone());
    const total = CHAT_PAGE_SIZE + 5;
    for (let index = 1; index <= total; index += 1) {
      // Spread over minutes: a customer sends at most 20 a minute.
      clock.advance(3000);
      await send(customer, { text: `Сообщение ${index}` });
    }

    const newest = (await tab(customer)).history;
    expect(newest.messages).toHaveLength(CHAT_PAGE_SIZE);
    expect(newest.messages[0]?.text).toBe('Сообщение 6');
    expect(newest.messages.at(-1)?.text).toBe(`Сообщение ${total}`);
    expect(newest.next_before).toBe(newest.messages[0]?.seq);

    // 'Показать ранние' with JavaScript: the resource route's page before the cursor.
    const older = await olderPage(customer, String(newest.next_before));
    expect(older.kind).toBe('data');
    const page = (older as { data: ChatHistory }).data;
    expect(page.messages.map((message) => message.text)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `Сообщение ${n}`),
    );
    expect(page.next_before).toBeNull();
    // Without: the cabinet's own ?before=; a cursor that is not one shows the newest page.
    expect((await tab(customer, `&before=${newest.next_before}`)).history.messages).toHaveLength(5);
    expect((await tab(customer, '&before=abc')).history.messages).toHaveLength(CHAT_PAGE_SIZE);
    await expect(olderPage(customer, 'abc')).rejects.toMatchObject({
      data: { ok: false, message: 'Некорректный курсор' },
      init: { status: 400 },
    });
  });
});

/**
 * Issue 21 item 11 on the page: while Redis is away the chat form's post stores nothing and answers the form
 * 503 in Russian (the cabinet stays, the text is put back), and the same form sent again stores one message.
 */
describe.skipIf(!runsOn('postgres') || !TEST_REDIS_URL)('the chat form while Redis is away', () => {
  let redis: RedisProcess;
  let t: TestApp;

  beforeAll(async () => {
    redis = await startRedis();
    t = await createTestApp('postgres', { redisUrl: redis.url });
  });

  afterAll(async () => {
    await t?.close();
    await redis?.stop();
  });

  it('answers 503 with nothing stored, and the form sent again stores the message once', async () => {
    const customer = await signIn(t, newPhone());
    // The services as the server's load context gives them: a lost connection is the page's 503.
    const context = { ...pageContext(t, customer.user), services: withUnavailablePages(t.app.services) };
    const form = { intent: 'send-message', text: 'Заказ не пришёл', key: crypto.randomUUID() };
    const send = async () =>
      cabinetAction(actionArgs(formPost(CHAT_TAB_HREF, form), context, { params: {}, pattern: '/lk' }));
    const stored = () =>
      t.db.db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(eq(chatMessages.authorId, customer.user._id));

    await redis.down();
    try {
      const during = await send();
      expect(outcomeOf(during)).toEqual({
        kind: 'data',
        status: 503,
        data: { ok: false, message: 'Сервис временно недоступен, попробуйте через минуту', fields: {} },
      });
      expect(new Headers((during as { init?: ResponseInit }).init?.headers).get('retry-after')).toBe('10');
      expect(await stored()).toEqual([]);
    } finally {
      await redis.up();
    }
    await until(async () => outcomeOf(await send()).status === 200, 'the form sent again is stored');
    expect(outcomeOf(await send())).toMatchObject({ status: 200, data: { ok: true } });
    expect(await stored()).toHaveLength(1);
  });
});
