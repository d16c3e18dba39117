/**
 * The web push sender (ADR 037) against a local fake push service: where it may connect (public names on 443,
 * public addresses, checked by its own lookup at send time: a name that resolves inside is refused), how many
 * pushes it has under way at once, and how long one may take.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePushService, startFakePushService } from '../../../tests/setup/fake-push-service';
import { until } from '../../../tests/setup/until';
import {
  createWebPushSender,
  generateVapidKeys,
  isPublicAddress,
  type PushNetwork,
  type PushSender,
  parseVapidKeys,
} from './push';

const keys = parseVapidKeys(generateVapidKeys());
const payload = { title: 'Фреш', body: 'Заказ в пути', link: '/order/1' };

describe('isPublicAddress', () => {
  it('refuses loopback, private, shared, link-local, reserved and mapped inside addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.8.8',
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '192.0.2.1',
      '198.18.0.1',
      '203.0.113.9',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a00:1',
      '2002:a00:1::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '2001:db8::1',
      'localhost',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('accepts public unicast addresses of both families', () => {
    for (const address of [
      '142.250.74.46',
      '8.8.8.8',
      '172.32.0.1',
      '2a00:1450:4010:c05::5f',
      '::ffff:8.8.8.8',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});

describe('the web push sender', () => {
  let push: FakePushService;
  const senders: PushSender[] = [];
  const senderWith = (network: PushNetwork, onError?: (error: unknown) => void) => {
    const sender = createWebPushSender({
      keys,
      subject: 'mailto:test@fresh.test',
      network,
      ...(onError ? { onError } : {}),
    });
    senders.push(sender);
    return sender;
  };
  const target = (subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) => ({
    endpoint: subscription.endpoint,
    ...subscription.keys,
  });
  const reached = (endpoint: string) => push.received.some((request) => endpoint.endsWith(request.path));

  beforeAll(async () => {
    push = await startFakePushService();
  });

  afterAll(async () => {
    for (const sender of senders) sender.close();
    await push?.close();
  });

  it('sends to a push service the network allows, encrypted for the browser', async () => {
    const browser = push.subscriber();
    expect(await senderWith(push.network).send(target(browser.subscription), payload)).toBe('sent');
    const request = push.received.find((item) => browser.subscription.endpoint.endsWith(item.path));
    expect(browser.decrypt(request?.body ?? Buffer.alloc(0))).toEqual(payload);
  });

  it('refuses, without connecting, what production does not allow: the fake service itself, literals, http', async () => {
    const production = senderWith({ ...(push.network.ca ? { ca: push.network.ca } : {}) });
    const received = push.received.length;
    for (const endpoint of [
      push.subscriber().subscription.endpoint,
      `http://127.0.0.1:${push.port}/push/1`,
      'https://10.0.0.1/push/1',
      'https://[::1]/push/1',
    ]) {
      expect(production.acceptsEndpoint(endpoint), endpoint).toBe(false);
      expect(await production.send({ endpoint, p256dh: 'B', auth: 'a' }, payload), endpoint).toBe('refused');
    }
    expect(push.received.length).toBe(received);
  });

  it('refuses a name that resolves to an inside address (DNS rebinding), at send time', async () => {
    // `localhost` is on the fake's certificate; its origin is allowed, so only the address decides.
    const origin = `https://localhost:${push.port}`;
    const browser = push.subscriber({ origin });
    const toLoopback = async () => [{ address: '127.0.0.1', family: 4 }];
    const ca = push.network.ca ? { ca: push.network.ca } : {};
    const rebinding = senderWith({ allowedOrigins: [origin], resolve: toLoopback, ...ca });
    expect(rebinding.acceptsEndpoint(browser.subscription.endpoint)).toBe(true);
    expect(await rebinding.send(target(browser.subscription), payload)).toBe('refused');
    // One inside address among public ones is refused too.
    const mixed = senderWith({
      allowedOrigins: [origin],
      resolve: async () => [
        { address: '142.250.74.46', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
      ...ca,
    });
    expect(await mixed.send(target(browser.subscription), payload)).toBe('refused');
    expect(reached(browser.subscription.endpoint)).toBe(false);

    // The same name with its address allowed reaches the service: the lookup was what refused.
    const allowed = senderWith({ ...push.network, allowedOrigins: [origin], resolve: toLoopback });
    expect(await allowed.send(target(browser.subscription), payload)).toBe('sent');
    expect(reached(browser.subscription.endpoint)).toBe(true);
  });

  it('gives up on a push service that does not answer in time', async () => {
    const errors: unknown[] = [];
    const sender = senderWith({ ...push.network, timeoutMs: 200 }, (error) => errors.push(error));
    const slow = push.subscriber({ slow: true });
    expect(await sender.send(target(slow.subscription), payload)).toBe('failed');
    expect(String(errors[0])).toMatch(/did not answer in 200 ms/);
  });

  it('has at most `concurrency` pushes under way; the rest wait their turn', async () => {
    const sender = senderWith({ ...push.network, concurrency: 2 });
    const slow = Array.from({ length: 6 }, () => push.subscriber({ slow: true }));
    let isDone = false;
    const outcomes = Promise.all(
      slow.map((subscriber) => sender.send(target(subscriber.subscription), payload)),
    ).finally(() => {
      isDone = true;
    });
    while (!isDone) {
      await until(() => push.held() === 2 || isDone, 'two pushes held by the service');
      push.releaseSlow();
    }
    expect(await outcomes).toEqual(Array(6).fill('sent'));
    expect(push.maxHeld()).toBe(2);
  });
});
