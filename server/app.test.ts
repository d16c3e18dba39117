import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { ErrorBodySchema } from '@core/contracts/common';
import { z } from '@core/contracts/z';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../tests/setup/app';
import { runsOn, runsOnce, TEST_DATABASE_KINDS, TEST_REDIS_URL } from '../tests/setup/database';
import { signIn } from '../tests/setup/identity';
import { AppError } from './errors';
import { WS_GOING_AWAY } from './http/websocket';
import { createShutdown } from './shutdown';

const HAS_CYRILLIC = /[а-яё]/i;
const quietLog = { info: () => {}, error: () => {} };

function expectRussianError(response: { statusCode: number; json(): unknown; body: string }, status: number) {
  expect(response.statusCode).toBe(status);
  const body = ErrorBodySchema.parse(response.json());
  expect(body.success).toBe(false);
  expect(body.message).toMatch(HAS_CYRILLIC);
  expect(response.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
  return body;
}

/** Routes that exist only in this test, to drive the shared error handler through every branch. */
function addProbeRoutes(t: TestApp): void {
  t.app.post(
    '/api/test/echo',
    { schema: { body: z.object({ name: z.string().min(1, 'Обязательное поле'), count: z.number().int() }) } },
    async (request) => ({ success: true, body: request.body }),
  );
  t.app.get('/api/test/crash', async () => {
    throw new Error('database password is hunter2 at /srv/secret.ts:12');
  });
  t.app.get('/api/test/limited', async () => {
    throw new AppError('too_many_requests', 'Слишком много попыток, попробуйте через минуту', {
      retryAfterS: 42.2,
    });
  });
  t.app.get('/api/test/held', async () => {
    heldRequest.markEntered();
    await heldRequest.released;
    return { finished: true };
  });
}

/** A request that stays in flight until the test lets it go: no timer decides what is "in flight". */
function createHeldRequest() {
  let markEntered = () => {};
  let release = () => {};
  const entered = new Promise<void>((resolve) => {
    markEntered = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { entered, released, markEntered, release };
}
let heldRequest = createHeldRequest();

describe.each(TEST_DATABASE_KINDS)('the HTTP shell on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: false });
    addProbeRoutes(t);
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('the API error convention', () => {
    it('answers malformed JSON with 400', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": "Анна",',
      });
      expect(expectRussianError(response, 400).message).toBe('Некорректный JSON в теле запроса');
    });

    it('answers an unknown /api route with 404, whatever the method and body', async () => {
      expectRussianError(await t.app.inject({ method: 'GET', url: '/api/no-such-thing' }), 404);
      expectRussianError(await t.app.inject({ method: 'GET', url: '/api' }), 404);
      const post = await t.app.inject({
        method: 'POST',
        url: '/api/no/such/thing',
        headers: { 'content-type': 'application/json' },
        payload: '{broken',
      });
      expect(expectRussianError(post, 404).message).toBe('Запрашиваемый ресурс не найден');
    });

    it('answers a body over the limit with 413', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'х'.repeat(1_100_000), count: 1 }),
      });
      expect(expectRussianError(response, 413).message).toBe('Слишком большой запрос');
    });

    it('answers an unsupported content type with 415', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/x-unknown' },
        payload: 'name=1',
      });
      expectRussianError(response, 415);
    });

    it('answers a failed validation with 400, the contract message and per-field errors', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        payload: { name: '', count: 'много' },
      });
      const body = expectRussianError(response, 400);
      expect(body.message).toBe('Обязательное поле');
      expect(body.errors?.name).toBe('Обязательное поле');
      expect(body.errors?.count).toMatch(HAS_CYRILLIC);
    });

    it('passes valid input through', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        payload: { name: 'Анна', count: 2 },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, body: { name: 'Анна', count: 2 } });
    });

    it('hides an unexpected error behind a Russian 500 without details', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
      const body = expectRussianError(response, 500);
      expect(response.body).not.toContain('hunter2');
      expect(body.message).toBe('Произошла непредвиденная ошибка, попробуйте ещё раз позднее');
    });

    it('adds Retry-After to 429', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/test/limited' });
      expectRussianError(response, 429);
      expect(response.headers['retry-after']).toBe('43');
    });
  });

  it('reports the database in /healthz', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({ status: 'ok', database: { kind, ok: true } });
  });

  it('answers a non-API path with 404 when no page renderer is mounted', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/catalog' });
    expect(response.statusCode).toBe(404);
  });
});

describe.runIf(runsOnce() && TEST_REDIS_URL)('/healthz with Redis', () => {
  it('reports Redis beside the database', async () => {
    const t = await createTestApp('pglite', { seed: false, redisUrl: TEST_REDIS_URL });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'ok', database: { ok: true }, redis: { ok: true } });
    } finally {
      await t.close();
    }
  });

  it('answers 503 when Redis is unreachable', async () => {
    const t = await createTestApp('pglite', { seed: false, redisUrl: 'redis://127.0.0.1:1' });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'degraded', redis: { ok: false } });
    } finally {
      await t.close();
    }
  });
});

describe.runIf(runsOn('pglite'))('/healthz with a broken database', () => {
  it('answers 503 and names the failing part', async () => {
    const t = await createTestApp('pglite', { seed: false });
    try {
      await t.db.close();
      const response = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'degraded', database: { ok: false } });
    } finally {
      await t.app.close();
    }
  });
});

describe.runIf(runsOn('pglite'))('graceful shutdown', () => {
  it('lets in-flight requests finish and closes sockets with 1001', async () => {
    const t = await createTestApp('pglite', { seed: false });
    addProbeRoutes(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;

    const { token } = await signIn(t, '+7 (907) 600-00-01');
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${token}`);
    const [hello] = await once(socket, 'message');
    expect(JSON.parse(String(hello))).toMatchObject({ type: 'hello', role: 'customer' });
    const closed = once(socket, 'close');

    heldRequest = createHeldRequest();
    const inFlight = fetch(`${base}/api/test/held`);
    await heldRequest.entered;
    let isDatabaseClosed = false;
    const shutdown = createShutdown({
      app: t.app,
      closers: [
        async () => {
          await t.db.destroy();
          isDatabaseClosed = true;
        },
      ],
      log: quietLog,
      timeoutMs: 5_000,
      onTimeout: () => {
        throw new Error('shutdown timed out');
      },
    });
    const stopping = shutdown();
    expect(shutdown()).toBe(stopping);

    const [code] = await closed;
    expect(code).toBe(WS_GOING_AWAY);
    // The database stays open while a request is still being answered.
    expect(isDatabaseClosed).toBe(false);
    heldRequest.release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    await stopping;
    expect(isDatabaseClosed).toBe(true);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});
