/**
 * fast-check arbitraries of hostile requests to the pages (issue 21): the storefront's own paths (from its
 * sitemap, and every page and resource route that takes a post) with odd bytes and encodings in the path and
 * the query; every method; bodies of every content type and size — forms good and broken, multipart good and
 * broken, JSON, text, bytes, nothing, chunked, just under and far over the page body limit; headers a browser
 * sends and headers it never would — no Host, an empty or malformed one, HTTP/1.0, other sites' origins,
 * crawlers, forged sessions. Like ./arbitraries.ts, a request is all in the generated value (bulky bodies as
 * recipes), so a seed replays it.
 */
import fc from 'fast-check';
import { type BodySpec, headerSafe, hostileString, multipartBodies } from './arbitraries';

export type PageAuth = 'guest' | 'customer' | 'forged';
/** How the request names the site: as a browser does, not at all (HTTP/1.0 or 1.1), empty, malformed, another. */
export type PageHost = 'ours' | 'none' | 'empty' | 'malformed' | 'foreign';

export type PageRequest = {
  /** The route the path was made from ('/catalog/{store}' …), for the report. */
  route: string;
  /** What was odd about it, in a few words. */
  mutations: string[];
  method: string;
  /** Path and query exactly as sent. */
  path: string;
  /** HTTP/1.0 over a raw socket (Node's client speaks only 1.1). */
  http10: boolean;
  host: PageHost;
  headers: Record<string, string>;
  auth: PageAuth;
  body: BodySpec;
  /** Sent with Transfer-Encoding: chunked instead of a Content-Length. */
  chunked: boolean;
};

/** The page routes that take a post (their actions), and those that do not (a post is React Router's 405). */
export const ACTION_PATHS = [
  '/login',
  '/logout',
  '/basket',
  '/order',
  '/lk',
  '/lk?active=chat',
  '/lk?active=delivery',
  '/favourites',
  '/operator',
  '/operator/board',
  '/operator/board/100001',
  '/resources/addresses',
  '/resources/profile',
  '/resources/favourites',
  '/resources/basket',
  '/resources/notifications',
  '/resources/chat',
  '/recipes/syrniki-so-smetanoy',
];
const READ_ONLY_PATHS = [
  '/',
  '/catalog',
  '/shops',
  '/search?q=молоко',
  '/blog',
  '/news',
  '/recipes',
  '/vacancy',
  '/about',
  '/delivery',
  '/privacy-policy',
  '/order/100001',
  '/operator/chats/1',
  '/resources/search?q=сыр',
  '/resources/places?q=Ленина',
  '/resources/favourites/sets',
  '/sitemap.xml',
  '/robots.txt',
  '/sw.js',
];

/** Bytes that have broken page renderers: controls (NUL first), invalid UTF-8, bidi, traversal, escapes. */
const ODD_SEGMENTS = [
  '%00',
  'a%00b',
  '%01',
  '%1F',
  '%7F',
  '%C2%80',
  '%C2%85',
  '%C2%9F',
  '%FF',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%AF',
  '%',
  '%zz',
  '%25',
  '%2500',
  '%2F',
  '%5C',
  '..',
  '%2e%2e',
  '.',
  '%E2%80%AE',
  '%F0%9F%A5%9B',
  '%D0%BC%D0%BE%D0%BB%D0%BE%D0%BA%D0%BE',
  '%u0000',
  '__proto__',
  'constructor',
  "'%20or%201=1",
  '%3Cscript%3E',
  'a'.repeat(2_000),
  'я'.repeat(300),
];

/** A path segment: odd bytes as they are, or a hostile string percent-encoded. */
const oddSegment = fc.oneof(
  { arbitrary: fc.constantFrom(...ODD_SEGMENTS), weight: 4 },
  {
    arbitrary: hostileString.map((text) =>
      // Lone surrogates cannot be encoded: their replacement character stands in.
      encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd')).slice(0, 3_000),
    ),
    weight: 2,
  },
);

type PathChoice = { route: string; path: string; what: string[] };

function splitQuery(path: string): [string, string] {
  const index = path.indexOf('?');
  return index === -1 ? [path, ''] : [path.slice(0, index), path.slice(index)];
}

/** A real page path, as it is or broken in one way. */
function pathsFrom(realPaths: readonly string[]): fc.Arbitrary<PathChoice> {
  const real = fc.constantFrom(...realPaths, ...ACTION_PATHS, ...READ_ONLY_PATHS);
  const asIs = real.map((path) => ({ route: routeOf(path), path, what: [] as string[] }));
  const broken = fc
    .tuple(
      real,
      fc.constantFrom('append', 'replace', 'data', 'query', 'slashes', 'query-odd'),
      oddSegment,
      fc.nat(),
    )
    .map(([path, how, odd, at]): PathChoice => {
      const [pathname, query] = splitQuery(path);
      const segments = pathname.split('/').filter(Boolean);
      switch (how) {
        case 'append':
          return {
            route: routeOf(path),
            path: `${pathname.replace(/\/$/, '')}/${odd}${query}`,
            what: [`+/${odd.slice(0, 30)}`],
          };
        case 'replace': {
          if (segments.length === 0) return { route: '/', path: `/${odd}`, what: [`/${odd.slice(0, 30)}`] };
          segments[at % segments.length] = odd;
          return {
            route: routeOf(path),
            path: `/${segments.join('/')}${query}`,
            what: [`segment ${odd.slice(0, 30)}`],
          };
        }
        case 'data':
          // React Router's data request of the page (fetchers, client navigations), odd or not.
          return {
            route: routeOf(path),
            path: `${pathname === '/' ? '/_root' : pathname}${at % 3 === 0 ? `/${odd}` : ''}.data${query}`,
            what: ['.data'],
          };
        case 'query':
          return {
            route: routeOf(path),
            path: `${pathname}?${odd}=${odd}&index&_data=root&q=${odd}`,
            what: [`query ${odd.slice(0, 30)}`],
          };
        case 'slashes':
          return {
            route: routeOf(path),
            path: ['//', '/./', '/../', '///'][at % 4] + pathname.replace(/^\//, '') + query,
            what: ['slashes'],
          };
        default:
          return {
            route: routeOf(path),
            path: `${pathname}?${'a[]=1&a[]=2&'.repeat(at % 50)}b=${odd}`,
            what: [`odd query ${odd.slice(0, 30)}`],
          };
      }
    });
  return fc.oneof({ arbitrary: asIs, weight: 2 }, { arbitrary: broken, weight: 5 });
}

/** The route a path belongs to, for the report: its first segments, ids and slugs as placeholders. */
function routeOf(path: string): string {
  const [pathname] = splitQuery(path);
  const [first, ...rest] = pathname.split('/').filter(Boolean);
  if (!first) return '/';
  if (first === 'resources' || first === 'operator') return `/${[first, ...rest.slice(0, 1)].join('/')}`;
  return `/${first}${rest.map(() => '/{…}').join('')}`;
}

type BodyChoice = { body: BodySpec; contentType?: string; what: string; chunked?: boolean };

const FORM = 'application/x-www-form-urlencoded';

/** Forms the actions know (intents), and any other fields, odd or not. */
const formFields = fc.oneof(
  fc.constantFrom(
    'intent=code&name=%D0%90%D0%BD%D0%BD%D0%B0&phone=89031234567',
    'intent=login&phone=89031234567&code=1234',
    'intent=add&point=x&product=y&quantity=1',
    'intent=preview&data=%7B%7D',
    'intent=send-message&text=%D0%9F%D1%80%D0%B8%D0%B2%D0%B5%D1%82',
    'intent=read-all',
    'intent=cancel&confirm=yes',
    'redirectTo=%2Fcatalog',
    'redirectTo=https%3A%2F%2Fevil.example',
    '',
    '&&&',
    '=',
    'a',
    'a=%',
    'a=%zz&b=%E0%A4%A',
  ),
  fc
    .array(fc.tuple(fc.constantFrom('intent', 'name', 'phone', 'text', 'data', 'point'), hostileString), {
      maxLength: 4,
    })
    .map((pairs) =>
      pairs
        .map(([key, value]) => `${key}=${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ufffd'))}`)
        .join('&'),
    ),
);

/** Sizes around the page body limit (64 KB), the drain cap of a refused body (8 MB), and far over. */
const BIG_SIZES = [60_000, 66_000, 300_000, 2_000_000, 9_000_000];

function bodies(): fc.Arbitrary<BodyChoice> {
  return fc.oneof(
    { arbitrary: fc.constant<BodyChoice>({ body: { kind: 'none' }, what: 'no body' }), weight: 3 },
    {
      arbitrary: formFields.map((text) => ({
        body: { kind: 'text' as const, text },
        contentType: FORM,
        what: `form ${text.slice(0, 40)}`,
      })),
      weight: 8,
    },
    {
      arbitrary: fc
        .tuple(
          formFields,
          fc.constantFrom(
            `${FORM}; charset=UTF-8`,
            `${FORM}; charset=koi8-r`,
            'APPLICATION/X-WWW-FORM-URLENCODED',
          ),
        )
        .map(([text, contentType]) => ({
          body: { kind: 'text' as const, text },
          contentType,
          what: `form as '${contentType}'`,
        })),
      weight: 1,
    },
    {
      arbitrary: multipartBodies().map((choice) => ({ ...choice, what: choice.what ?? 'multipart' })),
      weight: 3,
    },
    {
      arbitrary: fc
        .constantFrom(
          ['application/json', '{"intent":"code"}'],
          ['application/json', ''],
          ['application/json', '  \n'],
          ['text/plain', 'intent=code'],
          ['text/plain;charset=UTF-8', 'intent=code'],
          ['application/xml', '<a/>'],
          ['application/octet-stream', '\u0000\u0001'],
          ['text/html', '<form>'],
          ['a/b/c', 'x'],
          [';;', 'x'],
          ['multipart/form-data; boundary="', 'x'],
          ['multipart/mixed; boundary=x', '--x--'],
          ['', 'a=1'],
        )
        .map(([contentType, text]) => ({
          body: { kind: 'text' as const, text },
          contentType: contentType || undefined,
          what: `a '${contentType || 'no type'}' body`,
        })),
      weight: 4,
    },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(...BIG_SIZES),
          fc.constantFrom(FORM, 'application/json', 'multipart/form-data; boundary=x'),
        )
        .map(([size, contentType]) => ({
          body: { kind: 'repeat' as const, head: 'intent=code&name=', unit: 'a', times: size, tail: '' },
          contentType,
          what: `${Math.round(size / 1000)} KB as '${contentType}'`,
        })),
      weight: 1,
    },
  );
}

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const BROWSER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

function headers(): fc.Arbitrary<{ headers: Record<string, string>; origin: string; what: string[] }> {
  const optional = <T>(arbitrary: fc.Arbitrary<T>, weight = 4) =>
    fc.oneof({ arbitrary: fc.constant(undefined), weight }, { arbitrary, weight: 1 });
  return fc
    .record({
      accept: fc.constantFrom(
        BROWSER_ACCEPT,
        BROWSER_ACCEPT,
        '*/*',
        'application/json',
        'text/html',
        undefined,
      ),
      agent: fc.constantFrom(
        BROWSER_AGENT,
        BROWSER_AGENT,
        BROWSER_AGENT,
        'Googlebot/2.1 (+http://www.google.com/bot.html)',
        undefined,
      ),
      origin: fc.constantFrom('ours', 'ours', 'ours', 'referer', 'foreign', 'null', 'none'),
      odd: optional(
        fc.constantFrom(
          ['accept-encoding', 'br;q=2, gzip;q=-1'],
          ['accept-language', 'ru;q=abc'],
          ['x-forwarded-proto', 'https'],
          ['x-forwarded-host', 'evil.example'],
          ['cookie', 'fresh_area=%00; fresh_flash=%E0%A4%A'],
          ['if-none-match', '*'],
          ['range', 'bytes=0-1'],
          ['x-fuzz-padding', 'x'.repeat(20_000)],
        ),
      ),
    })
    .map(({ accept, agent, origin, odd }) => {
      const result: Record<string, string> = {};
      const what: string[] = [];
      if (accept !== undefined) result.accept = accept;
      if (agent !== undefined) result['user-agent'] = agent;
      if (agent?.startsWith('Googlebot')) what.push('crawler');
      if (origin !== 'ours') what.push(`origin: ${origin}`);
      if (odd) {
        result[odd[0]] = headerSafe(odd[1]);
        what.push(`${odd[0]}: ${odd[1].slice(0, 30)}`);
      }
      return { headers: result, origin, what };
    });
}

const METHODS = [
  'GET',
  'GET',
  'GET',
  'HEAD',
  'POST',
  'POST',
  'POST',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
];

/** Requests to the pages: `realPaths` are the storefront's own (its sitemap). */
export function pageRequests(realPaths: readonly string[]): fc.Arbitrary<PageRequest> {
  return fc
    .record({
      method: fc.constantFrom(...METHODS),
      path: pathsFrom(realPaths),
      body: bodies(),
      headers: headers(),
      auth: fc.constantFrom<PageAuth>('guest', 'guest', 'customer', 'customer', 'forged'),
      host: fc.oneof(
        { arbitrary: fc.constant<PageHost>('ours'), weight: 24 },
        { arbitrary: fc.constantFrom<PageHost>('none', 'empty', 'malformed', 'foreign'), weight: 2 },
      ),
      http10: fc.oneof(
        { arbitrary: fc.constant(false), weight: 12 },
        { arbitrary: fc.constant(true), weight: 1 },
      ),
      chunked: fc.oneof(
        { arbitrary: fc.constant(false), weight: 5 },
        { arbitrary: fc.constant(true), weight: 1 },
      ),
    })
    .map(({ method, path, body, headers: chosen, auth, host, http10, chunked }) => {
      const hasBody =
        method !== 'GET' && method !== 'HEAD' ? body : { body: { kind: 'none' as const }, what: '' };
      const all: Record<string, string> = { ...chosen.headers };
      if (hasBody.contentType) all['content-type'] = hasBody.contentType;
      // Where the post says it comes from: filled in when sent (the origin is the server's).
      all['x-fuzz-origin'] = chosen.origin;
      const mutations = [...path.what, ...chosen.what];
      if (hasBody.what) mutations.push(hasBody.what);
      if (host !== 'ours') mutations.push(`host: ${host}`);
      if (http10) mutations.push('HTTP/1.0');
      const isChunked = chunked && !http10 && hasBody.body.kind !== 'none';
      if (isChunked) mutations.push('chunked');
      if (auth !== 'guest') mutations.push(`auth: ${auth}`);
      return {
        route: path.route,
        mutations,
        method,
        path: path.path,
        http10,
        host,
        headers: all,
        auth,
        body: hasBody.body,
        chunked: isChunked,
      };
    });
}
