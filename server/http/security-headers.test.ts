import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/setup/app';
import { contentSecurityPolicy, tileSourceOrigin } from './security-headers';

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

  it('sends CSP with a fresh nonce, nosniff, frame-ancestors and a referrer policy everywhere', async () => {
    const nonces = new Set<string>();
    for (const url of ['/healthz', '/api/settings', '/api/no-such-thing', '/no-such-page']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("img-src 'self' data: blob: https://tiles.example.net");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      nonces.add(/'nonce-([^']+)'/.exec(csp)?.[1] ?? '');
    }
    expect(nonces.size).toBe(4);
  });
});
