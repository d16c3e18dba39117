/**
 * GET /metrics (ADR 048): absent without METRICS_TOKEN, behind the bearer token with it, and counting what it
 * says it counts — per route pattern, never per URL.
 */
import { ErrorBodySchema } from '@core/contracts/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../tests/setup/database';
import { phoneSequence, signIn } from '../../tests/setup/identity';
import { sampleOf } from '../../tests/setup/metrics';
import { placePickupOrders } from '../../tests/setup/orders';
import { loadConfig } from '../config';

const TOKEN = 'metrics-token-for-tests-0123456789abcdef';
const nextPhone = phoneSequence('8916');

describe('METRICS_TOKEN', () => {
  it('must be 32 characters at least, and a refusal never shows it', () => {
    const short = 'short-metrics-secret-hunter2';
    expect(() => loadConfig({ METRICS_TOKEN: short })).toThrow(
      /METRICS_TOKEN: must be at least 32 characters/,
    );
    expect(() => loadConfig({ METRICS_TOKEN: short })).not.toThrow(short);
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
    expect(loadConfig({ METRICS_TOKEN: ' ' }).METRICS_TOKEN).toBeUndefined();
  });
});

describe.each(TEST_DATABASE_KINDS)('GET /metrics on %s', (kind) => {
  let t: TestApp;
  let off: TestApp;

  beforeAll(async () => {
    [t, off] = await Promise.all([
      createTestApp(kind, { env: { METRICS_TOKEN: TOKEN } }),
      createTestApp(kind, { seed: false }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([t?.close(), off?.close()]);
  });

  const scrape = async (app = t) => {
    const response = await app.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  };

  it('is not there without METRICS_TOKEN: 404 as any unknown path, with or without a token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await off.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('fresh_');
    }
  });

  it('refuses without the token, a wrong one or another scheme: 401 in the API’s shape', async () => {
    const refusals = [
      undefined,
      'Bearer',
      'Bearer ',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
      `Bearer ${TOKEN} ${TOKEN}`,
      TOKEN,
    ];
    for (const authorization of refusals) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      const body = ErrorBodySchema.parse(response.json());
      expect(body.message).toBe('Необходимо авторизоваться');
      expect(response.body).not.toContain('fresh_');
    }
  });

  it('answers the metrics in Prometheus’s text format to the token, uncached', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4; charset=utf-8/);
    expect(response.headers['cache-control']).toBe('no-store');
    for (const name of [
      'fresh_http_request_duration_seconds',
      'fresh_sms_sent_total',
      'fresh_sms_failed_total',
      'fresh_orders_placed_total',
      'fresh_page_cache_hits_total',
      'fresh_page_cache_misses_total',
      'fresh_websockets_open',
      'nodejs_eventloop_lag_seconds',
      'process_resident_memory_bytes',
    ]) {
      expect(response.body).toContain(`# TYPE ${name} `);
    }
    // The pool is PostgreSQL's; the embedded database has one connection and no pool.
    if (kind === 'postgres') {
      expect(sampleOf(response.body, 'fresh_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      expect(response.body).toContain('fresh_db_pool_connections{state="waiting"}');
    } else {
      expect(response.body).not.toContain('fresh_db_pool_connections');
    }
  });

  it('counts requests per route pattern, never per URL', async () => {
    const settings = { method: 'GET', route: '/api/settings', status: '200' };
    const count = 'fresh_http_request_duration_seconds_count';
    const before = sampleOf(await scrape(), count, settings);
    for (let i = 0; i < 3; i += 1) {
      expect((await t.app.inject({ method: 'GET', url: `/api/settings?i=${i}` })).statusCode).toBe(200);
    }
    await t.app.inject({ method: 'GET', url: '/api/products/no-such-product-4f1c' });
    await t.app.inject({ method: 'GET', url: '/api/no/such/route-9d2e' });
    await t.app.inject({ method: 'GET', url: '/no-such-page-7a3b' });
    const after = await scrape();
    expect(sampleOf(after, count, settings)).toBe(before + 3);
    expect(sampleOf(after, count, { route: '/api/*', status: '404' })).toBeGreaterThan(0);
    expect(sampleOf(after, count, { route: 'unmatched', status: '404' })).toBeGreaterThan(0);
    // The scrapes and refusals of /metrics are requests too.
    expect(sampleOf(after, count, { route: '/metrics', status: '401' })).toBeGreaterThan(0);
    for (const url of ['4f1c', '9d2e', '7a3b', 'i=']) expect(after).not.toContain(url);
  });

  it('counts the SMS sent and the orders placed', async () => {
    const before = await scrape();
    const customer = await signIn(t, nextPhone());
    await placePickupOrders(
      t,
      {
        name: 'signed in',
        cookies: { fresh_session: customer.token },
        headers: { 'x-requested-with': 'XMLHttpRequest' },
        scope: undefined,
        customer,
      },
      2,
    );
    const after = await scrape();
    expect(sampleOf(after, 'fresh_sms_sent_total')).toBe(sampleOf(before, 'fresh_sms_sent_total') + 1);
    expect(sampleOf(after, 'fresh_sms_failed_total')).toBe(sampleOf(before, 'fresh_sms_failed_total'));
    expect(sampleOf(after, 'fresh_orders_placed_total')).toBe(
      sampleOf(before, 'fresh_orders_placed_total') + 2,
    );
  });

  it('keeps each app’s counts apart (a registry per app, not the global one)', async () => {
    const other = await createTestApp(kind, { seed: false, env: { METRICS_TOKEN: TOKEN } });
    try {
      const settings = { route: '/api/settings', status: '200' };
      const count = 'fresh_http_request_duration_seconds_count';
      expect(sampleOf(await scrape(t), count, settings)).toBeGreaterThan(0);
      expect(sampleOf(await scrape(other), count, settings)).toBe(0);
    } finally {
      await other.close();
    }
  });
});
