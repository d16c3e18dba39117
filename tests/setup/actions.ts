/**
 * Page actions called the way React Router calls them on the server: a form post as a web Request, and the
 * load context built from the test app's real services (the same objects the API routes use).
 */
import type { User } from '@core/contracts/identity';
import type { LoadContext } from '../../server/services';
import type { TestApp } from './app';

export const TEST_ORIGIN = 'http://fresh.test';

/** The load context of a request by `user` (null: a guest). */
export function pageContext(t: TestApp, user: User | null): LoadContext {
  return {
    services: t.app.services,
    publicBaseUrl: TEST_ORIGIN,
    sellerSiteUrl: 'https://seller.example',
    viewer: { user },
    mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
    area: undefined,
    cspNonce: 'test-nonce',
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
