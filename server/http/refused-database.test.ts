/**
 * A PostgreSQL server that refuses connections (issue 21, item 8): starting up or shutting down (57P03), out of
 * connection slots (53300), or a database closed for connections (55000, which was a 500). Pages and the API
 * answer 503 with Retry-After, in their own forms — the API and data requests our JSON, a browser the error
 * page — and a signed-in customer's page is the 503 too, not a guest's page (the cabinet sent them away).
 * 53300 and 55000 come from the real server; 57P03 cannot be caused on a shared one, so its wire answer is sent
 * by tests/setup/refusing-postgres.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorBodySchema } from '@core/contracts/common';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_URL } from '../../tests/setup/postgres';
import { startRefusingPostgres } from '../../tests/setup/refusing-postgres';
import { loadServerBuild } from '../../tests/setup/server-build';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { type DbHandle, openDb } from '../db/client';
import { generateVapidKeys, parseVapidKeys } from '../modules/notifications/push';
import { UNAVAILABLE_RETRY_AFTER_S } from './unavailable';

const UNAVAILABLE_MESSAGE = 'Сервис временно недоступен, попробуйте через минуту';
const HOST = 'fresh.example';
const BROWSER = {
  host: HOST,
  accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
};

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A way for PostgreSQL to refuse: the URL the app connects to, and how to undo it. */
type Refusal = { url: string; undo(): Promise<void> };

const REFUSALS: { code: string; needsPostgres: boolean; start(): Promise<Refusal> }[] = [
  {
    code: '57P03',
    needsPostgres: false,
    start: async () => {
      const server = await startRefusingPostgres('57P03', 'the database system is starting up');
      return { url: server.url, undo: () => server.close() };
    },
  },
  {
    code: '53300',
    needsPostgres: true,
    start: async () => {
      const role = `fresh_no_slots_${process.pid}`;
      await admin(`create role ${role} login connection limit 0`);
      const url = new URL(TEST_ADMIN_URL ?? '');
      url.username = role;
      url.password = '';
      return { url: url.toString(), undo: () => admin(`drop role ${role}`) };
    },
  },
  {
    code: '55000',
    needsPostgres: true,
    start: async () => {
      const name = `fresh_closed_${process.pid}`;
      await admin(`create database ${name} allow_connections false`);
      const url = new URL(TEST_ADMIN_URL ?? '');
      url.pathname = `/${name}`;
      return { url: url.toString(), undo: () => admin(`drop database ${name}`) };
    },
  },
];

describe.each(REFUSALS.filter((refusal) => !refusal.needsPostgres || TEST_ADMIN_URL))(
  'PostgreSQL refusing connections with $code',
  ({ start }) => {
    let refusal: Refusal;
    let dbHandle: DbHandle;
    let app: App;
    let uploadDir: string;

    beforeAll(async () => {
      refusal = await start();
      uploadDir = await mkdtemp(path.join(tmpdir(), 'fresh-refused-'));
      dbHandle = await openDb({ databaseUrl: refusal.url });
      // Secrets the app would otherwise keep in the database: configured, as an installation that must boot
      // while its database refuses.
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
        reactRouter: { build: await loadServerBuild(), mode: 'production' },
      });
    });

    afterAll(async () => {
      await app?.close();
      await dbHandle?.close();
      await refusal?.undo();
      await rm(uploadDir, { recursive: true, force: true });
    });

    function expectUnavailable(response: { statusCode: number; headers: Record<string, unknown> }) {
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_S));
    }

    it('answers the API 503 with Retry-After in our shape, reads and writes', async () => {
      for (const request of [
        { method: 'GET', url: '/api/settings' },
        { method: 'GET', url: '/api/catalog/products' },
        { method: 'POST', url: '/api/user/code', payload: { name: 'Анна', phone: '89031234567' } },
        { method: 'GET', url: '/api/user/me', headers: { authorization: 'Bearer some-session-token' } },
      ] as const) {
        const response = await app.inject({ ...request, headers: { host: HOST, ...request.headers } });
        expectUnavailable(response);
        expect(ErrorBodySchema.parse(response.json())).toEqual({
          success: false,
          message: UNAVAILABLE_MESSAGE,
        });
      }
    });

    it('renders pages as the 503 error page, for a guest and for a signed-in customer', async () => {
      for (const [url, cookie] of [
        ['/', undefined],
        ['/catalog', undefined],
        ['/lk', 'fresh_session=some-session-token'],
        ['/order', 'fresh_session=some-session-token'],
      ] as const) {
        const response = await app.inject({
          method: 'GET',
          url,
          headers: { ...BROWSER, ...(cookie ? { cookie } : {}) },
        });
        expectUnavailable(response);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.body, url).toContain('Сервис временно недоступен');
      }
    });

    it('answers data requests and page posts 503', async () => {
      const data = await app.inject({ method: 'GET', url: '/catalog.data', headers: { host: HOST } });
      expectUnavailable(data);
      const post = await app.inject({
        method: 'POST',
        url: '/login.data',
        headers: {
          host: HOST,
          origin: `http://${HOST}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'intent=code&name=%D0%90%D0%BD%D0%BD%D0%B0&phone=89031234567',
      });
      expectUnavailable(post);
    });
  },
);
