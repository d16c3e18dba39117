import { type AddressInfo, connect, type Socket } from 'node:net';
import { ErrorBodySchema } from '@core/contracts/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/setup/app';
import { until } from '../../tests/setup/until';

type Peer = { socket: Socket; received: () => string; closed: Promise<void> };

async function open(port: number): Promise<Peer> {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString('utf8');
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise((resolve) => socket.once('connect', resolve));
  return { socket, received: () => received, closed };
}

const portOf = (t: TestApp) => (t.app.server.address() as AddressInfo).port;
const GET_HEALTH = 'GET /healthz HTTP/1.1\r\nHost: fresh\r\n\r\n';

describe('a client connecting directly (no trusted proxy)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      seed: false,
      env: { MAX_CONNECTIONS_PER_IP: '3', HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '2000' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('holds at most MAX_CONNECTIONS_PER_IP connections; one more is closed unanswered', async () => {
    const peers = await Promise.all([1, 2, 3].map(() => open(portOf(t))));
    for (const peer of peers) peer.socket.write(GET_HEALTH);
    await until(() => peers.every((peer) => peer.received().startsWith('HTTP/1.1 200')), 'three answers');

    const extra = await open(portOf(t));
    extra.socket.write(GET_HEALTH);
    await extra.closed;
    expect(extra.received()).toBe('');

    // A connection that closes frees its place.
    peers[0]?.socket.destroy();
    await until(async () => {
      const next = await open(portOf(t));
      next.socket.write(GET_HEALTH);
      await Promise.race([next.closed, until(() => next.received() !== '', 'an answer')]);
      const isAnswered = next.received().startsWith('HTTP/1.1 200');
      next.socket.destroy();
      return isAnswered;
    }, 'a place to free');
    for (const peer of peers) peer.socket.destroy();
  });

  it('ends a connection that never sends its headers', async () => {
    const silent = await open(portOf(t));
    await silent.closed;
    expect(silent.received()).toMatch(/^(HTTP\/1\.1 408|$)/);
  });

  it('cuts off a body that trickles in a byte at a time with 408', async () => {
    const slow = await open(portOf(t));
    slow.socket.write(
      'POST /api/user/code HTTP/1.1\r\nHost: fresh\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    let sent = 1;
    const trickle = setInterval(() => {
      if (!slow.socket.destroyed && sent < 999) {
        slow.socket.write(' ');
        sent += 1;
      }
    }, 200);
    await slow.closed;
    clearInterval(trickle);
    expect(sent).toBeLessThan(999);
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe('clients behind a trusted proxy', () => {
  let t: TestApp;
  let entered = 0;
  let release: () => void = () => {};
  let held = Promise.resolve();

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      seed: false,
      env: { MAX_CONNECTIONS_PER_IP: '2', TRUST_PROXY: 'loopback' },
    });
    held = new Promise<void>((resolve) => {
      release = resolve;
    });
    t.app.get('/api/test/held', async () => {
      entered += 1;
      await held;
      return { finished: true };
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    release();
    await t?.close();
  });

  it('keeps the proxy’s connections but caps each customer’s requests in flight with 429', async () => {
    const base = `http://127.0.0.1:${portOf(t)}`;
    const as = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    // The proxy's own connections are not capped: more than two at once from loopback.
    const proxyConnections = await Promise.all([1, 2, 3, 4].map(() => open(portOf(t))));
    for (const peer of proxyConnections) peer.socket.write(GET_HEALTH);
    await until(
      () => proxyConnections.every((peer) => peer.received().startsWith('HTTP/1.1 200')),
      'answers',
    );
    for (const peer of proxyConnections) peer.socket.destroy();

    const inFlight = [
      fetch(`${base}/api/test/held`, as('198.51.100.7')),
      fetch(`${base}/api/test/held`, as('198.51.100.7')),
    ];
    await until(() => entered === 2, 'two requests in flight');
    const third = await fetch(`${base}/api/test/held`, as('198.51.100.7'));
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('5');
    expect(ErrorBodySchema.parse(await third.json()).message).toBe(
      'Слишком много запросов, попробуйте позже',
    );

    // Another customer behind the same proxy is not affected.
    const neighbour = await fetch(`${base}/healthz`, as('198.51.100.8'));
    expect(neighbour.status).toBe(200);

    release();
    expect((await Promise.all(inFlight)).map((response) => response.status)).toEqual([200, 200]);
    const after = await fetch(`${base}/api/test/held`, as('198.51.100.7'));
    expect(after.status).toBe(200);
  });
});
