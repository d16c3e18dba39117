import { randomBytes } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's CSP nonce: React Router puts it on every script it renders. */
    cspNonce: string;
  }
}

/**
 * The origin a tile URL template loads from, for img-src: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' →
 * 'https://tile.openstreetmap.org'; a {s} subdomain placeholder becomes a wildcard.
 */
export function tileSourceOrigin(template: string): string | null {
  try {
    const url = new URL(template.replace(/\{s\}/g, 'tile-subdomain-placeholder').replace(/\{[^}]*\}/g, '0'));
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return `${url.protocol}//${url.host.replace('tile-subdomain-placeholder', '*')}`;
  } catch {
    return null;
  }
}

export type CspOptions = { nonce: string; isDevelopment: boolean; mapTileUrl: string };

/**
 * Scripts run only from this origin or with this response's nonce. Styles allow inline attributes: React
 * Aria positions popovers and hides text visually with style attributes, and a nonce would switch that off.
 * In development Vite injects its client and talks to its HMR socket, which needs inline scripts and ws:.
 */
export function contentSecurityPolicy({ nonce, isDevelopment, mapTileUrl }: CspOptions): string {
  const tiles = tileSourceOrigin(mapTileUrl);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': isDevelopment
      ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
      : ["'self'", `'nonce-${nonce}'`],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': isDevelopment ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
    'media-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** A year, subdomains included: helmet's default. */
export const HSTS_HEADER = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every response (pages, API, static files): helmet's set (nosniff, frame options,
 * cross-origin policies…) with our referrer policy, and our CSP with a fresh nonce per request. HSTS only
 * where HTTPS is in play — the request came over it, or the site is configured as https — never on a plain
 * http site (a developer's localhost included).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { isDevelopment: boolean; mapTileUrl: string; isHttpsSite: boolean },
): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.decorateRequest('cspNonce', '');
  const csp = { isDevelopment: options.isDevelopment, mapTileUrl: options.mapTileUrl };
  app.addHook('onRequest', async (request, reply) => {
    request.cspNonce = randomBytes(16).toString('base64');
    reply.header('Content-Security-Policy', contentSecurityPolicy({ nonce: request.cspNonce, ...csp }));
    if (options.isHttpsSite || request.protocol === 'https')
      reply.header('Strict-Transport-Security', HSTS_HEADER);
  });
}
