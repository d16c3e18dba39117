import type { IncomingMessage } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { ErrorBodySchema } from '@core/contracts/common';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../tests/setup/app';
import { until } from '../../tests/setup/until';
import {
  closeRefusedUpgrades,
  registerConnectionLimits,
  SOCKET_UPGRADE_RATE_PER_ADDRESS,
  SOCKET_UPGRADE_RETRY_AFTER_S,
} from './connection-limits';
import { registerErrorHandler } from './error-handler';

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

type Upgrade = { status: number; retryAfter?: string; body?: string; isClosedByServer?: boolean };

/** How long a refused upgrade's connection may stay open after its answer. */
const REFUSED_CLOSE_WAIT_MS = 2_000;

/**
 * Tries a WebSocket upgrade from a client address (X-Forwarded-For): 101 (the client closes the socket at
 * once), or the refusal and whether the server closed its connection (ws leaves it open on our side).
 */
function upgrade(url: string, address: string): Promise<Upgrade> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { 'x-forwarded-for': address } });
    socket.once('open', () => {
      socket.terminate();
      resolve({ status: 101 });
    });
    socket.once('unexpected-response', (request, response: IncomingMessage) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      const closed = new Promise<boolean>((resolveClosed) => {
        response.socket.once('close', () => resolveClosed(true));
        setTimeout(() => resolveClosed(false), REFUSED_CLOSE_WAIT_MS);
      });
      response.on('end', async () => {
        const isClosedByServer = await closed;
        request.destroy();
        resolve({
          status: response.statusCode ?? 0,
          retryAfter: response.headers['retry-after'],
          body,
          isClosedByServer,
        });
      });
    });
    socket.once('error', (error) => {
      if (!error.message.startsWith('Unexpected server response')) reject(error);
    });
  });
}

describe('WebSocket upgrades per client address (docs/decisions/035)', () => {
  let app: FastifyInstance;
  let nowMs = 0;
  let url: string;

  beforeAll(async () => {
    app = Fastify({ trustProxy: 'loopback' });
    registerErrorHandler(app);
    closeRefusedUpgrades(app);
    registerConnectionLimits(app, { maxPerIp: 64, trustProxy: 'loopback', now: () => nowMs });
    await app.register(fastifyWebsocket);
    app.get('/ws', { websocket: true }, (socket) => socket.send('hello'));
    app.get('/page', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
  });

  afterAll(async () => {
    await app?.close();
  });

  it('refuses one more than the rate with 429 and Retry-After before the upgrade and closes its connection; another address, a request that is no upgrade, and the same address a moment later pass', async () => {
    const flooder = '198.51.100.20';
    const statuses: number[] = [];
    for (let sent = 0; sent < SOCKET_UPGRADE_RATE_PER_ADDRESS.burst; sent += 20) {
      const batch = await Promise.all(Array.from({ length: 20 }, () => upgrade(url, flooder)));
      statuses.push(...batch.map((outcome) => outcome.status));
    }
    expect(statuses).toEqual(Array(SOCKET_UPGRADE_RATE_PER_ADDRESS.burst).fill(101));

    const refused = await upgrade(url, flooder);
    expect(refused).toMatchObject({
      status: 429,
      retryAfter: String(SOCKET_UPGRADE_RETRY_AFTER_S),
      isClosedByServer: true,
    });
    expect(ErrorBodySchema.parse(JSON.parse(refused.body ?? '')).message).toBe(
      'Слишком много запросов, попробуйте позже',
    );

    expect((await upgrade(url, '198.51.100.21')).status).toBe(101);
    const page = await fetch(url.replace('ws:', 'http:').replace('/ws', '/page'), {
      headers: { 'x-forwarded-for': flooder },
    });
    expect(page.status).toBe(200);

    nowMs += SOCKET_UPGRADE_RETRY_AFTER_S * 1000;
    expect((await upgrade(url, flooder)).status).toBe(101);
  });
});
