import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createPageCache, isShareable, storablePage, withNonce } from './page-cache';

const request = (url: string, cookie?: string, method = 'GET') =>
  ({ url, method, headers: cookie ? { cookie } : {} }) as unknown as FastifyRequest;
const page = (body: string, storedAt = 0) =>
  storablePage({ status: 200, headers: [], body, nonce: 'N0NCE' }, storedAt);

describe('page cache', () => {
  it('keys guests by URL and delivery area, and refuses anyone with another cookie', () => {
    const cache = createPageCache({ ttlMs: 1000, maxEntries: 10, variantCookies: ['fresh-area'] });
    expect(cache.keyFor(request('/catalog'))).toBe('/catalog\n');
    expect(cache.keyFor(request('/catalog', 'fresh-area=z1'))).toBe('/catalog\nz1');
    expect(cache.keyFor(request('/catalog', 'fresh-area=z1; fresh_session=abc'))).toBeUndefined();
    expect(cache.keyFor(request('/catalog', undefined, 'POST'))).toBeUndefined();
  });

  it('keys guests by where the proxy says they are too, when the deployment knows it (ADR 038)', () => {
    const cache = createPageCache({
      ttlMs: 1000,
      maxEntries: 10,
      variantCookies: ['fresh-area'],
      variantHeaders: ['x-geo-lat', 'x-geo-lng'],
    });
    const near = (lat: string, lng: string) =>
      ({
        url: '/catalog',
        method: 'GET',
        headers: { 'x-geo-lat': lat, 'x-geo-lng': lng },
      }) as unknown as FastifyRequest;
    expect(cache.keyFor(near('57.76', '40.93'))).toBe('/catalog\n|57.76|40.93');
    expect(cache.keyFor(near('57.63', '39.89'))).not.toBe(cache.keyFor(near('57.76', '40.93')));
    expect(cache.keyFor(request('/catalog'))).toBe('/catalog\n||');
  });

  it('refuses a request signed in by a bearer token', () => {
    const cache = createPageCache({ ttlMs: 1000, maxEntries: 10, variantCookies: ['fresh-area'] });
    const bearer = { url: '/catalog', method: 'GET', headers: { authorization: 'Bearer abc' } };
    expect(cache.keyFor(bearer as unknown as FastifyRequest)).toBeUndefined();
  });

  it('forgets pages after the ttl and keeps at most maxEntries', () => {
    let clock = 0;
    const cache = createPageCache({ ttlMs: 1000, maxEntries: 2, variantCookies: [], now: () => clock });
    cache.set('a', page('A', 0));
    cache.set('b', page('B', 0));
    cache.set('c', page('C', 0));
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.parts.join('')).toBe('B');
    clock = 1000;
    expect(cache.get('b')).toBeUndefined();
  });

  it('is off with a ttl of 0', () => {
    const cache = createPageCache({ ttlMs: 0, maxEntries: 2, variantCookies: [] });
    expect(cache.keyFor(request('/'))).toBeUndefined();
  });

  it('swaps the nonce on every use', () => {
    expect(withNonce(page('<script nonce="N0NCE"></script><script nonce="N0NCE">'), 'fresh').toString()).toBe(
      '<script nonce="fresh"></script><script nonce="fresh">',
    );
  });

  it('shares only successful HTML that sets no cookie and is not private', () => {
    const html = (init: ResponseInit = {}) =>
      new Response('<html>', {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8' },
        ...init,
      });
    expect(isShareable(html())).toBe(true);
    expect(isShareable(html({ status: 404 }))).toBe(false);
    expect(isShareable(new Response('{}', { headers: { 'content-type': 'application/json' } }))).toBe(false);
    const withCookie = html();
    withCookie.headers.append('set-cookie', 'a=1');
    expect(isShareable(withCookie)).toBe(false);
    expect(isShareable(html({ headers: { 'content-type': 'text/html', 'cache-control': 'private' } }))).toBe(
      false,
    );
  });
});
