/**
 * Web push subscriptions through POST /api/notification/subscribe (issue 21, ADR 037), on PGlite and on
 * PostgreSQL with Redis (the rates' store there): only endpoints at public push services, at most five per
 * customer (the oldest goes), another account's endpoint never taken without its own keys, rates per customer
 * and per address; and sending against a local fake push service allowed explicitly: every browser at once, a
 * slow one dropped after failing five times, an endpoint kept from before the rules refused at send time.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { ErrorBodySchema } from '@core/contracts/common';
import { PUSH_SUBSCRIPTIONS_MAX } from '@core/rules/push';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS, TEST_REDIS_URL } from '../../../tests/setup/database';
import {
  type FakePushService,
  type FakeSubscriber,
  startFakePushService,
} from '../../../tests/setup/fake-push-service';
import {
  phoneSequence,
  type SignedInCustomer,
  signIn,
  testClientAddress,
} from '../../../tests/setup/identity';
import { MONDAY_MORNING } from '../../../tests/setup/services';
import { until } from '../../../tests/setup/until';
import { pushSubscriptions } from '../../db/schema/index';
import { createFakeClock, type FakeClock } from '../../lib/clock';
import {
  PUSH_ENDPOINT_REFUSED,
  PUSH_ENDPOINT_TAKEN,
  PUSH_FAILURES_MAX,
  PUSH_SUBSCRIBE_WINDOW_MS,
  PUSH_SUBSCRIBES_PER_ADDRESS,
  PUSH_SUBSCRIBES_PER_USER,
} from './notifications.service';

const newPhone = phoneSequence('8917');

type Subscription = { endpoint: string; keys: { p256dh: string; auth: string } };

/** A subscription's keys as a browser makes them (the values are not checked until a push is encrypted). */
const browserKeys = () => ({
  p256dh: `B${randomBytes(64).toString('base64url')}`,
  auth: randomBytes(16).toString('base64url'),
});
const at = (endpoint: string): Subscription => ({ endpoint, keys: browserKeys() });

describe.each(TEST_DATABASE_KINDS)('push subscriptions on %s', (kind) => {
  let t: TestApp;
  let clock: FakeClock;
  let push: FakePushService;

  beforeAll(async () => {
    clock = createFakeClock(MONDAY_MORNING);
    push = await startFakePushService();
    t = await createTestApp(kind, {
      clock,
      redisUrl: kind === 'postgres' ? TEST_REDIS_URL : undefined,
      // The fake push service allowed explicitly; a push it holds fails after half a second.
      pushNetwork: { ...push.network, timeoutMs: 500 },
    });
  });

  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  const subscribe = (who: SignedInCustomer, subscription: Subscription, ip = testClientAddress()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/notification/subscribe',
      headers: who.headers,
      payload: { subscription },
      remoteAddress: ip,
    });

  const rowsOf = (who: SignedInCustomer) =>
    t.db.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, who.user._id))
      .orderBy(pushSubscriptions.createdAt);

  it('refuses an endpoint that is not https on 443 at a public push service, and stores nothing', async () => {
    const customer = await signIn(t, newPhone());
    const cases: [string, string][] = [
      ['http://127.0.0.1:9000/push', 'Некорректная подписка на уведомления'],
      ['http://169.254.169.254/latest/meta-data/', 'Некорректная подписка на уведомления'],
      ['https://169.254.169.254/latest/meta-data/', PUSH_ENDPOINT_REFUSED],
      ['https://10.0.0.1:8443/push', PUSH_ENDPOINT_REFUSED],
      ['https://127.0.0.1/push', PUSH_ENDPOINT_REFUSED],
      ['https://2130706433/push', PUSH_ENDPOINT_REFUSED],
      ['https://[::1]/push', PUSH_ENDPOINT_REFUSED],
      ['https://localhost/push', PUSH_ENDPOINT_REFUSED],
      ['https://metadata.google.internal/computeMetadata/v1/', PUSH_ENDPOINT_REFUSED],
      ['https://fcm.googleapis.com:8443/fcm/send/1', PUSH_ENDPOINT_REFUSED],
      // The fake push service itself, on another port than the one the test allowed.
      [`https://127.0.0.1:${push.port + 1}/push/1`, PUSH_ENDPOINT_REFUSED],
    ];
    for (const [endpoint, message] of cases) {
      const response = await subscribe(customer, at(endpoint));
      expect(response.statusCode, endpoint).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).message, endpoint).toBe(message);
    }
    expect(await rowsOf(customer)).toEqual([]);
  });

  it(`keeps at most ${PUSH_SUBSCRIPTIONS_MAX} per customer: a new browser replaces the oldest, none is locked out`, async () => {
    const customer = await signIn(t, newPhone());
    const endpoints = Array.from(
      { length: PUSH_SUBSCRIPTIONS_MAX + 2 },
      (_, index) => `https://fcm.googleapis.com/fcm/send/${customer.user._id}-${index}`,
    );
    for (const endpoint of endpoints) {
      clock.advance(1000);
      const response = await subscribe(customer, at(endpoint));
      expect(response.statusCode, response.body).toBe(200);
    }
    expect((await rowsOf(customer)).map((row) => row.endpoint)).toEqual(endpoints.slice(2));
  });

  it("leaves another account's endpoint where it is, unless the request carries that browser's own keys", async () => {
    const anna = await signIn(t, newPhone(), 'Анна');
    const boris = await signIn(t, newPhone(), 'Борис');
    const annas = at(`https://updates.push.services.mozilla.com/wpush/v2/${anna.user._id}`);
    expect((await subscribe(anna, annas)).statusCode).toBe(200);

    // Someone who learnt the endpoint, with keys of their own: refused, and Anna keeps her pushes.
    const taken = await subscribe(boris, { endpoint: annas.endpoint, keys: browserKeys() });
    expect(taken.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(taken.json()).message).toBe(PUSH_ENDPOINT_TAKEN);
    expect((await rowsOf(anna)).map((row) => [row.endpoint, row.p256dh, row.auth])).toEqual([
      [annas.endpoint, annas.keys.p256dh, annas.keys.auth],
    ]);
    expect(await rowsOf(boris)).toEqual([]);

    // The same browser, now signed in as Boris, hands over the same subscription: it is his now.
    clock.advance(1000);
    expect((await subscribe(boris, annas)).statusCode).toBe(200);
    expect(await rowsOf(anna)).toEqual([]);
    expect((await rowsOf(boris)).map((row) => row.endpoint)).toEqual([annas.endpoint]);
  });

  it('counts subscriptions per customer and per address: 429 with Retry-After and a Russian message', async () => {
    const customer = await signIn(t, newPhone());
    const endpoint = (index: number) => `https://fcm.googleapis.com/fcm/send/${customer.user._id}/${index}`;
    for (let index = 0; index < PUSH_SUBSCRIBES_PER_USER; index += 1) {
      expect((await subscribe(customer, at(endpoint(index)))).statusCode).toBe(200);
    }
    const refused = await subscribe(customer, at(endpoint(99)));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(ErrorBodySchema.parse(refused.json()).message).toMatch(
      /^Слишком много подписок на уведомления\. Повторите через \d+ мин$/,
    );
    clock.advance(PUSH_SUBSCRIBE_WINDOW_MS);
    expect((await subscribe(customer, at(endpoint(100)))).statusCode).toBe(200);

    // One address: its customers share PUSH_SUBSCRIBES_PER_ADDRESS; another address is not affected.
    const address = testClientAddress();
    let accepted = 0;
    while (accepted < PUSH_SUBSCRIBES_PER_ADDRESS) {
      const neighbour = await signIn(t, newPhone());
      for (
        let index = 0;
        index < PUSH_SUBSCRIBES_PER_USER && accepted < PUSH_SUBSCRIBES_PER_ADDRESS;
        index += 1
      ) {
        const response = await subscribe(
          neighbour,
          at(`https://fcm.googleapis.com/fcm/send/${neighbour.user._id}/${index}`),
          address,
        );
        expect(response.statusCode, response.body).toBe(200);
        accepted += 1;
      }
    }
    const next = await signIn(t, newPhone());
    const fromAddress = await subscribe(
      next,
      at(`https://fcm.googleapis.com/fcm/send/${next.user._id}/a`),
      address,
    );
    expect(fromAddress.statusCode).toBe(429);
    const elsewhere = await subscribe(next, at(`https://fcm.googleapis.com/fcm/send/${next.user._id}/b`));
    expect(elsewhere.statusCode).toBe(200);
  });

  it('pushes to every browser at once: slow ones cost the others nothing, and go after failing in a row', async () => {
    const customer = await signIn(t, newPhone());
    const slow = Array.from({ length: 3 }, () => push.subscriber({ slow: true }));
    const browser = push.subscriber();
    for (const subscriber of [...slow, browser]) {
      clock.advance(1000);
      expect((await subscribe(customer, subscriber.subscription)).statusCode).toBe(200);
    }
    const reached = (subscriber: { subscription: Subscription }) =>
      push.received.filter((request) => subscriber.subscription.endpoint.endsWith(request.path)).length;

    for (let round = 1; round <= PUSH_FAILURES_MAX; round += 1) {
      await t.app.services.notifications.create(customer.user._id, {
        type: 'message',
        title: 'Фреш',
        content: `Новость ${round}`,
      });
      // The browser has its push while the slow services still hold theirs (they were subscribed first, so
      // sending one after another would have kept the browser waiting behind them). Their requests left at
      // the same time, but on a loaded machine one may arrive a moment after the browser's: waited for.
      await until(() => reached(browser) === round, 'the browser got its push');
      await until(
        () => slow.every((subscriber) => reached(subscriber) === round),
        'the slow services got theirs',
      );
      await t.app.services.notifications.whenIdle();
      const rows = await rowsOf(customer);
      const failures = new Map(rows.map((row) => [row.endpoint, row.failures]));
      expect(failures.get(browser.subscription.endpoint)).toBe(0);
      expect(slow.map((subscriber) => failures.get(subscriber.subscription.endpoint))).toEqual(
        round < PUSH_FAILURES_MAX ? [round, round, round] : [undefined, undefined, undefined],
      );
    }
    expect((await rowsOf(customer)).map((row) => row.endpoint)).toEqual([browser.subscription.endpoint]);
  });

  it("pushes an away customer's order notifications in order, and none more to a browser that is gone", async () => {
    const customer = await signIn(t, newPhone());
    const browser = push.subscriber();
    const gone = push.subscriber({ gone: true });
    for (const subscriber of [browser, gone]) {
      clock.advance(1000);
      expect((await subscribe(customer, subscriber.subscription)).statusCode).toBe(200);
    }
    const userId = customer.user._id;
    for (const content of ['Заказ №1 оформлен', 'Заказ №2 оформлен']) {
      clock.advance(1000);
      await t.app.services.notifications.add(t.db.db, {
        userId,
        type: 'message',
        title: 'Фреш',
        content,
        createdAt: new Date(clock.now()),
      });
    }
    const received = push.received.length;
    await t.app.services.notifications.announceOrders([
      { userId, number: 1, status: 'new', storeId: randomUUID() },
      { userId, number: 2, status: 'new', storeId: randomUUID() },
    ]);
    await t.app.services.notifications.whenIdle();
    const sent = push.received.slice(received);
    const to = (subscriber: FakeSubscriber) =>
      sent.filter((request) => subscriber.subscription.endpoint.endsWith(request.path));
    // Both, oldest first, to the browser; the gone one answered 410 to the first and got no second.
    expect(to(browser).map((request) => (browser.decrypt(request.body) as { body: string }).body)).toEqual([
      'Заказ №1 оформлен',
      'Заказ №2 оформлен',
    ]);
    expect(to(gone)).toHaveLength(1);
    expect((await rowsOf(customer)).map((row) => row.endpoint)).toEqual([browser.subscription.endpoint]);
    // Delivered once: announcing again sends nothing.
    await t.app.services.notifications.announceOrders([
      { userId, number: 1, status: 'new', storeId: randomUUID() },
    ]);
    await t.app.services.notifications.whenIdle();
    expect(push.received.length).toBe(received + sent.length);
  });

  it('refuses at send time an endpoint kept from before the rules, and drops it', async () => {
    const customer = await signIn(t, newPhone());
    const received = push.received.length;
    for (const endpoint of ['https://10.0.0.1:8443/push/1', 'https://169.254.169.254/latest/meta-data/']) {
      await t.db.db.insert(pushSubscriptions).values({
        userId: customer.user._id,
        endpoint,
        ...browserKeys(),
        createdAt: new Date(clock.now()),
      });
    }
    await t.app.services.notifications.create(customer.user._id, {
      type: 'message',
      title: 'Фреш',
      content: 'Проверка',
    });
    await t.app.services.notifications.whenIdle();
    expect(await rowsOf(customer)).toEqual([]);
    expect(push.received.length).toBe(received);
  });
});
