import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/setup/app';
import {
  contentSecurityPolicy,
  PROGRAM_CSP,
  STATIC_SECURITY_HEADERS,
  tileSourceOrigin,
} from './security-headers';

describe('tileSourceOrigin', () => {
  it('takes the origin of a tile URL template', () => {
    expect(tileSourceOrigin('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileSourceOrigin('https://{s}.tile.example.com:8443/{z}/{x}/{y}.png?key=1')).toBe(
      'https://*.tile.example.com:8443',
    );
    expect(tileSourceOrigin('javascript:alert(1)')).toBeNull();
    expect(tileSourceOrigin('not a url')).toBeNull();
  });
});

describe('contentSecurityPolicy', () => {
  const directives = (policy: string) =>
    Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

  it('lets scripts run only from this origin or with the nonce, and allows the map tiles', () => {
    const policy = directives(
      contentSecurityPolicy({
        nonce: 'abc123',
        isDevelopment: false,
        mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      }),
    );
    expect(policy['script-src']).toEqual(["'self'", "'nonce-abc123'"]);
    expect(policy['img-src']).toContain('https://tile.openstreetmap.org');
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
  });

  it('lets Vite inject its client and reach its HMR socket in development', () => {
    const policy = directives(
      contentSecurityPolicy({ nonce: 'n', isDevelopment: true, mapTileUrl: 'https://t.example/{z}.png' }),
    );
    expect(policy['script-src']).toContain("'unsafe-inline'");
    expect(policy['script-src']).not.toContain("'nonce-n'");
    expect(policy['connect-src']).toEqual(expect.arrayContaining(['ws:', 'wss:']));
  });
});

describe('security headers on responses', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      seed: false,
      env: { MAP_TILE_URL: 'https://tiles.example.net/{z}/{x}/{y}.png' },
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('sends pages a CSP with a fresh nonce, and helmet’s headers everywhere', async () => {
    const nonces = new Set<string>();
    for (const url of ['/no-such-page', '/', '/sw.js', '/no-such-page?x=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("img-src 'self' data: blob: https://tiles.example.net");
      nonces.add(/'nonce-([^']+)'/.exec(csp)?.[1] ?? '');
    }
    expect(nonces.size).toBe(4);
  });

  it('sends the API, uploads and the health check a policy that lets nothing run, without a nonce', async () => {
    for (const url of ['/healthz', '/api/settings', '/api/no-such-thing', '/uploads/none.webp', '/api?x=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toBe(PROGRAM_CSP);
    }
    // A page whose path only starts like a program's is a page.
    const page = await t.app.inject({ method: 'GET', url: '/apiary' });
    expect(String(page.headers['content-security-policy'])).toContain("'nonce-");
  });

  it('sends helmet’s headers on every answer, and no HSTS on a plain http site', async () => {
    for (const url of ['/healthz', '/api/settings', '/no-such-page', '/uploads/none.webp']) {
      const response = await t.app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) {
        expect(response.headers[name.toLowerCase()], `${url} ${name}`).toBe(value);
      }
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });
});
