/**
 * Personal answers are never cached and HTTPS-only headers only go out over HTTPS (issue 12, item 10): pages
 * rendered for a signed-in customer (by cookie or bearer token) and the customer's API answers carry
 * `Cache-Control: private, no-store`, and the guests' page cache never stores or serves them; HSTS and the
 * Secure flash cookie appear over HTTPS (a trusted proxy's X-Forwarded-Proto here) and not over plain http.
 * Pages come from the real production server build.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../server/db/client';
import { createTestApp, type TestApp } from '../setup/app';
import { runsOn, TEST_DATABASE_KINDS } from '../setup/database';
import { type SignedInCustomer, signIn } from '../setup/identity';
import { loadServerBuild } from '../setup/server-build';

const NAME = 'Эльвира';

describe.each(TEST_DATABASE_KINDS)('personal answers on %s', (kind) => {
  let t: TestApp;
  let customer: SignedInCustomer;

  beforeAll(async () => {
    const build = await loadServerBuild();
    // The guests' page cache on, as in production; the test client is the trusted proxy.
    t = await createTestApp(kind, {
      reactRouter: { build, mode: 'production' },
      env: { PAGE_CACHE_TTL_MS: '60000', TRUST_PROXY: 'loopback' },
    });
    customer = await signIn(t, '+7 (904) 300-00-01', NAME);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('marks pages rendered for a customer private, by cookie or by bearer token', async () => {
    for (const headers of [{ cookie: customer.cookie }, { authorization: `Bearer ${customer.token}` }]) {
      const response = await t.app.inject({ method: 'GET', url: '/catalog', headers });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(NAME);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers['x-page-cache']).toBeUndefined();
    }
  });

  it('never serves a customer’s page to a guest from the page cache', async () => {
    // A customer first: if their page were stored, the guests below would get it.
    await t.app.inject({ method: 'GET', url: '/', headers: { authorization: `Bearer ${customer.token}` } });
    await t.app.inject({ method: 'GET', url: '/', headers: { cookie: customer.cookie } });
    const first = await t.app.inject({ method: 'GET', url: '/' });
    const second = await t.app.inject({ method: 'GET', url: '/' });
    expect(second.headers['x-page-cache']).toBe('hit');
    for (const guest of [first, second]) {
      expect(guest.body).not.toContain(NAME);
      expect(guest.body).not.toContain(customer.user.phone);
      expect(guest.headers['cache-control'] ?? '').not.toMatch(/private/);
    }
  });

  it('reads the customer’s basket once for /basket, on a page load and on a client navigation', async () => {
    const [offer] = await queryRows(
      t.db.db,
      z.object({ pointId: z.string(), productId: z.string(), name: z.string() }),
      sql`select s.point_id as "pointId", s.product_id as "productId", p.name
        from stock s join points pt on pt.id = s.point_id join products p on p.id = s.product_id
        where p.store_id = pt.store_id and s.count > 0 and p.sold_by = 'piece' order by p.name limit 1`,
    );
    if (!offer) throw new Error('the seed has no offer');
    const basket = t.app.services.basket;
    await basket.changeItem(customer.user._id, {
      warehouse_id: offer.pointId,
      product_id: offer.productId,
      quantity: 1,
    });
    // The root loader and /basket's both need it; React Router runs them for the same request.
    const getBasket = basket.getBasket;
    let reads = 0;
    basket.getBasket = (userId) => {
      reads += 1;
      return getBasket(userId);
    };
    try {
      for (const url of ['/basket', '/basket.data?_routes=root%2Croutes%2Fbasket']) {
        reads = 0;
        const response = await t.app.inject({ method: 'GET', url, headers: { cookie: customer.cookie } });
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).toContain(offer.name);
        expect(reads, url).toBe(1);
      }
    } finally {
      basket.getBasket = getBasket;
    }
  });

  it('marks the customer’s API answers private', async () => {
    for (const url of ['/api/user/me', '/api/user/me/basket', '/api/user/me/addresses', '/api/orders']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: customer.cookie } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('private, no-store');
    }
    const logout = await t.app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { cookie: customer.cookie },
    });
    expect(logout.headers['cache-control'] ?? '').not.toMatch(/private/);
  });

  it('sends HSTS over HTTPS only', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await t.app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('makes the flash cookie Secure over HTTPS only', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/order' });
    expect(plain.statusCode).toBe(302);
    expect(String(plain.headers['set-cookie'])).toMatch(/^fresh_flash=auth-required;/);
    expect(String(plain.headers['set-cookie'])).not.toMatch(/Secure/);
    const secure = await t.app.inject({
      method: 'GET',
      url: '/order',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(String(secure.headers['set-cookie'])).toMatch(/^fresh_flash=auth-required;.*; Secure$/);
  });
});

describe.runIf(runsOn('pglite'))('an https site', () => {
  it('sends HSTS even when the proxy in front does not say so', async () => {
    const t = await createTestApp('pglite', {
      seed: false,
      env: { PUBLIC_BASE_URL: 'https://fresh.example' },
    });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/settings' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await t.close();
    }
  });
});
