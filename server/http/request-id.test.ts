/**
 * Request ids (ADR 048): every answer carries X-Request-Id, an incoming one is kept only when it looks like an
 * id, the request's log lines carry it as reqId, and an error page of ours shows it as 'Код ошибки'.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/setup/app';
import { runsOn } from '../../tests/setup/database';
import { errorDocument } from './error-document';
import { INCOMING_REQUEST_ID, REQUEST_ID_HEADER, requestIdOf } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BROWSER = {
  accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
};

describe('requestIdOf', () => {
  const raw = (value?: string | string[]) =>
    ({ headers: value === undefined ? {} : { [REQUEST_ID_HEADER]: value } }) as Parameters<
      typeof requestIdOf
    >[0];

  it('keeps an incoming id of 8 to 64 letters, digits and dashes', () => {
    for (const id of ['abcd1234', 'nginx-7f3a9c0e-1b2d', 'A'.repeat(64)])
      expect(requestIdOf(raw(id))).toBe(id);
  });

  it('makes a new UUID for anything else', () => {
    const refused = [
      undefined,
      '',
      'short',
      'A'.repeat(65),
      'has space1',
      'line\nbreak1',
      'quote"1234',
      'под-ключ-1234',
      'semi;colon1',
      ['abcd1234', 'efgh5678'],
    ];
    const made = refused.map((value) => requestIdOf(raw(value)));
    for (const id of made) {
      expect(id).toMatch(UUID);
      expect(id).toMatch(INCOMING_REQUEST_ID);
    }
    expect(new Set(made).size).toBe(made.length);
  });
});

describe('errorDocument', () => {
  it('shows the request id as the error code, escaped', () => {
    expect(errorDocument(500, 'Внутренняя ошибка', { requestId: 'abc-12345' })).toContain(
      '<p class="ref">Код ошибки: abc-12345</p>',
    );
    expect(errorDocument(500, 'x', { requestId: '<b>' })).toContain('Код ошибки: &lt;b&gt;');
    expect(errorDocument(404, 'Не найдено')).not.toContain('Код ошибки');
  });
});

describe.runIf(runsOn('pglite'))('X-Request-Id on answers', () => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
          done();
        },
      }),
    );
    t = await createTestApp('pglite', { seed: false, logger });
    // A page path whose handler fails, as a bug would: the error page a browser gets (error-document.ts).
    t.app.get('/test-failing-page', async () => {
      throw new Error('a bug');
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('carries a new id on every answer: success, refusal, unknown path, bad address', async () => {
    const ids: string[] = [];
    for (const url of ['/api/settings', '/api/user/me', '/api/no-such-route', '/no-such-page', '/%']) {
      const response = await t.app.inject({ method: 'GET', url });
      const id = String(response.headers[REQUEST_ID_HEADER]);
      expect(id, url).toMatch(UUID);
      ids.push(id);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('echoes a well-formed incoming id and replaces a malformed one', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { [REQUEST_ID_HEADER]: 'nginx-0a1b2c3d4e5f' },
    });
    expect(kept.headers[REQUEST_ID_HEADER]).toBe('nginx-0a1b2c3d4e5f');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { [REQUEST_ID_HEADER]: 'evil"} {"level":60' },
    });
    expect(replaced.headers[REQUEST_ID_HEADER]).toMatch(UUID);
  });

  it('logs the request’s lines with its id, and shows it on the error page of a failure', async () => {
    const id = 'support-case-20261127';
    const response = await t.app.inject({
      method: 'GET',
      url: '/test-failing-page',
      headers: { ...BROWSER, [REQUEST_ID_HEADER]: id },
    });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers[REQUEST_ID_HEADER]).toBe(id);
    expect(response.body).toContain(`Код ошибки: ${id}`);
    expect(response.body).not.toContain('a bug');
    const logged = lines.filter((line) => line.reqId === id);
    expect(logged.some((line) => line.level === 50 && JSON.stringify(line).includes('a bug'))).toBe(true);
  });

  it('keeps the id off a refusal’s page: the customer’s own mistake needs no support', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/no-such-page', headers: BROWSER });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Код ошибки');
  });
});
