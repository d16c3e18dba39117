/**
 * Page requests at the HTTP edge (issue 21, items 2, 9, 10, 13 and 21): what React Router is handed, and what is
 * answered before it is. Form posts are limited in size and type before they are read; an unread body never
 * holds a kept-alive connection; 'Выйти' signs out whatever it is sent; a path no page can have is 404, a
 * request without a Host header is served, and a browser gets an error page where a program gets our JSON.
 * Over a real socket (the connection is the point) with the pages' production build, on both databases.
 */
import { ErrorBodySchema } from '@core/contracts/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../tests/setup/database';
import { phoneSequence, signIn } from '../../tests/setup/identity';
import { keptAliveClient, rawRequest, writeAllThenRead } from '../../tests/setup/raw-http';
import { loadServerBuild } from '../../tests/setup/server-build';
import { BAD_HOST_MESSAGE, BAD_URL_MESSAGE } from './client-errors';
import { REFUSED_BODY_DRAIN_BYTES } from './error-handler';
import { METHOD_NOT_ALLOWED_MESSAGE, PAGE_NOT_FOUND_MESSAGE, UNREADABLE_FORM_MESSAGE } from './react-router';

const nextPhone = phoneSequence('8936');
/** The default PAGE_BODY_LIMIT_BYTES. */
const PAGE_BODY_LIMIT_BYTES = 65_536;
const TOO_LARGE_MESSAGE = 'Слишком большой запрос';
const BROWSER = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
};

/** A login form of about `bytes` bytes (the name field is long: the action would refuse it, if it read it). */
function loginForm(bytes: number): string {
  return `intent=code&phone=89031234567&name=${'a'.repeat(Math.max(0, bytes - 40))}`;
}

function expectOurJson(answer: { headers: Record<string, string>; body: string }, message: string) {
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(ErrorBodySchema.parse(JSON.parse(answer.body))).toEqual({ success: false, message });
}

function expectErrorPage(answer: { headers: Record<string, string>; body: string }, ...texts: string[]) {
  expect(answer.headers['content-type']).toMatch(/^text\/html/);
  expect(answer.body).toMatch(/^<!DOCTYPE html><html lang="ru">/);
  for (const text of texts) expect(answer.body).toContain(text);
  expect(answer.body).toContain('href="/"');
}

describe.each(TEST_DATABASE_KINDS)('page requests at the edge on %s', (kind) => {
  let t: TestApp;
  let port: number;
  let origin: string;

  beforeAll(async () => {
    const build = await loadServerBuild();
    t = await createTestApp(kind, { reactRouter: { build, mode: 'production' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    port = address.port;
    origin = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await t?.close();
  });

  /** A page post from our own page (the same-origin check of ADR 020 passes). */
  const ours = () => ({ origin, 'content-type': 'application/x-www-form-urlencoded' });

  it('refuses a form over the limit before reading it: an error page for a browser, our JSON for a fetcher', async () => {
    const client = keptAliveClient(port);
    try {
      const form = loginForm(PAGE_BODY_LIMIT_BYTES + 1024);
      const page = await client.request('/login', {
        method: 'POST',
        headers: { ...ours(), ...BROWSER, referer: `${origin}/login` },
        body: form,
      });
      expect(page.status).toBe(413);
      expectErrorPage(page, TOO_LARGE_MESSAGE, 'href="/login"');
      const fetcher = await client.request('/login.data', { method: 'POST', headers: ours(), body: form });
      expect(fetcher.status).toBe(413);
      expectOurJson(fetcher, TOO_LARGE_MESSAGE);
      // Chunked: no length up front, counted as it arrives.
      const chunked = await client.request('/login.data', {
        method: 'POST',
        headers: { ...ours(), 'transfer-encoding': 'chunked' },
        body: form,
      });
      expect(chunked.status).toBe(413);
      expectOurJson(chunked, TOO_LARGE_MESSAGE);
      // A form within the limit reaches the action (which says what is wrong with it).
      const within = await client.request('/login.data', {
        method: 'POST',
        headers: ours(),
        body: loginForm(PAGE_BODY_LIMIT_BYTES - 1024),
      });
      expect(within.status).toBe(400);
    } finally {
      client.close();
    }
  });

  it('refuses 50 MB at once by its length, and closes the connection instead of reading it', async () => {
    const head =
      'POST /login HTTP/1.1\r\n' +
      `Host: 127.0.0.1:${port}\r\nOrigin: ${origin}\r\n` +
      'Content-Type: application/x-www-form-urlencoded\r\n' +
      `Content-Length: ${50 * 1024 * 1024}\r\n\r\n`;
    const answer = await rawRequest(port, `${head}intent=code&name=`);
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expectOurJson(answer, TOO_LARGE_MESSAGE);
  });

  it('lets a client that writes all of a refused 9 MB body before reading still get the answer (a lingering close)', async () => {
    const body = Buffer.alloc(9 * 1024 * 1024, 'a');
    for (const [headers, status] of [
      ['Content-Type: application/x-www-form-urlencoded', 413],
      ['Content-Type: application/json', 415],
    ] as const) {
      const head =
        `POST /login.data HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${origin}\r\n${headers}\r\n` +
        `Content-Length: ${body.length}\r\n\r\n`;
      const answer = await writeAllThenRead(port, head, body);
      expect(answer.status).toBe(status);
      expect(answer.headers.connection).toBe('close');
    }
  });

  it('lets an HTTP/1.0 client (whose connection ends with the answer) that writes all of a refused body still get the answer', async () => {
    // Found by the pages fuzz (2 MB): Node closes an HTTP/1.0 connection after the answer, and a socket closed
    // while the body still arrived was reset, throwing the 415 away before the client read it. A body as large
    // as Node would otherwise read and drop is still arriving when the answer goes.
    const body = Buffer.alloc(REFUSED_BODY_DRAIN_BYTES, 'a');
    for (const [path, headers, status] of [
      ['/product/x', 'Content-Type: application/json', 415],
      ['/login', 'Content-Type: application/x-www-form-urlencoded', 413],
    ] as const) {
      const head =
        `PATCH ${path} HTTP/1.0\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${origin}\r\n${headers}\r\n` +
        `Content-Length: ${body.length}\r\n\r\n`;
      const answer = await writeAllThenRead(port, head, body);
      expect(answer.status, path).toBe(status);
    }
  });

  it('reads forms only: JSON, text or an untyped body is 415, a broken multipart 400 — never 500', async () => {
    const client = keptAliveClient(port);
    try {
      for (const [type, body] of [
        ['application/json', '{"intent":"code"}'],
        ['text/plain', 'intent=code'],
        ['application/octet-stream', 'x'],
      ] as const) {
        const answer = await client.request('/login.data', {
          method: 'POST',
          headers: { origin, 'content-type': type },
          body,
        });
        expect(answer.status, type).toBe(415);
        expectOurJson(answer, 'Неподдерживаемый тип данных');
      }
      const untyped = await client.request('/login.data', {
        method: 'POST',
        headers: { origin },
        body: 'a=1',
      });
      expect(untyped.status).toBe(415);
      for (const body of ['', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1', 'garbage']) {
        const answer = await client.request('/login.data', {
          method: 'POST',
          headers: { origin, 'content-type': 'multipart/form-data; boundary=x' },
          body,
        });
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expectOurJson(answer, UNREADABLE_FORM_MESSAGE);
      }
      const noBoundary = await client.request('/login.data', {
        method: 'POST',
        headers: { origin, 'content-type': 'multipart/form-data' },
        body: 'a=1',
      });
      expect(noBoundary.status).toBe(400);
      // A browser sees the same refusal as a page.
      const page = await client.request('/login', {
        method: 'POST',
        headers: { origin, ...BROWSER, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(page.status).toBe(415);
      expectErrorPage(page, 'Неподдерживаемый тип данных');
      // A real multipart form is read.
      const multipart = await client.request('/login.data', {
        method: 'POST',
        headers: { origin, 'content-type': 'multipart/form-data; boundary=x' },
        body: '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncode\r\n--x--\r\n',
      });
      expect(multipart.status).toBe(400);
      expect(multipart.body).toContain('Обязательное поле');
    } finally {
      client.close();
    }
  });

  it('reads a post without a body as an empty form', async () => {
    const client = keptAliveClient(port);
    try {
      const answer = await client.request('/login.data', { method: 'POST', headers: { origin } });
      expect(answer.status).toBe(400);
      expect(answer.body).toContain('Неизвестное действие входа');
    } finally {
      client.close();
    }
  });

  it('never leaves a kept-alive connection waiting on a body nobody reads', async () => {
    const client = keptAliveClient(port);
    try {
      // 300 KB to a page without an action: refused, and the rest of the body read and dropped by Node.
      const refused = await client.request('/catalog', {
        method: 'POST',
        headers: ours(),
        body: `a=${'b'.repeat(300 * 1024)}`,
      });
      expect([405, 413]).toContain(refused.status);
      const next = await client.request('/healthz');
      expect(next.status).toBe(200);
      expect(next.reusedSocket).toBe(true);
      // Within the limit to a page without an action: React Router's 405, the connection still usable.
      const notAllowed = await client.request('/catalog', {
        method: 'POST',
        headers: ours(),
        body: `a=${'b'.repeat(30 * 1024)}`,
      });
      expect(notAllowed.status).toBe(405);
      const after = await client.request('/healthz');
      expect(after.status).toBe(200);
      expect(after.reusedSocket).toBe(true);
    } finally {
      client.close();
    }
  });

  it('signs out at /logout whatever the body, and goes back', async () => {
    const client = keptAliveClient(port);
    try {
      for (const [type, body, chunked] of [
        ['application/json', '', true],
        ['application/json', '  \n', false],
        ['text/plain', 'bye', false],
        ['multipart/form-data; boundary=x', 'garbage', false],
        [undefined, 'redirectTo=%2Fcatalog', false],
      ] as const) {
        const customer = await signIn(t, nextPhone());
        const answer = await client.request('/logout', {
          method: 'POST',
          headers: {
            origin,
            cookie: customer.cookie,
            ...(type ? { 'content-type': type } : {}),
            ...(chunked ? { 'transfer-encoding': 'chunked' } : {}),
          },
          body,
        });
        expect(answer.status, `${type} ${JSON.stringify(body)}`).toBe(302);
        expect(answer.headers['set-cookie']).toMatch(/^fresh_session=;/);
        const me = await t.app.inject({
          method: 'GET',
          url: '/api/user/me',
          headers: { authorization: `Bearer ${customer.token}` },
        });
        expect(me.statusCode, `${type} ${JSON.stringify(body)}`).toBe(401);
      }
    } finally {
      client.close();
    }
  });

  it('answers 404 for a path with NUL or another control character, before any loader asks the database', async () => {
    const client = keptAliveClient(port);
    try {
      for (const path of ['/catalog/a%00b', '/product/%00', '/store/%00', '/catalog/x/%01', '/news/%7F']) {
        const page = await client.request(path, { headers: BROWSER });
        expect(page.status, path).toBe(404);
        expectErrorPage(page, 'Ошибка 404', PAGE_NOT_FOUND_MESSAGE, 'href="/catalog"');
        const data = await client.request(`${path}.data`);
        expect(data.status, `${path}.data`).toBe(404);
        expectOurJson(data, PAGE_NOT_FOUND_MESSAGE);
      }
    } finally {
      client.close();
    }
  });

  it('serves a page to HTTP/1.0 without a Host header; refuses HTTP/1.1 without a usable one in our words', async () => {
    const plain = await rawRequest(port, 'GET / HTTP/1.0\r\n\r\n');
    expect(plain.status).toBe(200);
    expect(plain.body).toContain('<html lang="ru"');
    const catalog = await rawRequest(port, 'GET /catalog HTTP/1.0\r\nAccept: text/html\r\n\r\n');
    expect(catalog.status).toBe(200);
    for (const host of [undefined, '', 'a b/c', 'user@fresh.example', 'fresh.example/x']) {
      const headers = host === undefined ? '' : `Host: ${host}\r\n`;
      const answer = await rawRequest(port, `GET /catalog HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`);
      expect(answer.status, JSON.stringify(host)).toBe(400);
      expectOurJson(answer, BAD_HOST_MESSAGE);
      const api = await rawRequest(port, `GET /api/settings HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`);
      expect(api.status, JSON.stringify(host)).toBe(400);
    }
    // A post names no site it could come from: refused by the same-origin check, not a 500.
    const post = await rawRequest(
      port,
      'POST /login HTTP/1.0\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\n\r\na=1',
    );
    expect(post.status).toBe(403);
  });

  it('answers a resource route’s refusals in Russian: a page for a browser, the form’s failure for a fetcher', async () => {
    const client = keptAliveClient(port);
    try {
      // A typed address (the loader's 404 was the JSON `null`).
      const typed = await client.request('/resources/profile', { headers: BROWSER });
      expect(typed.status).toBe(404);
      expectErrorPage(typed, 'Ошибка 404');
      const program = await client.request('/resources/profile');
      expect(program.status).toBe(404);
      expectOurJson(program, 'Запрашиваемый ресурс не найден');
      // A post to a resource route without an action (React Router's English 'Unexpected Server Error').
      const noAction = await client.request('/resources/favourites/sets', {
        method: 'POST',
        headers: ours(),
      });
      expect(noAction.status).toBe(405);
      expectOurJson(noAction, METHOD_NOT_ALLOWED_MESSAGE);
      // A failed action: a form posted without JavaScript sees a page with its message and the way back…
      const customer = await signIn(t, nextPhone());
      const form = { ...ours(), cookie: customer.cookie, referer: `${origin}/lk?active=notification` };
      const page = await client.request('/resources/notifications', {
        method: 'POST',
        headers: { ...form, ...BROWSER },
        body: 'intent=nonsense',
      });
      expect(page.status).toBe(400);
      expectErrorPage(page, 'Неизвестное действие с уведомлениями', 'href="/lk?active=notification"');
      // …and a fetcher keeps the failure its form reads (docs/decisions/020).
      const fetcher = await client.request('/resources/notifications', {
        method: 'POST',
        headers: form,
        body: 'intent=nonsense',
      });
      expect(fetcher.status).toBe(400);
      expect(JSON.parse(fetcher.body)).toMatchObject({
        ok: false,
        message: 'Неизвестное действие с уведомлениями',
      });
    } finally {
      client.close();
    }
  });

  it('passes a resource route’s 429 on with its Russian words and Retry-After: its own answer to a program, the error page to a browser', async () => {
    const client = keptAliveClient(port);
    try {
      // The address suggestions' rate (60 a minute per address): flooded from this test's address.
      const path = `/resources/places?q=${encodeURIComponent('Ленина')}`;
      let refused: Awaited<ReturnType<typeof client.request>> | undefined;
      for (let sent = 0; sent < 200 && !refused; sent += 1) {
        const answer = await client.request(path);
        if (answer.status !== 200) refused = answer;
      }
      expect(refused?.status).toBe(429);
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
      expect(JSON.parse(refused?.body ?? '')).toMatchObject({
        q: 'Ленина',
        places: [],
        problem: 'Слишком много запросов, попробуйте позже',
      });
      const page = await client.request(path, { headers: BROWSER });
      expect(page.status).toBe(429);
      expect(Number(page.headers['retry-after'])).toBeGreaterThan(0);
      expectErrorPage(page, 'Слишком много запросов', 'Слишком много запросов, попробуйте позже');
    } finally {
      client.close();
    }
  });

  it('shows a browser the error page for a malformed address; programs keep our JSON', async () => {
    const client = keptAliveClient(port);
    try {
      const page = await client.request('/catalog/%E0%A4%A', { headers: BROWSER });
      expect(page.status).toBe(400);
      expectErrorPage(page, BAD_URL_MESSAGE);
      const program = await client.request('/catalog/%E0%A4%A');
      expect(program.status).toBe(400);
      expectOurJson(program, BAD_URL_MESSAGE);
      const api = await client.request('/api/catalog/products/%E0%A4%A', { headers: BROWSER });
      expect(api.status).toBe(400);
      expectOurJson(api, BAD_URL_MESSAGE);
      // Crawlers get the status alone (SPEC §2: no error page for bots).
      const bot = await client.request('/catalog/%E0%A4%A', {
        headers: { ...BROWSER, 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
      });
      expect(bot.status).toBe(400);
      expect(bot.body).toBe('400');
    } finally {
      client.close();
    }
  });
});
