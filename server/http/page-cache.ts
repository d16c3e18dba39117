/**
 * A short-lived cache of server-rendered pages for guests (ADR 010). A page a guest sees depends only on its
 * URL and the guest's delivery area, so for a second or two every guest in the same area can get the same
 * HTML without a database round trip or a React render. Signed-in customers (any other cookie) always get a
 * fresh render. The CSP nonce in a stored page is swapped for the new response's nonce on every hit.
 */
import type { FastifyRequest } from 'fastify';

export type CachedPage = {
  status: number;
  headers: [string, string][];
  /** The body cut at every occurrence of the nonce it was rendered with; a hit joins it with a new one. */
  parts: Buffer[];
  storedAt: number;
};

/** Cuts a rendered page at its nonce, ready to be served with others. */
export function storablePage(
  page: { status: number; headers: [string, string][]; body: string; nonce: string },
  storedAt: number,
): CachedPage {
  const pieces = page.nonce ? page.body.split(page.nonce) : [page.body];
  return {
    status: page.status,
    headers: page.headers,
    parts: pieces.map((piece) => Buffer.from(piece)),
    storedAt,
  };
}

export type PageCacheOptions = {
  ttlMs: number;
  maxEntries: number;
  /** Cookies that select a variant of a page rather than a person (the delivery area). */
  variantCookies: readonly string[];
  /**
   * Request headers that select a variant too: where the proxy says the client is (IP_LOCATION_HEADERS), which
   * decides the city of a guest without an area (ADR 038).
   */
  variantHeaders?: readonly string[];
  now?: () => number;
  /** Told of every lookup, found or not (GET /metrics' hits and misses, docs/decisions/048). */
  onLookup?: ((isHit: boolean) => void) | undefined;
};

export type PageCache = {
  /** The cache key of a request, or undefined when its answer must not be shared. */
  keyFor(request: FastifyRequest): string | undefined;
  get(key: string): CachedPage | undefined;
  set(key: string, page: CachedPage): void;
  /** Forgets every page (the catalogue changed under them). */
  clear(): void;
  readonly size: number;
};

function cookieNames(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    const name = (index === -1 ? part : part.slice(0, index)).trim();
    if (name) cookies.set(name, index === -1 ? '' : part.slice(index + 1).trim());
  }
  return cookies;
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const now = options.now ?? Date.now;
  const pages = new Map<string, CachedPage>();
  const variants = new Set(options.variantCookies);
  return {
    keyFor(request) {
      if (options.ttlMs <= 0 || request.method !== 'GET') return undefined;
      // A bearer token signs a page request in as surely as the session cookie does (its page is private
      // anyway, entry.server.tsx; this saves collecting a copy that would be thrown away).
      if (request.headers.authorization !== undefined) return undefined;
      const cookies = cookieNames(request.headers.cookie);
      for (const name of cookies.keys()) if (!variants.has(name)) return undefined;
      const variant = [
        ...options.variantCookies.map((name) => cookies.get(name) ?? ''),
        ...(options.variantHeaders ?? []).map((name) => String(request.headers[name] ?? '')),
      ].join('|');
      return `${request.url}\n${variant}`;
    },
    get(key) {
      const page = pages.get(key);
      const isFresh = page !== undefined && now() - page.storedAt < options.ttlMs;
      if (page && !isFresh) pages.delete(key);
      options.onLookup?.(isFresh);
      return isFresh ? page : undefined;
    },
    set(key, page) {
      pages.delete(key);
      pages.set(key, page);
      // Oldest first in a Map's order: trim from the front.
      while (pages.size > options.maxEntries) {
        const oldest = pages.keys().next().value;
        if (oldest === undefined) break;
        pages.delete(oldest);
      }
    },
    clear() {
      pages.clear();
    },
    get size() {
      return pages.size;
    },
  };
}

/** Only plain successful HTML that sets nothing for one person may be shared. */
export function isShareable(response: Response): boolean {
  if (response.status !== 200 || !response.body) return false;
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return false;
  if (response.headers.getSetCookie().length > 0) return false;
  const cacheControl = response.headers.get('cache-control') ?? '';
  return !/no-store|private/.test(cacheControl);
}

/** The stored page with this response's nonce. */
export function withNonce(page: CachedPage, nonce: string): Buffer {
  const glue = Buffer.from(nonce);
  const chunks: Buffer[] = [];
  page.parts.forEach((part, index) => {
    if (index > 0) chunks.push(glue);
    chunks.push(part);
  });
  return Buffer.concat(chunks);
}
