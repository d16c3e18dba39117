import { ErrorBodySchema } from '@core/contracts/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/setup/app';
import { CSRF_MESSAGE } from './auth';

/**
 * Page form posts (React Router actions) must come from our own pages: one check for every page path, before
 * React Router sees the request (server/http/auth.ts). Here the API-only app: a post that passes the check
 * reaches the not-found handler (there is no React Router build), one that fails it is 403.
 */
describe('the same-origin check of page posts', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false });
  });

  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, headers: { origin?: string; referer?: string }) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { host: 'fresh.example', 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: 'intent=cancel&confirm=yes',
    });

  it('refuses a post from another site, or one that names no origin at all', async () => {
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/order/100001' },
      {},
    ]) {
      for (const url of ['/order', '/order/100001', '/lk?active=delivery', '/resources/addresses']) {
        const response = await post(url, headers);
        expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(ErrorBodySchema.parse(response.json()).message).toBe(CSRF_MESSAGE);
      }
    }
  });

  it('lets a post from our own pages through (Origin, or the Referer where a browser strips the Origin)', async () => {
    for (const headers of [{ origin: 'http://fresh.example' }, { referer: 'http://fresh.example/order' }]) {
      const response = await post('/order', headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(404);
    }
  });

  it('leaves reads alone, and keeps the API’s own rule (no Origin is an API client)', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/order', headers: { host: 'fresh.example' } })).statusCode,
    ).toBe(404);
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { host: 'fresh.example' },
    });
    expect(api.statusCode).toBe(200);
    // The API's own paths are the API's, even without the slash or with a query.
    for (const url of ['/api', '/api?x=1']) {
      expect(
        (await t.app.inject({ method: 'POST', url, headers: { host: 'fresh.example' } })).statusCode,
      ).toBe(404);
    }
    const foreignApi = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { host: 'fresh.example', origin: 'https://evil.example' },
    });
    expect(foreignApi.statusCode).toBe(403);
  });
});

/**
 * React Router checks an action's Origin against the page's scheme and host, and refuses a mismatch with an
 * English 400 'Bad Request' (found by the pages fuzz suite: Origin http:// on a request that came over https
 * through a trusted proxy). The same-origin check compares scheme and host too, so such a post is our 403.
 */
describe('the same-origin check of page posts behind a TLS proxy', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false, env: { TRUST_PROXY: 'loopback' } });
  });

  afterAll(async () => {
    await t?.close();
  });

  const post = (origin: string) =>
    t.app.inject({
      method: 'POST',
      url: '/order',
      headers: {
        host: 'fresh.example',
        'x-forwarded-proto': 'https',
        origin,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'intent=cancel',
    });

  it('refuses an Origin of the same host on another scheme, and lets the page’s own origin through', async () => {
    const http = await post('http://fresh.example');
    expect(http.statusCode).toBe(403);
    expect(ErrorBodySchema.parse(http.json()).message).toBe(CSRF_MESSAGE);
    expect((await post('https://fresh.example')).statusCode).toBe(404);
  });
});
