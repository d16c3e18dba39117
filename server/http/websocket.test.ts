/**
 * /ws refuses an upgrade without a live session (issue 12, item 10): 401 in our JSON shape before any
 * socket exists; the SPEC §7 token query, a bearer header or the session cookie from our own pages open it.
 *
 * Its limits (issue 21, items 1 and 4; docs/decisions/035): floods of every kind of frame are answered a
 * bounded number of times and close the socket (4029); an oversize frame closes it (1009); a client that does
 * not read is cut off; a session that expires, is deleted or loses its operator role closes its sockets.
 */
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorBodySchema } from '@core/contracts/common';
import {
  CATCH_UP_MAX_MS,
  SOCKET_CLOSE_ACCESS_CHANGED,
  SOCKET_CLOSE_SESSION_ENDED,
  SOCKET_CLOSE_TOO_BIG,
  SOCKET_CLOSE_TOO_MANY,
  SOCKET_MAX_FRAME_BYTES,
  SOCKET_SLOW_DOWN_MESSAGE,
} from '@core/contracts/realtime';
import {
  SOCKET_FRAME_RATES,
  SOCKET_MAX_BUFFERED_BYTES,
  SOCKET_MAX_PER_USER,
  SOCKET_UPGRADE_RATE_PER_USER,
} from '@core/rules/socket-limits';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../tests/setup/database';
import { phoneSequence, type SignedInCustomer, signIn } from '../../tests/setup/identity';
import { openSocket, signInOperator, socketUrl, type TestSocket } from '../../tests/setup/realtime';
import { MONDAY_MORNING } from '../../tests/setup/services';
import { until } from '../../tests/setup/until';
import { sessions } from '../db/schema/index';
import { createFakeClock, type FakeClock } from '../lib/clock';
import { SESSION_TTL_MS } from '../modules/identity/identity.service';
import { revokeRole } from '../modules/support/support.repository';
import { SOCKET_UPGRADE_RATE_PER_ADDRESS, SOCKET_UPGRADE_RETRY_AFTER_S } from './connection-limits';
import { CATCH_UP_OVERLAP_MS, CATCH_UPS_AT_ONCE, isClientFault } from './websocket';

type Outcome =
  | { opened: true; hello: unknown }
  | { opened: false; status: number; body: string; retryAfter: string | undefined };

/** Tries the upgrade: the greeting of an opened socket, or the HTTP answer of a refused one. */
function connect(url: string, headers: Record<string, string> = {}): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('message', (data) => {
      socket.close();
      resolve({ opened: true, hello: JSON.parse(String(data)) });
    });
    socket.once('unexpected-response', (request, response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        // ws leaves a refused upgrade's connection to its 'unexpected-response' listener: closed here.
        request.destroy();
        resolve({
          opened: false,
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
          retryAfter: response.headers['retry-after'],
        });
      });
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

describe.each(TEST_DATABASE_KINDS)('upgrades per client address on %s', (kind) => {
  let t: TestApp;
  let customer: SignedInCustomer;
  let url: string;

  beforeAll(async () => {
    // Clients behind a trusted proxy (X-Forwarded-For): each test address its own, apart from 127.0.0.1.
    t = await createTestApp(kind, { seed: false, env: { TRUST_PROXY: 'loopback' } });
    customer = await signIn(t, '+7 (907) 600-00-04');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = socketUrl(t);
  });

  afterAll(async () => {
    await t?.close();
  });

  const from = (address: string) => ({ 'x-forwarded-for': address });

  it('refuses an address’s upgrades beyond its rate with 429 and Retry-After before the upgrade, signed in or not', async () => {
    const flooder = '203.0.113.5';
    // Guests' upgrades count too (each costs an auth check and a 401), until the rate says no. The bucket
    // refills two a second meanwhile (the exact rate is connection-limits.test.ts's, with a fake clock).
    let answered = 0;
    let refused: Outcome | undefined;
    while (!refused && answered < 3 * SOCKET_UPGRADE_RATE_PER_ADDRESS.burst) {
      const outcomes = await Promise.all(Array.from({ length: 20 }, () => connect(url, from(flooder))));
      answered += outcomes.length;
      expect(outcomes.filter((outcome) => outcome.opened)).toEqual([]);
      refused = outcomes.find((outcome) => !outcome.opened && outcome.status === 429);
    }
    expect(answered).toBeGreaterThan(SOCKET_UPGRADE_RATE_PER_ADDRESS.burst);
    expect(refused).toMatchObject({ status: 429, retryAfter: String(SOCKET_UPGRADE_RETRY_AFTER_S) });
    // A signed-in customer from that address is refused as well, before the socket exists.
    let customerRefused: Outcome | undefined;
    for (let attempt = 0; attempt < 10 && !customerRefused; attempt += 1) {
      const outcome = await connect(`${url}?token=${customer.token}`, from(flooder));
      if (!outcome.opened) customerRefused = outcome;
    }
    expect(customerRefused).toMatchObject({ opened: false, status: 429 });
    if (customerRefused && !customerRefused.opened) {
      expect(ErrorBodySchema.parse(JSON.parse(customerRefused.body)).message).toMatch(/[а-яё]/i);
    }
    // Another address is not affected.
    expect((await connect(`${url}?token=${customer.token}`, from('203.0.113.6'))).opened).toBe(true);
  });
});

describe.each(TEST_DATABASE_KINDS)('what the /ws socket logs on %s', (kind) => {
  let t: TestApp;
  let url: string;
  const logged: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => logged.push(JSON.parse(line) as { level: number; msg: string }) },
    );
    t = await createTestApp(kind, { seed: false, logger });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = socketUrl(t);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('logs a frame over the size limit as the client’s fault (warn), not an error of ours', async () => {
    const customer = await signIn(t, '+7 (907) 600-00-05');
    const socket = await openSocket(url, customer.token);
    const before = logged.length;
    socket.send({ type: 'ping', padding: 'x'.repeat(4 * SOCKET_MAX_FRAME_BYTES) });
    expect(await closeCodeOf(socket)).toBe(SOCKET_CLOSE_TOO_BIG);
    await until(() => logged.slice(before).some((line) => line.level === 40), 'a warning logged');
    const lines = logged.slice(before);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.find((line) => line.level === 40)?.msg).toBe('socket closed: the client broke the protocol');
  });

  it('tells the ws library’s protocol errors from anything else', () => {
    const tooBig = Object.assign(new RangeError('Max payload size exceeded'), {
      code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH',
    });
    expect(isClientFault(tooBig)).toBe(true);
    expect(isClientFault(new Error('a bug of ours'))).toBe(false);
    expect(isClientFault(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBe(false);
    expect(isClientFault('WS_ERR_INVALID_OPCODE')).toBe(false);
  });
});

/** The close code once the server closed the socket; fails (rather than hanging) if it stays open. */
async function closeCodeOf(socket: TestSocket): Promise<number> {
  let code: number | null = null;
  void socket.closed.then((closed) => {
    code = closed;
  });
  await until(() => code !== null, 'the server closes the socket');
  return code ?? 0;
}

describe.each(TEST_DATABASE_KINDS)('the /ws socket’s limits on %s', (kind) => {
  let t: TestApp;
  let clock: FakeClock;
  let url: string;
  const nextPhone = phoneSequence('8916');

  beforeAll(async () => {
    clock = createFakeClock(MONDAY_MORNING);
    // A flooded socket is closed and read no more, so it ends when the close timeout drops it: 5 s in
    // production, 0.2 s here (the drop is what each flood test waits for, so it is still checked).
    t = await createTestApp(kind, { seed: false, clock, socketCloseTimeoutMs: 200 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = socketUrl(t);
  });

  afterAll(async () => {
    await t?.close();
  });

  /** Counts the calls of a service method while `run` runs. */
  async function counting<S extends object, K extends keyof S>(
    service: S,
    method: K,
    run: () => Promise<void>,
  ): Promise<number> {
    const original = service[method];
    let calls = 0;
    service[method] = ((...args: unknown[]) => {
      calls += 1;
      return (original as (...args: unknown[]) => unknown).apply(service, args);
    }) as S[K];
    try {
      await run();
    } finally {
      service[method] = original;
    }
    return calls;
  }

  it('answers 1,000 resumes from the year 2000 with a bounded number of catch-ups, then closes the socket', async () => {
    const customer = await signIn(t, nextPhone());
    const socket = await openSocket(url, customer.token);
    const reads = await counting(t.app.services.notifications, 'listSince', async () => {
      for (let index = 0; index < 1000; index += 1) {
        socket.send({ type: 'resume', since: '2000-01-01T00:00:00Z' });
      }
      expect(await closeCodeOf(socket)).toBe(SOCKET_CLOSE_TOO_MANY);
    });
    // A resume while one is being answered joins the next one: the burst is two catch-ups at most (none when
    // the socket was closed before its turn came).
    expect(reads).toBeLessThanOrEqual(2);
    expect(socket.received.filter((message) => message.type === 'missed').length).toBeLessThanOrEqual(2);
    expect(socket.received.filter((message) => message.type === 'error')).toEqual([
      { type: 'error', message: SOCKET_SLOW_DOWN_MESSAGE },
    ]);
  });

  it('reads a resume from the year 2000 back one window only and says it is partial; a recent one whole', async () => {
    const customer = await signIn(t, nextPhone());
    const socket = await openSocket(url, customer.token);
    const notifications = t.app.services.notifications;
    const listSince = notifications.listSince;
    const asked: Date[] = [];
    notifications.listSince = (userId, since) => {
      asked.push(since);
      return listSince.call(notifications, userId, since);
    };
    try {
      socket.send({ type: 'resume', since: '2000-01-01T00:00:00Z' });
      expect(await socket.next('missed')).toMatchObject({ is_partial: true });
      socket.send({ type: 'resume', since: new Date(clock.now() - 60_000).toISOString() });
      expect(await socket.next('missed')).toMatchObject({ is_partial: false });
    } finally {
      notifications.listSince = listSince;
    }
    expect(asked.map((since) => since.getTime())).toEqual([
      clock.now() - CATCH_UP_MAX_MS,
      clock.now() - 60_000 - CATCH_UP_OVERLAP_MS,
    ]);
    await socket.close();
  });

  it('answers the resumes of one user’s sockets one at a time, each of them', async () => {
    const customer = await signIn(t, nextPhone());
    const sockets = await Promise.all(Array.from({ length: 6 }, () => openSocket(url, customer.token)));
    const notifications = t.app.services.notifications;
    const listSince = notifications.listSince;
    let running = 0;
    let mostAtOnce = 0;
    notifications.listSince = async (userId, since) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      try {
        return await listSince.call(notifications, userId, since);
      } finally {
        running -= 1;
      }
    };
    try {
      for (const socket of sockets)
        socket.send({ type: 'resume', since: new Date(clock.now()).toISOString() });
      for (const socket of sockets) await socket.next('missed');
    } finally {
      notifications.listSince = listSince;
    }
    expect(mostAtOnce).toBe(1);
    for (const socket of sockets) await socket.close();
  });

  it('reads a catch-up that sockets of one user ask for at once for all of them, and a later one anew', async () => {
    const customer = await signIn(t, nextPhone());
    const sockets = await Promise.all(Array.from({ length: 6 }, () => openSocket(url, customer.token)));
    const since = new Date(clock.now() - 60_000).toISOString();
    const reads = await counting(t.app.services.notifications, 'listSince', async () => {
      for (const socket of sockets) socket.send({ type: 'resume', since });
      for (const socket of sockets) await socket.next('missed');
    });
    // The first read may begin before the others ask: they share the next one.
    expect(reads).toBeLessThanOrEqual(2);
    const answers = sockets.map((socket) => socket.received.find((message) => message.type === 'missed'));
    for (const answer of answers) expect(answer).toEqual(answers[1]);
    // What happened after a read began is not in it: a resume after it is read again.
    const again = await counting(t.app.services.notifications, 'listSince', async () => {
      sockets[0]?.send({ type: 'resume', since });
      await sockets[0]?.next('missed');
    });
    expect(again).toBe(1);
    for (const socket of sockets) await socket.close();
  });

  it('answers the catch-ups of many users a few at a time, and lets other work in between them', async () => {
    // On the embedded database a query runs on this thread and resolves in a microtask: catch-ups that follow
    // one another without a pause held every other request until the last (the chaos suite saw 2 s).
    const customers = await Promise.all(Array.from({ length: 6 }, () => signIn(t, nextPhone())));
    const sockets = (
      await Promise.all(
        customers.map((customer) =>
          Promise.all([openSocket(url, customer.token), openSocket(url, customer.token)]),
        ),
      )
    ).flat();
    const notifications = t.app.services.notifications;
    const listSince = notifications.listSince;
    let running = 0;
    let mostAtOnce = 0;
    /** Per user: whether the event loop turned since their last catch-up's read ended (null: none yet). */
    const turnedSinceLast = new Map<string, { turned: boolean }>();
    const withoutATurn: string[] = [];
    notifications.listSince = async (userId, since) => {
      if (turnedSinceLast.get(userId)?.turned === false) withoutATurn.push(userId);
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      try {
        return await listSince.call(notifications, userId, since);
      } finally {
        running -= 1;
        const mark = { turned: false };
        turnedSinceLast.set(userId, mark);
        setImmediate(() => {
          mark.turned = true;
        });
      }
    };
    try {
      for (const socket of sockets)
        socket.send({ type: 'resume', since: new Date(clock.now()).toISOString() });
      for (const socket of sockets) await socket.next('missed');
    } finally {
      notifications.listSince = listSince;
    }
    expect(mostAtOnce).toBeLessThanOrEqual(CATCH_UPS_AT_ONCE);
    expect(withoutATurn).toEqual([]);
    for (const socket of sockets) await socket.close();
  });

  it.each([
    ['ping', { type: 'ping' }, 'pong'],
    ['typing', { type: 'typing' }, null],
    ['garbage', 'not json at all', 'error'],
    ['unknown type', { type: 'subscribe', to: 'everything' }, 'error'],
  ] as const)(
    'closes a socket flooded with 1,000 frames of %s after a bounded number of answers',
    async (_name, frame, answer) => {
      const customer = await signIn(t, nextPhone());
      const socket = await openSocket(url, customer.token);
      const typings = await counting(t.app.services.support, 'typing', async () => {
        for (let index = 0; index < 1000; index += 1) socket.send(frame);
        expect(await closeCodeOf(socket)).toBe(SOCKET_CLOSE_TOO_MANY);
      });
      expect(typings).toBeLessThanOrEqual(SOCKET_FRAME_RATES.typing.burst);
      const answers = socket.received.filter((message) => message.type !== 'hello');
      // Every answer but the one 'slow down' is within the frame kind's burst.
      expect(answers.length).toBeLessThanOrEqual(5 + 1);
      if (answer) expect(answers.some((message) => message.type === answer)).toBe(true);
      expect(
        answers.filter((message) => message.type === 'error' && message.message === SOCKET_SLOW_DOWN_MESSAGE),
      ).toHaveLength(1);
    },
  );

  it('lets our client’s traffic through: a resume, then typing every 2 s and a ping every 25 s', async () => {
    const customer = await signIn(t, nextPhone());
    const socket = await openSocket(url, customer.token);
    socket.send({ type: 'resume', since: new Date(clock.now()).toISOString() });
    await socket.next('missed');
    // The server runs in this process: each frame is awaited before the clock moves on, as it would be
    // answered before the next one in real time.
    const support = t.app.services.support;
    const typing = support.typing;
    let typings = 0;
    let typed = 0;
    support.typing = async (...args) => {
      await typing.apply(support, args);
      typings += 1;
    };
    try {
      for (let second = 2; second <= 5 * 60; second += 2) {
        clock.advance(2_000);
        socket.send({ type: 'typing' });
        typed += 1;
        await until(() => typings === typed, 'the typing frame answered');
        if (second % 24 === 0) {
          socket.send({ type: 'ping' });
          await socket.next('pong');
        }
      }
    } finally {
      support.typing = typing;
    }
    expect(typings).toBe(typed);
    expect(socket.received.filter((message) => message.type === 'error')).toEqual([]);
    await socket.close();
  });

  it('closes the socket with 1009 on a frame over the size limit', async () => {
    const customer = await signIn(t, nextPhone());
    const socket = await openSocket(url, customer.token);
    socket.send({ type: 'ping', padding: 'x'.repeat(4 * SOCKET_MAX_FRAME_BYTES) });
    expect(await closeCodeOf(socket)).toBe(SOCKET_CLOSE_TOO_BIG);
  });

  it('cuts off a client that does not read while the server has events for it', async () => {
    const customer = await signIn(t, nextPhone());
    const raw = new WebSocket(`${url}?token=${customer.token}`);
    await new Promise<void>((resolve, reject) => {
      raw.once('message', () => resolve());
      raw.once('error', reject);
    });
    const before = t.app.sockets.size;
    // It stops reading: what the server sends waits in the kernel's buffers, then in the server's.
    raw.pause();
    const text = 'Ответ оператора. '.repeat(4_000);
    let published = 0;
    const budget = 64 * SOCKET_MAX_BUFFERED_BYTES;
    while (t.app.sockets.size === before && published < budget) {
      await t.app.services.realtime.publish(
        { users: [customer.user._id] },
        {
          type: 'chat.message',
          conversation: 'c',
          message: {
            _id: String(published),
            seq: published,
            conversation: 'c',
            author: 'operator',
            text,
            image: null,
            order: null,
            created_at: new Date(clock.now()).toISOString(),
            read_at: null,
            state: 'sent',
          },
          at: new Date(clock.now()).toISOString(),
        },
      );
      published += Buffer.byteLength(text);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(t.app.sockets.size, `still open after ${published} bytes`).toBe(before - 1);
    raw.terminate();
  });

  it('refuses one socket more than a user may hold open', async () => {
    const customer = await signIn(t, nextPhone());
    const sockets: TestSocket[] = [];
    for (let index = 0; index < SOCKET_MAX_PER_USER; index += 1)
      sockets.push(await openSocket(url, customer.token));
    const refused = await connect(`${url}?token=${customer.token}`);
    expect(refused.opened).toBe(false);
    if (!refused.opened) {
      expect(refused.status).toBe(429);
      expect(ErrorBodySchema.parse(JSON.parse(refused.body)).message).toMatch(/[а-яё]/i);
    }
    // One closed, one more opens.
    await sockets.shift()?.close();
    await until(
      async () => (await connect(`${url}?token=${customer.token}`)).opened,
      'a socket opens once another closed',
    );
    for (const socket of sockets) await socket.close();
  });

  it('refuses a user’s upgrades beyond the rate, and takes them again a while later', async () => {
    const customer = await signIn(t, nextPhone());
    for (let index = 0; index < SOCKET_UPGRADE_RATE_PER_USER.burst; index += 1) {
      expect((await connect(`${url}?token=${customer.token}`)).opened).toBe(true);
    }
    const refused = await connect(`${url}?token=${customer.token}`);
    expect(refused).toMatchObject({ opened: false, status: 429 });
    clock.advance(60_000 / SOCKET_UPGRADE_RATE_PER_USER.perMinute);
    expect((await connect(`${url}?token=${customer.token}`)).opened).toBe(true);
  });

  it('closes the socket of a session deleted without a logout, at the next check', async () => {
    const customer = await signIn(t, nextPhone());
    const other = await signIn(t, nextPhone());
    const socket = await openSocket(url, customer.token);
    const staying = await openSocket(url, other.token);
    await t.db.db.delete(sessions).where(eq(sessions.userId, customer.user._id));
    await t.app.sockets.checkSessions();
    expect(await closeCodeOf(socket)).toBe(SOCKET_CLOSE_SESSION_ENDED);
    staying.send({ type: 'ping' });
    await staying.next('pong');
    await staying.close();
  });

  it('closes the socket of an operator who is one no more, at the next check', async () => {
    const operator = await signInOperator(t, nextPhone());
    const socket = await openSocket(url, operator.token);
    await revokeRole(t.db.db, operator.user._id, 'operator');
    await t.app.sockets.checkSessions();
    expect(await closeCodeOf(socket)).toBe(SOCKET_CLOSE_ACCESS_CHANGED);
    // Back as the customer they now are.
    const again = await openSocket(url, operator.token);
    expect(again.received[0]).toMatchObject({ type: 'hello', role: 'customer' });
    await again.close();
  });

  // Last: it moves the clock past every session of this suite.
  it('closes the socket of an expired session: at its next frame, or at the next check', async () => {
    const pinging = await signIn(t, nextPhone());
    const silent = await signIn(t, nextPhone());
    const pingingSocket = await openSocket(url, pinging.token);
    const silentSocket = await openSocket(url, silent.token);
    clock.advance(SESSION_TTL_MS);
    pingingSocket.send({ type: 'ping' });
    expect(await closeCodeOf(pingingSocket)).toBe(SOCKET_CLOSE_SESSION_ENDED);
    expect(pingingSocket.received.filter((message) => message.type === 'pong')).toEqual([]);
    await t.app.sockets.checkSessions();
    expect(await closeCodeOf(silentSocket)).toBe(SOCKET_CLOSE_SESSION_ENDED);
  });
});
