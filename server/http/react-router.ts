import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { ErrorBody } from '@core/contracts/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import { APP_ERROR_STATUS, AppError, type AppErrorCode, DEFAULT_MESSAGES } from '../errors';
import { wantsErrorPage } from './error-document';
import { API_NOT_FOUND_MESSAGE, sendError } from './error-handler';
import { isShareable, type PageCache, storablePage, withNonce } from './page-cache';
import { UNAVAILABLE_RETRY_AFTER_S } from './unavailable';

/** What a page answers a path no page can have (a control character in it): the 404 page's words. */
export const PAGE_NOT_FOUND_MESSAGE =
  'Такой страницы нет. Возможно, она была удалена или вы перешли по неверной ссылке.';
export const UNREADABLE_FORM_MESSAGE = 'Не удалось прочитать данные формы';
export const METHOD_NOT_ALLOWED_MESSAGE = 'Этот адрес не принимает такой запрос';

/** The only bodies page and resource-route actions read (`request.formData()`); others are 415. */
const FORM_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
const EMPTY_FORM_TYPE = 'application/x-www-form-urlencoded';
/** Page actions that need nothing of their body: the logout (and its fetcher's data request). */
const BODILESS_ACTIONS = ['/logout', '/logout.data'];

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
  /**
   * Largest form body a page or resource-route action may be sent (PAGE_BODY_LIMIT_BYTES); larger is 413
   * before it is read. No page route takes uploads: files go to POST /api/file/upload with its own limits.
   */
  bodyLimitBytes: number;
  /** This site's origin (PUBLIC_BASE_URL): the page's URL when a request names no usable host (HTTP/1.0). */
  origin: string;
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

/**
 * The page's URL. The request names its host in Host (HTTP/1.1); without one (HTTP/1.0, or an empty or
 * malformed Host) the page is this site's own. The target is a path (origin-form) or, from a proxy, a whole
 * URL (absolute-form), whose path and query are kept.
 */
export function pageUrl(request: Pick<FastifyRequest, 'url' | 'protocol' | 'host'>, origin: string): URL {
  let base: URL;
  try {
    base = new URL(`${request.protocol}://${request.host}`);
    if (!request.host || base.pathname !== '/' || base.username || base.password) base = new URL(origin);
  } catch {
    base = new URL(origin);
  }
  if (request.url.startsWith('/')) return new URL(`${base.origin}${request.url}`);
  try {
    const absolute = new URL(request.url);
    return new URL(`${base.origin}${absolute.pathname}${absolute.search}`);
  } catch {
    return new URL(`${base.origin}/`);
  }
}

/** Whether a page path holds a character no page's address has: C0 and C1 controls, DEL (NUL among them). */
export function hasControlCharacter(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this looks for
  return /[\u0000-\u001f\u007f-\u009f]/.test(decoded);
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply, url: URL): Request {
  const controller = new AbortController();
  reply.raw.once('close', () => controller.abort());
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const headers = toHeaders(request.headers);
  // The form was read and checked before (readForm below). A post without one — no body, or one a bodiless
  // action left unread — is an empty form, so an action's `request.formData()` never throws on it.
  const form = Buffer.isBuffer(request.body) ? request.body : undefined;
  if (hasBody && !form) headers.set('content-type', EMPTY_FORM_TYPE);
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: form ? new Uint8Array(form) : '' } : {}),
  });
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

/** Words for a resource route's refusal that has none of its own in Russian (React Router's English ones). */
export function refusalMessage(status: number): string {
  if (status === 404) return API_NOT_FOUND_MESSAGE;
  if (status === 405) return METHOD_NOT_ALLOWED_MESSAGE;
  const code = (Object.keys(APP_ERROR_STATUS) as AppErrorCode[]).find(
    (key) => APP_ERROR_STATUS[key] === status,
  );
  if (code) return DEFAULT_MESSAGES[code];
  return status >= 500 ? DEFAULT_MESSAGES.internal : DEFAULT_MESSAGES.bad_request;
}

/** What a resource route's JSON answer says went wrong: an action's `message`, a widget's `problem`. */
function refusalWords(text: string): unknown {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object') return undefined;
    if ('message' in parsed) return parsed.message;
    if ('problem' in parsed) return parsed.problem;
  } catch {
    // not JSON after all: our words
  }
  return undefined;
}

/**
 * A resource route's error answer (JSON: its `data(null, 404)`, an action's `{ok:false, message, fields}`, a
 * widget's `{…, problem}` such as the address suggestions' 429, or React Router's own
 * `{"message":"Unexpected Server Error"}` of a 405) as the edge passes it on. A browser that asked for a page —
 * a form posted without JavaScript, an address typed — gets the error page with the answer's Russian message;
 * a fetcher or a program keeps the answer, which its code reads; anything not in Russian becomes our
 * `{success:false, message}` in the words of its status. Undefined: send the answer as it is. Either way the
 * status stays, and so does a Retry-After (sendRefusal).
 */
async function resourceRefusal(request: FastifyRequest, response: Response): Promise<ErrorBody | undefined> {
  const message = refusalWords(await response.clone().text());
  const russian = typeof message === 'string' && /[А-Яа-яЁё]/.test(message) ? message : undefined;
  if (russian && !wantsErrorPage(request)) return undefined;
  return { success: false, message: russian ?? refusalMessage(response.status) };
}

/** Whether a multipart body parses as the action will parse it (`request.formData()`). */
async function isReadableForm(type: string, body: Buffer): Promise<boolean> {
  if (!/^multipart\//i.test(type)) return true;
  try {
    await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
    return true;
  } catch {
    return false;
  }
}

/**
 * Page actions read forms only, and a form is read before React Router sees it: Fastify counts the bytes
 * (Content-Length up front, chunked bodies as they arrive) and answers 413 past the limit, so React Router
 * only ever gets a whole, bounded body and never leaves one half read (which stalled the keep-alive
 * connection until the request timeout). Any other type, or a body without one, is 415 before a byte is read;
 * a multipart body that does not parse is 400, not a 500 from the action.
 *
 * `isBodiless`: an action that needs nothing of its body (the logout) takes whatever it is sent — a form is
 * still read within the limit, anything else is left unread — and runs with an empty form.
 */
function readForms(scope: FastifyInstance, bodyLimit: number, { isBodiless }: { isBodiless: boolean }): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    FORM_CONTENT_TYPES,
    { parseAs: 'buffer', bodyLimit },
    async (request: FastifyRequest, body: Buffer) => {
      if (await isReadableForm(request.headers['content-type'] ?? '', body)) return body;
      if (isBodiless) return undefined;
      throw new AppError('bad_request', UNREADABLE_FORM_MESSAGE);
    },
  );
  if (isBodiless) scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
}

/**
 * Hands every path that no API or static route claimed to React Router (SSR with streaming). Registered in
 * its own encapsulated context so request bodies stay unread streams for React Router's actions.
 */
export async function reactRouterPlugin(app: FastifyInstance, options: ReactRouterOptions): Promise<void> {
  const handle = createRequestHandler(options.build, options.mode);
  readForms(app, options.bodyLimitBytes, { isBodiless: false });

  const { pageCache } = options;
  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = pageUrl(request, options.origin);
    // No page has such an address, and the database refuses NUL in text: 404 before any loader asks.
    if (hasControlCharacter(url.pathname)) {
      return sendError(reply, 404, { success: false, message: PAGE_NOT_FOUND_MESSAGE });
    }
    const key = pageCache?.keyFor(request);
    const cached = key ? pageCache?.get(key) : undefined;
    if (cached) {
      reply.status(cached.status);
      for (const [name, value] of cached.headers) reply.header(name, value);
      return reply.header('x-page-cache', 'hit').send(withNonce(cached, request.cspNonce));
    }
    const response = await handle(toWebRequest(request, reply, url), await options.getLoadContext(request));
    if (response.status >= 400 && /^application\/json\b/i.test(response.headers.get('content-type') ?? '')) {
      const refusal = await resourceRefusal(request, response);
      if (refusal) {
        // A rate's refusal still says when to come back.
        const retryAfter = response.headers.get('retry-after');
        if (retryAfter) reply.header('retry-after', retryAfter);
        return sendError(reply, response.status, refusal);
      }
    }
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
  // 'Выйти' always signs out (app/routes/logout.ts), whatever body came with it; its data request too.
  await app.register(async (logout) => {
    readForms(logout, options.bodyLimitBytes, { isBodiless: true });
    for (const path of BODILESS_ACTIONS) logout.all(path, render);
  });
}
