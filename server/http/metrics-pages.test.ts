/**
 * Metrics and request ids of the pages React Router renders (ADR 048): the guest page cache's hits and misses
 * are counted, every page is one route label, and a page that fails shows its request id as 'Код ошибки'.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/setup/app';
import { runsOn } from '../../tests/setup/database';
import { sampleOf } from '../../tests/setup/metrics';
import { loadServerBuild } from '../../tests/setup/server-build';
import { REQUEST_ID_HEADER } from './request-id';

const TOKEN = 'metrics-token-for-page-tests-0123456789';
const BROWSER = {
  accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
};

describe.runIf(runsOn('pglite'))('metrics and request ids of pages', () => {
  let t: TestApp;

  beforeAll(async () => {
    const build = await loadServerBuild();
    t = await createTestApp('pglite', {
      reactRouter: { build, mode: 'production' },
      // Long enough that the stored page is still there when asked again on a loaded machine.
      env: { METRICS_TOKEN: TOKEN, PAGE_CACHE_TTL_MS: '60000' },
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  const scrape = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('counts the guest page cache’s misses and hits, and every page under one route label', async () => {
    const before = await scrape();
    let hits = 0;
    let renders = 0;
    // The first guest's page is stored once its body has been read; the next guests get the copy.
    for (let attempt = 0; attempt < 200 && hits < 2; attempt += 1) {
      const response = await t.app.inject({ method: 'GET', url: '/about', headers: BROWSER });
      expect(response.statusCode).toBe(200);
      if (response.headers['x-page-cache'] === 'hit') hits += 1;
      else renders += 1;
      expect(response.headers[REQUEST_ID_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(hits).toBe(2);
    const after = await scrape();
    const delta = (name: string) => sampleOf(after, name) - sampleOf(before, name);
    expect(delta('fresh_page_cache_hits_total')).toBe(hits);
    expect(delta('fresh_page_cache_misses_total')).toBe(renders);
    const pages = { method: 'GET', route: 'page', status: '200' };
    const count = 'fresh_http_request_duration_seconds_count';
    expect(sampleOf(after, count, pages) - sampleOf(before, count, pages)).toBe(hits + renders);
    expect(after).not.toContain('route="/about"');
  });

  it('shows the request id on the page of a failed render as its error code', async () => {
    // A table gone from under the storefront: every product query fails, as a bug would make it.
    await t.db.db.execute(sql`alter table products rename to products_gone`);
    try {
      const response = await t.app.inject({ method: 'GET', url: '/catalog', headers: BROWSER });
      expect(response.statusCode).toBe(500);
      const id = String(response.headers[REQUEST_ID_HEADER]);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.body).toContain('Что-то пошло не так');
      expect(response.body).toMatch(new RegExp(`Код ошибки: (<!-- -->)?<span id="error-code">${id}</span>`));
    } finally {
      await t.db.db.execute(sql`alter table products_gone rename to products`);
    }
  });
});
