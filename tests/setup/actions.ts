/**
 * Page actions called the way React Router calls them on the server: a form post as a web Request, and the
 * load context built from the test app's real services (the same objects the API routes use).
 */
import type { User } from '@core/contracts/identity';
import { createPageSession } from '../../server/http/auth';
import type { LoadContext, PageLog } from '../../server/services';
import type { TestApp } from './app';

export const TEST_ORIGIN = 'http://fresh.test';

/** What pages logged during a test: each entry the level, the details and the message. */
export type LoggedLines = { level: 'error' | 'warn'; details: Record<string, unknown>; message: string }[];

/** A page logger that keeps what it was given, for tests that check a failure is logged and not shown. */
export function recordingLog(lines: LoggedLines = []): PageLog & { lines: LoggedLines } {
  return {
    lines,
    error: (details, message) => lines.push({ level: 'error', details, message }),
    warn: (details, message) => lines.push({ level: 'warn', details, message }),
  };
}

export type PageContextOptions = {
  /** The session cookie's token (what logout ends); null for none. */
  token?: string | null;
  /** The address the login limits count. */
  clientIp?: string;
  log?: PageLog;
  /** The app's clock, when the test gave it a fake one (the session cookie's Max-Age is counted from it). */
  now?: () => number;
};

/** The load context of a request by `user` (null: a guest). */
export function pageContext(
  t: TestApp,
  user: User | null,
  {
    token = null,
    clientIp = '203.0.113.10',
    log = recordingLog(),
    now = () => Date.now(),
  }: PageContextOptions = {},
): LoadContext {
  return {
    services: t.app.services,
    publicBaseUrl: TEST_ORIGIN,
    sellerSiteUrl: 'https://seller.example',
    viewer: { user },
    mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
    area: undefined,
    cspNonce: 'test-nonce',
    clientIp,
    session: createPageSession({ token, isSecure: false, now }),
    log,
  };
}

/** A form post to a page, as a browser sends it (urlencoded, same origin). */
export function formPost(path: string, fields: Record<string, string | readonly string[]>): Request {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of typeof value === 'string' ? [value] : value) body.append(name, item);
  }
  return new Request(`${TEST_ORIGIN}${path}`, {
    method: 'POST',
    body,
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** The arguments React Router gives an action: the request, its URL, the route pattern, params and context. */
export function actionArgs<Params>(
  request: Request,
  context: LoadContext,
  { params, pattern }: { params: Params; pattern: string },
) {
  return { request, url: new URL(request.url), pattern, params, context };
}

/** What an action answered: a redirect (with its flash cookie), or data with a status. */
export type ActionOutcome =
  | { kind: 'redirect'; status: number; location: string | null; cookie: string | null }
  | { kind: 'data'; status: number; data: unknown };

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === 'object' && value !== null && 'data' in value && 'init' in value;
}

export function outcomeOf(result: unknown): ActionOutcome {
  if (result instanceof Response) {
    return {
      kind: 'redirect',
      status: result.status,
      location: result.headers.get('location'),
      cookie: result.headers.get('set-cookie'),
    };
  }
  if (isDataWithInit(result)) return { kind: 'data', status: result.init?.status ?? 200, data: result.data };
  return { kind: 'data', status: 200, data: result };
}

/** The Set-Cookie header an action's answer carries (a redirect, or data with headers), or null. */
export function setCookieOf(result: unknown): string | null {
  if (result instanceof Response) return result.headers.get('set-cookie');
  if (isDataWithInit(result)) return new Headers(result.init?.headers).get('set-cookie');
  return null;
}
