import { notifications, pushSubscriptions } from '@server/db/schema/index';
import { createFakeClock, type FakeClock } from '@server/lib/clock';
import { eq } from 'drizzle-orm';
import type { data } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loader as rootLoader } from '~/root';
import { loader as cabinetLoader } from '~/routes/cabinet';
import { action as notificationsAction } from '~/routes/resources/notifications';
import { actionArgs, formPost, outcomeOf, pageContext, TEST_ORIGIN } from '../../../tests/setup/actions';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { phoneSequence, type SignedInCustomer, signIn } from '../../../tests/setup/identity';
import { placePickupOrder, signInOperator } from '../../../tests/setup/realtime';
import { MONDAY_MORNING } from '../../../tests/setup/services';
import { NOTIFICATIONS_ACTION } from './notification-links';

const newPhone = phoneSequence('8916');

/**
 * The cabinet's notification list (ADR 033): its loader reads through the notifications service, and
 * /resources/notifications opens one (read, then its link), reads them all and keeps a push subscription — a
 * guest refused before the form is read, bad input answered in Russian.
 */
describe.each(TEST_DATABASE_KINDS)('notification actions on %s', (kind) => {
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

  const post = (customer: SignedInCustomer | null, form: Record<string, string>) =>
    notificationsAction(
      actionArgs(formPost(NOTIFICATIONS_ACTION, form), pageContext(t, customer?.user ?? null), {
        params: {},
        pattern: NOTIFICATIONS_ACTION,
      }),
    ).then(outcomeOf);

  const tab = async (customer: SignedInCustomer) => {
    const url = `${TEST_ORIGIN}/lk?active=notification`;
    return cabinetLoader({
      request: new Request(url),
      url: new URL(url),
      params: {},
      pattern: '/lk',
      context: pageContext(t, customer.user),
    });
  };

  const badges = async (customer: SignedInCustomer) =>
    (
      await rootLoader({
        request: new Request(`${TEST_ORIGIN}/`),
        url: new URL(`${TEST_ORIGIN}/`),
        params: {},
        pattern: '/',
        context: pageContext(t, customer.user),
      })
    ).badges;

  /** An order placed and moved along: its notifications, newest first, are the tab's. */
  async function customerWithOrder() {
    const customer = await signIn(t, newPhone());
    const order = await placePickupOrder(t, customer);
    clock.advance(60_000);
    await t.app.services.orders.moveOrder(order.number, 'confirmed', { storeIds: null });
    return { customer, order };
  }

  it('refuses a guest with 401 before it reads the form', async () => {
    const forms: Record<string, string>[] = [{ intent: 'open', id: 'nonsense' }, { intent: 'read-all' }, {}];
    for (const form of forms) {
      expect(await post(null, form)).toMatchObject({
        kind: 'data',
        status: 401,
        data: { ok: false, message: 'Необходимо авторизоваться' },
      });
    }
  });

  it('lists the notifications newest first with the VAPID key, and opening one reads it and goes to its link', async () => {
    const { customer, order } = await customerWithOrder();
    const loaded = await tab(customer);
    const list = loaded.notifications;
    expect(list?.unread).toBe(2);
    expect(list?.notifications.map((item) => [item.type, item.link, item.is_read])).toEqual([
      ['link_message', `/order/${order.number}`, false],
      ['link_message', `/order/${order.number}`, false],
    ]);
    expect(list?.notifications[0]?.content).toBe(`Магазин подтвердил заказ №${order.number}.`);
    expect(loaded.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect(loaded.chat).toBeNull();
    expect(await badges(customer)).toMatchObject({ cabinet: 2 });

    const newest = list?.notifications[0]?.id ?? '';
    expect(await post(customer, { intent: 'open', id: newest })).toEqual({
      kind: 'redirect',
      status: 302,
      location: `/order/${order.number}`,
      cookie: null,
    });
    const after = (await tab(customer)).notifications;
    expect(after?.unread).toBe(1);
    expect(after?.notifications.map((item) => item.is_read)).toEqual([true, false]);
    expect(await badges(customer)).toMatchObject({ cabinet: 1 });
  });

  it('opens a support reply in the chat, and says another customer’s or a malformed id is not found', async () => {
    const customer = await signIn(t, newPhone());
    await t.app.services.support.sendAsCustomer(
      customer.user._id,
      { text: 'Где мой заказ?' },
      { ip: '203.0.113.10' },
    );
    const chat = await t.app.services.support.getChat(customer.user._id);
    await t.app.services.support.reply(
      operator.user._id,
      chat.chat?._id ?? '',
      { text: 'Уже едет' },
      { ip: '203.0.113.10' },
    );
    const [reply] = (await tab(customer)).notifications?.notifications ?? [];
    expect(reply).toMatchObject({ type: 'chat_message', chat_id: chat.chat?._id, content: 'Уже едет' });

    const other = await signIn(t, newPhone());
    expect(await post(other, { intent: 'open', id: reply?.id ?? '' })).toMatchObject({
      status: 404,
      data: { ok: false, message: 'Уведомление не найдено' },
    });
    expect(await post(customer, { intent: 'open', id: 'not-a-uuid' })).toMatchObject({
      status: 400,
      data: { ok: false, message: 'Уведомление не найдено', fields: { id: 'Уведомление не найдено' } },
    });
    expect(await post(customer, { intent: 'delete', id: reply?.id ?? '' })).toMatchObject({
      status: 400,
      data: { ok: false, message: 'Неизвестное действие с уведомлениями' },
    });
    expect(await post(customer, { intent: 'open', id: reply?.id ?? '' })).toMatchObject({
      kind: 'redirect',
      location: '/lk?active=chat',
    });
    expect((await tab(customer)).notifications?.unread).toBe(0);
  });

  it('reads them all and comes back to the list', async () => {
    const { customer } = await customerWithOrder();
    expect(await post(customer, { intent: 'read-all' })).toMatchObject({
      kind: 'redirect',
      location: '/lk?active=notification',
    });
    const rows = await t.db.db
      .select({ isRead: notifications.isRead })
      .from(notifications)
      .where(eq(notifications.userId, customer.user._id));
    expect(rows.length).toBe(2);
    expect(rows.every((row) => row.isRead)).toBe(true);
    expect(await badges(customer)).toMatchObject({ cabinet: 0 });
  });

  it('keeps the API’s rules for the page’s subscription: public push services only, another account’s endpoint not taken, a rate', async () => {
    const customer = await signIn(t, newPhone());
    // NotificationFormSchema's paths (ADR 042): SubscribeRequestSchema's subscription.
    const form = (endpoint: string, auth = 'a'.repeat(22)) => ({
      intent: 'subscribe',
      'subscription.endpoint': endpoint,
      'subscription.keys.p256dh': 'B'.repeat(87),
      'subscription.keys.auth': auth,
    });
    for (const endpoint of [
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1:8443/push',
      'https://localhost/push',
    ]) {
      expect(await post(customer, form(endpoint)), endpoint).toMatchObject({
        status: 400,
        data: {
          ok: false,
          message: 'Адрес подписки не принимается: нужен https-адрес службы push-уведомлений браузера',
        },
      });
    }
    const other = await signIn(t, newPhone());
    const taken = `https://fcm.googleapis.com/fcm/send/${other.user._id}`;
    expect(await post(other, form(taken))).toMatchObject({ status: 200 });
    expect(await post(customer, form(taken, 'b'.repeat(22)))).toMatchObject({
      status: 409,
      data: { ok: false, message: 'Этот браузер уже получает уведомления другого аккаунта' },
    });
    const rows = await t.db.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, taken));
    expect(rows.map((row) => row.userId)).toEqual([other.user._id]);

    // A flood from one customer: 429 with Retry-After, as the API answers.
    const flooding = await signIn(t, newPhone());
    let refused: Response | ReturnType<typeof data> | undefined;
    for (let index = 0; index < 20 && !refused; index += 1) {
      const result = await notificationsAction(
        actionArgs(
          formPost(
            NOTIFICATIONS_ACTION,
            form(`https://fcm.googleapis.com/fcm/send/${flooding.user._id}/${index}`),
          ),
          pageContext(t, flooding.user),
          { params: {}, pattern: NOTIFICATIONS_ACTION },
        ),
      );
      if (outcomeOf(result).status === 429) refused = result as ReturnType<typeof data>;
    }
    const answer = outcomeOf(refused);
    expect(answer).toMatchObject({ status: 429, data: { ok: false } });
    expect(String((answer as { data: { message: string } }).data.message)).toMatch(
      /^Слишком много подписок на уведомления\. Повторите через \d+ мин$/,
    );
    expect(
      Number(new Headers((refused as ReturnType<typeof data>).init?.headers).get('retry-after')),
    ).toBeGreaterThan(0);
  });

  it('keeps this browser’s push subscription, once per endpoint, and refuses a malformed one', async () => {
    const customer = await signIn(t, newPhone());
    const subscription = {
      endpoint: `https://push.example/send/${customer.user._id}`,
      p256dh: 'B'.repeat(87),
      auth: 'a'.repeat(22),
    };
    const form = {
      intent: 'subscribe',
      'subscription.endpoint': subscription.endpoint,
      'subscription.keys.p256dh': subscription.p256dh,
      'subscription.keys.auth': subscription.auth,
    };
    for (let index = 0; index < 2; index += 1) {
      expect(await post(customer, form)).toEqual({
        kind: 'data',
        status: 200,
        data: { ok: true, intent: 'subscribe' },
      });
    }
    const rows = await t.db.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, customer.user._id));
    expect(rows.map((row) => [row.endpoint, row.p256dh, row.auth])).toEqual([
      [subscription.endpoint, subscription.p256dh, subscription.auth],
    ]);
    for (const bad of [
      { ...form, 'subscription.endpoint': 'javascript:alert(1)' },
      { ...form, 'subscription.keys.auth': '' },
      { intent: 'subscribe' },
    ]) {
      expect(await post(customer, bad)).toMatchObject({
        status: 400,
        data: { ok: false, message: 'Некорректная подписка на уведомления' },
      });
    }
  });
});
