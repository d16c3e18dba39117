import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorBodySchema } from '@core/contracts/common';
import { isRouteErrorResponse } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loader as homeLoader } from '~/routes/home';
import { createTestApp, type TestApp } from '../../tests/setup/app';
import { runsOn, runsOnce } from '../../tests/setup/database';
import { terminateBackends } from '../../tests/setup/postgres';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { type DbHandle, openDb } from '../db/client';
import { generateVapidKeys, parseVapidKeys } from '../modules/notifications/push';
import type { LoadContext } from '../services';
import { createPageSession } from './auth';
import { UNAVAILABLE_RETRY_AFTER_S, withUnavailablePages } from './unavailable';

const UNAVAILABLE_MESSAGE = 'Сервис временно недоступен, попробуйте через минуту';
/** Nothing listens on port 1: every connection is refused, as while the database restarts. */
const DEAD_POSTGRES = 'postgres://postgres@127.0.0.1:1/fresh';
const DEAD_REDIS = 'redis://127.0.0.1:1';

function expectUnavailable(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_S));
  expect(ErrorBodySchema.parse(response.json())).toEqual({ success: false, message: UNAVAILABLE_MESSAGE });
}

describe.runIf(runsOnce())('with the database unreachable', () => {
  let app: App;
  let dbHandle: DbHandle;
  let uploadDir: string;

  beforeAll(async () => {
    uploadDir = await mkdtemp(path.join(tmpdir(), 'fresh-unavailable-'));
    dbHandle = await openDb({ databaseUrl: DEAD_POSTGRES });
    // Secrets the app would otherwise read from (or create in) the database at start: configured, as in an
    // installation that must boot while its database restarts.
    const vapid = parseVapidKeys(generateVapidKeys());
    app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        AUTH_SECRET: 'a-test-secret-of-at-least-32-characters',
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        SMS_PROVIDER: 'file',
        SMS_OUTBOX: path.join(uploadDir, 'outbox.jsonl'),
      }),
      dbHandle,
      uploadDir,
    });
  });

  afterAll(async () => {
    await app?.close();
    await dbHandle?.close();
    await rm(uploadDir, { recursive: true, force: true });
  });

  it('answers API reads 503 with Retry-After, in our shape and words', async () => {
    expectUnavailable(await app.inject({ method: 'GET', url: '/api/settings' }));
    expectUnavailable(await app.inject({ method: 'GET', url: '/api/catalog/products' }));
  });

  it('answers 503, not 401, when the session cannot be looked up', async () => {
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/user/me/basket',
      headers: { authorization: 'Bearer some-session-token', 'content-type': 'application/json' },
      payload: { warehouse_id: crypto.randomUUID(), product_id: crypto.randomUUID(), quantity: 1 },
    });
    expectUnavailable(response);
  });

  it('lets a page loader throw the 503 error page instead of a 500', async () => {
    const context: LoadContext = {
      services: withUnavailablePages(app.services),
      publicBaseUrl: 'https://fresh.example',
      sellerSiteUrl: 'https://seller.fresh.example',
      viewer: { user: null },
      area: undefined,
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      cspNonce: '',
      clientIp: '203.0.113.1',
      session: createPageSession({ token: null, isSecure: true, now: () => Date.now() }),
      log: { error: () => {}, warn: () => {} },
    };
    const thrown = await homeLoader({
      context,
      params: {},
      request: new Request('https://fresh.example/'),
    } as Parameters<typeof homeLoader>[0]).then(
      () => undefined,
      (error: unknown) => error,
    );
    // React Router turns `throw data(…, init)` into an error response with that status.
    const init = isRouteErrorResponse(thrown)
      ? { status: thrown.status }
      : (thrown as { init?: ResponseInit } | undefined)?.init;
    expect(init?.status).toBe(503);
    expect(new Headers(init?.headers).get('retry-after')).toBe(String(UNAVAILABLE_RETRY_AFTER_S));
  });
});

describe.runIf(runsOn('pglite'))('with Redis unreachable', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false, redisUrl: DEAD_REDIS });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers a login code request 503, in our shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/code',
      payload: { name: 'Анна', phone: '89031234567' },
    });
    expectUnavailable(response);
  });
});

describe.runIf(runsOn('postgres'))('when PostgreSQL ends every connection of a running app', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('postgres', { seed: false });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers 200 or 503 meanwhile, and serves again by itself', async () => {
    const read = () => t.app.inject({ method: 'GET', url: '/api/catalog/products' });
    // Several pooled connections, so some are idle and some busy when they are ended.
    expect((await Promise.all(Array.from({ length: 6 }, read))).map((r) => r.statusCode)).toEqual(
      Array(6).fill(200),
    );
    const inFlight = Array.from({ length: 6 }, read);
    expect(await terminateBackends(t.db.name ?? '')).toBeGreaterThan(0);
    const answers = [...(await Promise.all(inFlight))];
    for (let attempt = 0; attempt < 50 && answers.at(-1)?.statusCode !== 200; attempt += 1) {
      answers.push(await read());
    }
    for (const response of answers) {
      if (response.statusCode === 503) expectUnavailable(response);
      else expect(response.statusCode).toBe(200);
    }
    expect(answers.at(-1)?.statusCode).toBe(200);
  });
});
