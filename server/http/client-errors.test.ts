/**
 * Errors before and around routing, in our shape and language (issue 12, items 6 and 7): bad percent-encoding,
 * over-long parameters, oversized headers and malformed requests on a real socket, unknown /api and /uploads
 * paths next to a page renderer that would otherwise answer them with HTML, and bodiless calls that say JSON.
 */

import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { ErrorBodySchema } from '@core/contracts/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../tests/setup/database';
import { signIn } from '../../tests/setup/identity';

const CYRILLIC = /[а-яё]/i;

function expectOurError(response: { statusCode: number; body: string }, status: number, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = ErrorBodySchema.parse(JSON.parse(response.body));
  expect(body.message).toMatch(CYRILLIC);
  if (message) expect(body.message).toBe(message);
  return body;
}

/** Writes raw bytes to the server and reads the whole answer (the server closes the connection). */
function rawRequest(
  port: number,
  request: string,
): Promise<{ statusCode: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ statusCode: Number(head.split(' ')[1]), headers: head, body });
    });
    socket.end(request);
  });
}

describe.each(TEST_DATABASE_KINDS)('errors around routing on %s', (kind) => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    // Stands in for React Router's handler, which claims every path no other route did.
    t.app.all('/*', async (_request, reply) => reply.type('text/html').send('<!doctype html><p>страница'));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('on the socket', () => {
    it('answers headers over the limit with a Russian 431', async () => {
      const response = await rawRequest(
        port,
        `GET /api/settings HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expectOurError(response, 431, 'Слишком большие заголовки запроса');
      expect(response.headers).toMatch(/content-type: application\/json; charset=utf-8/i);
    });

    it('answers a request Node cannot parse with a Russian 400, not "Client Error"', async () => {
      for (const request of [
        'NONSENSE\r\n\r\n',
        'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      ]) {
        const response = await rawRequest(port, request);
        expectOurError(response, 400, 'Некорректный запрос');
        expect(response.body).not.toContain('Client Error');
      }
    });

    it('answers a path with broken percent-encoding with a Russian 400', async () => {
      const response = await rawRequest(
        port,
        'GET /api/recipes/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      );
      expectOurError(response, 400, 'Некорректный адрес запроса');
      expect(response.body).not.toContain('FST_ERR_BAD_URL');
    });
  });

  it('answers an over-long path parameter as an unknown path, in Russian', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/orders/${'1'.repeat(200)}` });
    expectOurError(response, 404, 'Запрашиваемый ресурс не найден');
  });

  it('answers unknown /api paths in JSON, not with the page renderer’s HTML', async () => {
    for (const url of ['/api', '/api/', '/api/nothing/here', '/api?x=1']) {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        expectOurError(await t.app.inject({ method, url }), 404, 'Запрашиваемый ресурс не найден');
      }
    }
  });

  it('answers missing uploads with a Russian 404 in our shape', async () => {
    for (const url of ['/uploads', '/uploads/', '/uploads/missing.webp', '/uploads/a/b/../c.png']) {
      const response = await t.app.inject({ method: 'GET', url });
      expectOurError(response, 404, 'Файл не найден');
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  describe('bodiless calls that say Content-Type: application/json', () => {
    it('log a customer out, and the session is gone', async () => {
      const customer = await signIn(t, '+7 (902) 100-00-01');
      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/user/logout',
        headers: { ...customer.headers, 'content-type': 'application/json', 'content-length': '0' },
      });
      expect(logout.statusCode, logout.body).toBe(200);
      const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: customer.headers });
      expect(me.statusCode).toBe(401);
    });

    it('log a guest out without a Content-Length too', async () => {
      const response = await rawRequest(
        port,
        'POST /api/user/logout HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n',
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(JSON.parse(response.body)).toEqual({ success: true });
    });

    it('remove a basket group', async () => {
      const customer = await signIn(t, '+7 (902) 100-00-02');
      const response = await t.app.inject({
        method: 'DELETE',
        url: '/api/user/me/basket/00000000-0000-4000-8000-000000000000',
        headers: { ...customer.headers, 'content-type': 'application/json; charset=utf-8' },
      });
      expect(response.statusCode, response.body).toBe(200);
    });

    it('still ask for the fields where the route needs a body', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/code',
        headers: { 'content-type': 'application/json', 'content-length': '0' },
      });
      expectOurError(response, 400, 'Пустое тело запроса');
    });
  });

  it('names wrong types in Russian', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/code',
      headers: { 'content-type': 'application/json' },
      payload: '"строка"',
    });
    expectOurError(response, 400, 'Неверный тип значения (ожидалось: объект, получено: строка)');
  });
});
