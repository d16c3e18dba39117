/**
 * 'Выйти' always signs out (issue 21, item 13): POST /api/user/logout (SPEC §7) reads no body, so whatever
 * came with it — an empty chunked JSON body, whitespace, broken JSON, a form — the session ends and the answer
 * is 200. (The page's /logout is in page-posts.test.ts: it needs the pages' build.)
 */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../tests/setup/database';
import { phoneSequence, signIn } from '../../tests/setup/identity';

const nextPhone = phoneSequence('8937');

/** Bodies clients send with a logout; none of them may keep the session alive. */
const BODIES: { name: string; headers: Record<string, string>; payload: () => string | Readable }[] = [
  {
    name: 'an empty chunked JSON body',
    headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    payload: () => Readable.from([]),
  },
  { name: 'whitespace as JSON', headers: { 'content-type': 'application/json' }, payload: () => '  \n ' },
  { name: 'broken JSON', headers: { 'content-type': 'application/json' }, payload: () => '{"a":' },
  { name: 'a form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: () => 'a=1' },
  { name: 'text', headers: { 'content-type': 'text/plain' }, payload: () => 'bye' },
];

describe.each(TEST_DATABASE_KINDS)('POST /api/user/logout on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: false });
  });

  afterAll(async () => {
    await t?.close();
  });

  it.each(BODIES)('ends the session whatever the body: $name', async ({ headers, payload }) => {
    const customer = await signIn(t, nextPhone());
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { ...customer.headers, ...headers },
      payload: payload(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(me.statusCode).toBe(401);
  });
});
