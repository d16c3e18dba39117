import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import { isShareable, type PageCache, storablePage, withNonce } from './page-cache';
import { UNAVAILABLE_RETRY_AFTER_S } from './unavailable';

export type ReactRouterOptions = {
  /** The server build, or a function that loads it on each request (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'development' | 'production';
  getLoadContext: (request: FastifyRequest) => AppLoadContext | Promise<AppLoadContext>;
  /** In development, Vite's middlewares serve modules and HMR before React Router sees the request. */
  vite?: ViteDevServer;
  /** Guests' pages for a moment (server/http/page-cache.ts); omitted: always render. */
  pageCache?: PageCache;
  /** Whether the request is HTTPS (or the site is): the pages' cookies (the flash) are then Secure. */
  isSecure?: (request: FastifyRequest) => boolean;
};

/** A page's Set-Cookie with the Secure attribute, over HTTPS, unless it has it already. */
export function secureCookie(cookie: string): string {
  return /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`;
}

function toHeaders(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined || name.startsWith(':')) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const controller = new AbortController();
  reply.raw.once('close', () => controller.abort());
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers: toHeaders(request.headers),
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(request.raw), duplex: 'half' } : {}),
  } as RequestInit);
}

function sendWebResponse(reply: FastifyReply, response: Response, isSecure: boolean): FastifyReply {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  // Over HTTPS every cookie a page sets is Secure: the pages' code need not know how it was reached.
  const cookies = response.headers.getSetCookie().map((cookie) => (isSecure ? secureCookie(cookie) : cookie));
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  // A thrown 503 (server/http/unavailable.ts) keeps only its status through React Router's document headers.
  if (response.status === 503 && !response.headers.has('retry-after')) {
    reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
  }
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}

/**
 * Hands every path that no API or static route claimed to React Router (SSR with streaming). Registered in
 * its own encapsulated context so request bodies stay unread streams for React Router's actions.
 */
export async function reactRouterPlugin(app: FastifyInstance, options: ReactRouterOptions): Promise<void> {
  const handle = createRequestHandler(options.build, options.mode);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const { pageCache } = options;
  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = pageCache?.keyFor(request);
    const cached = key ? pageCache?.get(key) : undefined;
    if (cached) {
      reply.status(cached.status);
      for (const [name, value] of cached.headers) reply.header(name, value);
      return reply.header('x-page-cache', 'hit').send(withNonce(cached, request.cspNonce));
    }
    const response = await handle(toWebRequest(request, reply), await options.getLoadContext(request));
    const isSecure = options.isSecure?.(request) ?? false;
    if (!key || !pageCache || !isShareable(response) || !response.body)
      return sendWebResponse(reply, response, isSecure);
    // Stream to this guest and keep a copy for the next ones.
    const [toClient, toCache] = response.body.tee();
    const storedAt = Date.now();
    void new Response(toCache).text().then(
      (body) =>
        pageCache.set(
          key,
          storablePage(
            {
              status: response.status,
              headers: [...response.headers].filter(([name]) => name !== 'content-length'),
              body,
              nonce: request.cspNonce,
            },
            storedAt,
          ),
        ),
      () => {},
    );
    return sendWebResponse(
      reply,
      new Response(toClient, { status: response.status, headers: response.headers }),
      isSecure,
    );
  };

  const vite = options.vite;
  app.all('/*', async (request, reply) => {
    if (!vite) return render(request, reply);
    // Let Vite answer module, asset and HMR requests; anything it passes on is a page.
    const passedOn = await new Promise<boolean>((resolve) => {
      vite.middlewares(request.raw, reply.raw, () => resolve(true));
      reply.raw.once('finish', () => resolve(false));
    });
    if (passedOn) return render(request, reply);
    return reply.hijack();
  });
}
