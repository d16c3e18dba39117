/**
 * Auth before validation, on every route: a guest with a garbage body, garbage params and a garbage query
 * gets 401 'Необходимо авторизоваться' from every protected route, never a 400 that lists the fields. The
 * routes come from the app's own route table, so a new route is either public on purpose (listed below) or
 * protected, and cannot be forgotten.
 */
import { ErrorBodySchema } from '@core/contracts/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../tests/setup/database';
import type { RouteEntry } from './route-table';

/** Routes anyone may call. Adding a route here is a decision: say why in the route's module. */
const PUBLIC_ROUTES = new Set([
  'GET /api/settings',
  'GET /api/pages',
  'GET /api/pages/*',
  'GET /api/recipes',
  'GET /api/recipes/:slug',
  'GET /api/articles',
  'GET /api/articles/:kind/:slug',
  'GET /api/vacancies',
  'GET /api/catalog/products',
  'GET /api/categories',
  'GET /api/stores',
  'GET /api/stores/:id',
  'GET /api/store/:id/points',
  'GET /api/points/list',
  'GET /api/products/:id',
  'GET /api/products/:id/related',
  'GET /api/search',
  'GET /api/openapi.json',
  'POST /api/user/code',
  'POST /api/user/login',
  // A guest's logout just clears the cookie: logging out must never fail.
  'POST /api/user/logout',
  'POST /api/basket/preview',
  'GET /api/geo/reverse',
  // Typed-address suggestions (ADR 038): public, rationed per client address.
  'GET /api/geo/search',
  'GET /api/points/:id/slots',
  // The VAPID public key: public by nature (every push service sees it).
  'GET /api/notification/vapid',
  // A shop's reviews are for everyone to read (ADR 045).
  'GET /api/store/:id/reviews',
  // The open forms (SPEC §7 POST /api/questions, a vacancy's application): rationed per address and phone,
  // a honeypot, ADR 045.
  'POST /api/questions',
  'POST /api/vacancy/applications',
  // YooKassa's webhooks (ADR 046): heard only from its addresses, and the payment is read again by id.
  'POST /api/payments/yookassa',
]);

/** The catch-all answering 404 for unknown API paths. */
const UNKNOWN_API_ROUTES = new Set(['/api', '/api/', '/api/*']);

const keyOf = (route: RouteEntry) => `${route.method} ${route.url}`;

function apiRoutes(t: TestApp): RouteEntry[] {
  return t.app.routeTable.filter(
    (route) =>
      route.url.startsWith('/api') &&
      !UNKNOWN_API_ROUTES.has(route.url) &&
      route.method !== 'HEAD' &&
      route.method !== 'OPTIONS',
  );
}

/** The route's path with every parameter and wildcard replaced by something no contract accepts. */
function garbagePath(url: string): string {
  return url.replace(/:[^/]+/g, 'не-id%00').replace(/\*$/, 'x/../%01');
}

describe.each(TEST_DATABASE_KINDS)('auth before validation on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: false });
    await t.app.ready();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('knows every API route: each one is public on purpose or protected', () => {
    const routes = apiRoutes(t);
    expect(routes.length).toBeGreaterThan(30);
    const keys = new Set(routes.map(keyOf));
    // A stale entry here would hide a renamed route from the check below.
    for (const key of PUBLIC_ROUTES)
      expect(keys, `${key} is listed as public but does not exist`).toContain(key);
    for (const route of routes) {
      if (PUBLIC_ROUTES.has(keyOf(route))) expect(route.auth, keyOf(route)).toBeUndefined();
      else expect(route.auth, `${keyOf(route)} is neither public nor protected`).toBe('user');
    }
  });

  it('answers a guest 401 on every protected route, whatever the body, params and query', async () => {
    const protectedRoutes = apiRoutes(t).filter((route) => !PUBLIC_ROUTES.has(keyOf(route)));
    expect(protectedRoutes.length).toBeGreaterThan(15);
    const bodies: { type?: string; payload?: string }[] = [
      {},
      { type: 'application/json', payload: '' },
      { type: 'application/json', payload: '{"orders": "много", "phone": 5, "address": null' },
      { type: 'application/json', payload: '"строка"' },
      { type: 'application/json', payload: JSON.stringify({ data: [1, 2], name: '\u0000', quantity: -1 }) },
      { type: 'multipart/form-data', payload: 'не multipart' },
      { type: 'text/plain', payload: 'x' },
    ];
    const failures: string[] = [];
    for (const route of protectedRoutes) {
      for (const [index, body] of bodies.entries()) {
        // GET and DELETE get the body too: a client may send one, and it must not change the answer.
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: `${garbagePath(route.url)}?page=-1&q=%00&city=a&city=b`,
          headers: {
            ...(body.type ? { 'content-type': body.type } : {}),
            'idempotency-key': 'x'.repeat(300),
          },
          ...(body.payload !== undefined ? { payload: body.payload } : {}),
        });
        const parsed = ErrorBodySchema.safeParse(response.json());
        if (
          response.statusCode !== 401 ||
          !parsed.success ||
          parsed.data.message !== 'Необходимо авторизоваться' ||
          parsed.data.errors !== undefined
        ) {
          failures.push(
            `${keyOf(route)} body #${index}: ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 for a forged or expired token the same way', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { authorization: `Bearer ${'x'.repeat(43)}`, 'content-type': 'application/json' },
      payload: '{"orders":',
    });
    expect(response.statusCode).toBe(401);
    expect(ErrorBodySchema.parse(response.json()).message).toBe('Необходимо авторизоваться');
  });

  it('marks every protected answer private, errors included', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/me/addresses' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });
});
