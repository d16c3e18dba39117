/**
 * An import changes the catalogue from outside the app's processes (ADR 049): the script announces it on the
 * bus, and every process drops its cached shop lists, categories, typo dictionary and guests' pages at once,
 * not when their lifetimes end. Two processes of one deployment on PostgreSQL and Redis, with lifetimes long
 * enough that only the announcement can explain a fresh answer.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceToServers } from '../../scripts/cli-services';
import { loadConfig } from '../../server/config';
import { categories } from '../../server/db/schema/index';
import { createTestApp, type TestApp } from '../setup/app';
import { runsOn, TEST_REDIS_URL } from '../setup/database';
import { loadServerBuild } from '../setup/server-build';

const BROWSER = {
  accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
};
const LONG_LIVED = { PAGE_CACHE_TTL_MS: '60000', CONTENT_CACHE_TTL_S: '600' };

describe.skipIf(!runsOn('postgres') || !TEST_REDIS_URL)('a catalogue changed by an import', () => {
  const prefix = `fresh-test:catalogue:${randomBytes(4).toString('hex')}:`;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    const build = await loadServerBuild();
    const options = { redisUrl: TEST_REDIS_URL, redisKeyPrefix: prefix, env: LONG_LIVED };
    a = await createTestApp('postgres', { ...options, reactRouter: { build, mode: 'production' } });
    b = await createTestApp('postgres', { ...options, shareDatabaseOf: a });
    for (const app of [a, b]) await (app.app.services.realtime.bus as { ready?: Promise<void> }).ready;
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const categoryNames = async (app: TestApp) => {
    const response = await app.app.inject({ method: 'GET', url: '/api/categories' });
    expect(response.statusCode).toBe(200);
    return (response.json() as { name: string }[]).map((category) => category.name);
  };
  const guestPage = () => a.app.inject({ method: 'GET', url: '/catalog', headers: BROWSER });

  it('reaches every process: the next answers are fresh, without waiting out any cache', async () => {
    const before = await categoryNames(b);
    // A guest's page, stored once its body was read: the next guest gets the copy.
    await guestPage();
    let cached = await guestPage();
    for (let attempt = 0; attempt < 50 && cached.headers['x-page-cache'] !== 'hit'; attempt += 1) {
      cached = await guestPage();
    }
    expect(cached.headers['x-page-cache']).toBe('hit');

    await a.db.db
      .insert(categories)
      .values({ slug: `imported-${prefix.length}-${Date.now()}`, name: 'Импорт' });
    // Without an announcement both still answer from their caches.
    expect(await categoryNames(b)).toEqual(before);
    expect((await guestPage()).headers['x-page-cache']).toBe('hit');

    const config = loadConfig({ NODE_ENV: 'test', REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix });
    expect(await announceToServers(config, { kind: 'catalogue-changed' })).toBe(true);
    await expect.poll(() => categoryNames(b), { timeout: 5_000 }).toContain('Импорт');
    expect(await categoryNames(a)).toContain('Импорт');
    const fresh = await guestPage();
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['x-page-cache']).not.toBe('hit');
  });

  it('says so when there is no bus to tell', async () => {
    const config = loadConfig({ NODE_ENV: 'test', REDIS_URL: undefined });
    expect(await announceToServers(config, { kind: 'catalogue-changed' })).toBe(false);
  });
});
