import { randomBytes } from 'node:crypto';
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
 * helmet's headers as it sets them with our options (cross-origin isolation of the opener and resources, no
 * sniffing, no framing, our referrer policy…), written once here instead of by ten middlewares per request:
 * they never vary (issue 26: helmet's middlewares were 2 % of an authenticated API call's CPU).
 */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Frame-Options': 'DENY',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
};

/**
 * The policy of answers no browser renders as a page: the API's JSON, uploaded files, the health check. Nothing
 * in them may run, load or be framed, so they need no nonce (and no random bytes per call).
 */
export const PROGRAM_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const PROGRAM_PATH = /^\/(?:api|uploads|healthz)(?:[/?]|$)/;

const NONCE_MARK = 'NONCE-MARK';

/**
 * Security headers on every response (pages, API, static files): helmet's set, HSTS only where HTTPS is in
 * play (the request came over it, or the site is configured as https; never on a plain http site, a
 * developer's localhost included), and the CSP: a page's with a fresh nonce, a program's without one. The
 * page policy is built once, around the nonce's place.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { isDevelopment: boolean; mapTileUrl: string; isHttpsSite: boolean },
): Promise<void> {
  app.decorateRequest('cspNonce', '');
  const [beforeNonce, afterNonce = ''] = contentSecurityPolicy({
    nonce: NONCE_MARK,
    isDevelopment: options.isDevelopment,
    mapTileUrl: options.mapTileUrl,
  }).split(NONCE_MARK) as [string, string?];
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(STATIC_SECURITY_HEADERS);
    if (PROGRAM_PATH.test(request.url)) {
      reply.header('Content-Security-Policy', PROGRAM_CSP);
    } else {
      request.cspNonce = randomBytes(16).toString('base64');
      reply.header('Content-Security-Policy', `${beforeNonce}${request.cspNonce}${afterNonce}`);
    }
    if (options.isHttpsSite || request.protocol === 'https')
      reply.header('Strict-Transport-Security', HSTS_HEADER);
  });
}
