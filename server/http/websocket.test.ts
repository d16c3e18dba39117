/**
 * /ws refuses an upgrade without a live session (issue 12, item 10): 401 in our JSON shape before any
 * socket exists; the SPEC §7 token query, a bearer header or the session cookie from our own pages open it.
 */
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorBodySchema } from '@core/contracts/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../tests/setup/database';
import { type SignedInCustomer, signIn } from '../../tests/setup/identity';

type Outcome = { opened: true; hello: unknown } | { opened: false; status: number; body: string };

/** Tries the upgrade: the greeting of an opened socket, or the HTTP answer of a refused one. */
function connect(url: string, headers: Record<string, string> = {}): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('message', (data) => {
      socket.close();
      resolve({ opened: true, hello: JSON.parse(String(data)) });
    });
    socket.once('unexpected-response', (_request, response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ opened: false, status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
    });
    socket.once('error', (error) => {
      if (!error.message.startsWith('Unexpected server response')) reject(error);
    });
  });
}

describe.each(TEST_DATABASE_KINDS)('the /ws socket on %s', (kind) => {
  let t: TestApp;
  let customer: SignedInCustomer;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: false });
    customer = await signIn(t, '+7 (907) 600-00-02');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
  });

  afterAll(async () => {
    await t?.close();
  });

  function expectRefused(outcome: Outcome, status: number) {
    expect(outcome.opened).toBe(false);
    if (outcome.opened) return;
    expect(outcome.status).toBe(status);
    expect(ErrorBodySchema.parse(JSON.parse(outcome.body)).message).toMatch(/[а-яё]/i);
  }

  it('refuses a guest, a forged token and a logged-out one with 401 before the upgrade', async () => {
    expectRefused(await connect(base), 401);
    expectRefused(await connect(`${base}?token=${'x'.repeat(43)}`), 401);
    expectRefused(await connect(`${base}?token=%00`), 401);
    const leaving = await signIn(t, '+7 (907) 600-00-03');
    await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: leaving.headers });
    expectRefused(await connect(`${base}?token=${leaving.token}`), 401);
  });

  it('opens for the token of SPEC §7, a bearer header, or the cookie from our own pages', async () => {
    expect(await connect(`${base}?token=${customer.token}`)).toEqual({
      opened: true,
      hello: { type: 'hello', user: customer.user._id, role: 'customer', at: expect.any(String) },
    });
    expect((await connect(base, { authorization: `Bearer ${customer.token}` })).opened).toBe(true);
    const origin = base.replace('ws:', 'http:').replace('/ws', '');
    expect((await connect(base, { cookie: customer.cookie, origin })).opened).toBe(true);
  });

  it('refuses the cookie when another site’s page opens the socket', async () => {
    expectRefused(await connect(base, { cookie: customer.cookie, origin: 'https://evil.example' }), 403);
  });
});
