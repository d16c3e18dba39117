import { z } from '@core/contracts/z';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { IdentityService, Viewer } from '../modules/identity/identity.service';

/**
 * Who a request is signed in as, and the checks that go with it (docs/decisions/005). A session token comes
 * as `Authorization: Bearer <token>` (API clients) or in the httpOnly session cookie (the storefront).
 * State-changing calls authenticated by the cookie must carry `X-Requested-With`, which a cross-site form or
 * image cannot send: that is the CSRF defence, on top of SameSite=Lax and the Origin check below. Page form
 * posts (React Router actions) cannot carry a custom header, so they must name this site in Origin (or Referer).
 *
 * A route is protected by its options, `config: { auth: 'user' }`: the check runs in an onRequest hook, so a
 * guest gets 401 before the body is parsed or validated, whatever they sent, and the handler reads the user
 * with `signedIn(request)`. Answers of protected routes are personal: `Cache-Control: private, no-store`.
 */
export const SESSION_COOKIE = 'fresh_session';
export const SAME_ORIGIN_HEADER = 'x-requested-with';
export const CSRF_MESSAGE = 'Запрос отклонён. Обновите страницу и попробуйте ещё раз';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** /api itself, and everything under it (with or without a query). */
const API_PATH = /^\/api(\/|\?|$)/;

export type SignedIn = Viewer & { token: string; via: 'cookie' | 'bearer' };

export type AuthOptions = {
  identity: IdentityService;
  /** The cookie's Secure flag: always (the site is served over HTTPS), or when the request came over HTTPS. */
  secureCookies: 'always' | 'auto';
};

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthOptions;
  }
  interface FastifyRequest {
    /** The memoised session lookup: at most one per request, and only when something asks. */
    viewerLookup: Promise<SignedIn | null> | null;
    /** The customer of a route with `config: { auth: 'user' }`, set before its body is read. */
    signedInViewer: SignedIn | null;
  }
  interface FastifyContextConfig {
    /** 'user': only a signed-in customer may call the route (401 first, before any validation). */
    auth?: 'user';
    /** A GET that changes state (the spec's favourite toggle): a cookie session needs the same-origin header. */
    isStateChanging?: boolean;
  }
}

/** Personal answers are never kept by a browser or a proxy. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

type TokenSource = { token: string; via: 'cookie' | 'bearer' };

function readToken(request: FastifyRequest): TokenSource | null {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return match?.[1] ? { token: match[1], via: 'bearer' } : null;
  }
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

function isSameHost(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** The origin of a Referer header, or undefined when there is none or it is not a URL. */
function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

/**
 * A page form post (a React Router action: `<Form method="post">`, a fetcher, or a plain form without
 * JavaScript) must come from one of our own pages. Browsers send `Origin` with every POST; the Referer
 * stands in where a privacy setting strips the Origin. Neither, or another site's: refused. Unlike the API,
 * a page post has no custom header to rely on (a form without JavaScript cannot add one), so the origin
 * itself is required.
 */
export function isSameOriginPagePost(request: FastifyRequest): boolean {
  const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
  return origin !== undefined && origin !== 'null' && isSameOrigin(origin, request);
}

/**
 * Scheme and host, as React Router's own check of an action's Origin compares them (an Origin of
 * http://fresh.example on a request that came over https is refused there with an English 400): refused here
 * first, in our words.
 */
function isSameOrigin(origin: string, request: FastifyRequest): boolean {
  try {
    return new URL(origin).origin === new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return false;
  }
}

/**
 * Decorates the app and its requests, and refuses state changes sent by another site's page: to the API
 * when an Origin names another site; to a page (its route action) unless the request names this site.
 */
export function registerAuth(app: FastifyInstance, options: AuthOptions): void {
  app.decorate('auth', options);
  app.decorateRequest('viewerLookup', null);
  app.decorateRequest('signedInViewer', null);
  // Who asks comes before what they sent: a guest gets 401 even for a malformed body or path.
  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    if (config?.auth !== 'user') return;
    reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
    request.signedInViewer = await requireUser(request, { isStateChanging: config.isStateChanging });
  });
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!API_PATH.test(request.url)) {
      if (!isSameOriginPagePost(request)) throw new AppError('forbidden', CSRF_MESSAGE);
      return;
    }
    const origin = request.headers.origin;
    if (origin && !isSameHost(origin, request.host)) throw new AppError('forbidden', CSRF_MESSAGE);
  });
}

async function lookUpViewer(request: FastifyRequest): Promise<SignedIn | null> {
  const source = readToken(request);
  if (!source) return null;
  const viewer = await request.server.auth.identity.authenticate(source.token);
  return viewer ? { ...viewer, ...source } : null;
}

const SocketQuerySchema = z.object({ token: z.line().max(512).optional() });

/**
 * The customer a WebSocket upgrade is for (SPEC §7: the socket is opened with the token): the `token` query
 * parameter, else the Authorization header or the session cookie as for any request; 401 for a guest. A
 * socket on the cookie must come from our own pages (another site's script could otherwise open it).
 */
export async function requireSocketUser(request: FastifyRequest): Promise<SignedIn> {
  const token = SocketQuerySchema.safeParse(request.query).data?.token;
  const viewer = token
    ? await request.server.auth.identity
        .authenticate(token)
        .then((found) => (found ? { ...found, token, via: 'bearer' as const } : null))
    : await getViewer(request);
  if (!viewer) throw new AppError('unauthorized');
  const origin = request.headers.origin;
  if (viewer.via === 'cookie' && origin && !isSameHost(origin, request.host)) {
    throw new AppError('forbidden', CSRF_MESSAGE);
  }
  return viewer;
}

/** The signed-in user of the request, or null for a guest (an unknown or expired token is a guest). */
export function getViewer(request: FastifyRequest): Promise<SignedIn | null> {
  request.viewerLookup ??= lookUpViewer(request);
  return request.viewerLookup;
}

/** Refuses a cookie-authenticated state change that lacks the same-origin header. */
export function assertSameOriginHeader(request: FastifyRequest): void {
  if (!request.headers[SAME_ORIGIN_HEADER]) throw new AppError('forbidden', CSRF_MESSAGE);
}

/**
 * The signed-in user, or 401 'Необходимо авторизоваться'. Calls that change state (every method but GET and
 * HEAD, or a GET that says so, like the spec's favourite toggle) also need the same-origin header when the
 * session came in the cookie.
 */
export async function requireUser(
  request: FastifyRequest,
  { isStateChanging = !SAFE_METHODS.has(request.method) }: { isStateChanging?: boolean } = {},
): Promise<SignedIn> {
  const viewer = await getViewer(request);
  if (!viewer) throw new AppError('unauthorized');
  if (isStateChanging && viewer.via === 'cookie') assertSameOriginHeader(request);
  return viewer;
}

/** The customer of a protected route (`config: { auth: 'user' }`), checked before the handler ran. */
export function signedIn(request: FastifyRequest): SignedIn {
  // Only a route that forgot its `auth` option gets here without a viewer: refuse rather than guess.
  if (!request.signedInViewer) throw new AppError('unauthorized');
  return request.signedInViewer;
}

/** The session cookie's attributes: the API's login and the page action's login set the same cookie. */
const SESSION_COOKIE_OPTIONS = { httpOnly: true, sameSite: 'lax', path: '/' } as const;

export function isSecureRequest(request: FastifyRequest): boolean {
  return request.server.auth.secureCookies === 'always' || request.protocol === 'https';
}

function maxAgeS(expiresAtMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((expiresAtMs - nowMs) / 1000));
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAtMs: number,
  nowMs: number,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    ...SESSION_COOKIE_OPTIONS,
    secure: isSecureRequest(request),
    maxAge: maxAgeS(expiresAtMs, nowMs),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { ...SESSION_COOKIE_OPTIONS, secure: isSecureRequest(request) });
}

/**
 * The session as a page action sees it (the load context's `session`, ADR 028): the request's token, and
 * the Set-Cookie values that start or end a session, with the same attributes as the API's cookie.
 */
export type PageSession = {
  /** The session token of the request's cookie; null for a guest. */
  token: string | null;
  /** The Set-Cookie value of a new session, valid until `expiresAtMs`. */
  cookieFor: (token: string, expiresAtMs: number) => string;
  /** The Set-Cookie value that ends the session in this browser. */
  clearCookie: () => string;
};

export function createPageSession({
  token,
  isSecure,
  now,
}: {
  token: string | null;
  isSecure: boolean;
  now: () => number;
}): PageSession {
  return {
    token,
    cookieFor: (value, expiresAtMs) =>
      fastifyCookie.serialize(SESSION_COOKIE, value, {
        ...SESSION_COOKIE_OPTIONS,
        secure: isSecure,
        maxAge: maxAgeS(expiresAtMs, now()),
      }),
    clearCookie: () =>
      fastifyCookie.serialize(SESSION_COOKIE, '', {
        ...SESSION_COOKIE_OPTIONS,
        secure: isSecure,
        expires: new Date(0),
        maxAge: 0,
      }),
  };
}
