import { createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  openTestDatabase,
  runsOn,
  runsOnce,
  TEST_DATABASE_KINDS,
  type TestDatabase,
} from '../../tests/setup/database';
import {
  dropDatabase,
  newDatabaseName,
  openPostgresDatabase,
  TEST_ADMIN_URL,
  terminateBackends,
} from '../../tests/setup/postgres';
import { until } from '../../tests/setup/until';
import { isConnectionLoss } from '../lib/connection-loss';
import { type DbHandle, openDb, queryRows } from './client';
import { smsCodes } from './schema/index';

describe.runIf(runsOnce())('the PostgreSQL pool when the server never answers', () => {
  let silent: Server;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    // Takes the connection and says nothing, as a hung server or a dropped route would.
    silent = createServer((socket) => {
      sockets.add(socket);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('fails the query as a lost connection after the connect timeout, for a new connection and a queued one', async () => {
    const address = silent.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const handle = await openDb({
      databaseUrl: `postgres://nobody@127.0.0.1:${address.port}/none`,
      poolSize: 1,
      connectTimeoutMs: 200,
    });
    try {
      const outcomes = await Promise.allSettled([handle.ping(), handle.ping()]);
      for (const outcome of outcomes) {
        expect(outcome.status).toBe('rejected');
        if (outcome.status === 'rejected') expect(isConnectionLoss(outcome.reason)).toBe(true);
      }
    } finally {
      await handle.close();
    }
  });
});

describe.runIf(runsOn('postgres'))('the PostgreSQL pool when the server ends its connections', () => {
  let database: TestDatabase;
  const lost: Error[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('postgres', { onConnectionError: (error) => lost.push(error) });
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it('survives a connection ended inside a transaction, between two queries, and reconnects', async () => {
    const failure = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        expect(await terminateBackends(database.name ?? '')).toBeGreaterThan(0);
        // The checked-out client hears of it with no query running: pg emits 'error' on the client itself,
        // which would end the process without the pool's listener (server/db/client.ts).
        await until(() => lost.length > 0, 'the connection error event');
        await tx.execute(sql`select 1`);
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isConnectionLoss(failure)).toBe(true);
    expect(lost.some((error) => isConnectionLoss(error))).toBe(true);

    // The broken client was discarded: the next queries get new connections.
    await database.ping();
    expect(await queryRows(database.db, z.object({ two: z.number() }), sql`select 2 as two`)).toEqual([
      { two: 2 },
    ]);
  });

  it('survives every idle connection ended at once', async () => {
    await Promise.all(Array.from({ length: 5 }, () => database.db.execute(sql`select pg_sleep(0.01)`)));
    lost.length = 0;
    expect(await terminateBackends(database.name ?? '')).toBeGreaterThan(0);
    await until(() => lost.length > 0, 'the idle connection error event');
    // The pool serves again. A query may still meet an ended connection whose error event has not come yet:
    // that one fails as a lost connection (503 in the app), and the next gets a new connection.
    await until(
      () =>
        database.ping().then(
          () => true,
          (error: unknown) => {
            if (!isConnectionLoss(error)) throw error;
            return false;
          },
        ),
      'a working connection',
    );
  });
});

describe.each(TEST_DATABASE_KINDS)('what %s answers', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it('gives a timestamp column back as the same Date through the query builder, and raw SQL as parsed', async () => {
    const createdAt = new Date(Date.UTC(2026, 0, 12, 6, 30, 15, 123));
    await database.db.insert(smsCodes).values({
      phone: '+7 (900) 000-00-01',
      codeHmac: 'x',
      name: 'Анна',
      createdAt,
      expiresAt: new Date(createdAt.getTime() + 60_000),
    });
    const [row] = await database.db.select({ createdAt: smsCodes.createdAt }).from(smsCodes);
    expect(row?.createdAt).toBeInstanceOf(Date);
    expect(row?.createdAt.toISOString()).toBe(createdAt.toISOString());

    // Raw SQL is untyped: its rows are parsed (queryRows), so a wrong guess about the driver fails loudly.
    const raw = sql`select created_at from sms_codes`;
    const [parsed] = await queryRows(database.db, z.object({ created_at: z.coerce.date() }), raw);
    expect(parsed?.created_at.toISOString()).toBe(createdAt.toISOString());
    await expect(queryRows(database.db, z.object({ created_at: z.date() }), raw)).rejects.toThrow();
  });
});

describe.runIf(runsOn('postgres'))('processes starting together on one empty PostgreSQL database', () => {
  const name = newDatabaseName('fresh_start_race');
  const handles: DbHandle[] = [];

  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    await dropDatabase(name);
  });

  it('migrate one at a time: each finds the work of those before it done, and none fails', async () => {
    const first = await openPostgresDatabase(name);
    handles.push(first);
    const url = new URL(TEST_ADMIN_URL ?? '');
    url.pathname = `/${name}`;
    for (let i = 0; i < 2; i += 1) handles.push(await openDb({ databaseUrl: url.toString(), poolSize: 2 }));
    const spans: { start: number; end: number }[] = [];
    await Promise.all(
      handles.map((handle) =>
        handle.exclusively(async () => {
          const start = performance.now();
          await handle.migrate();
          spans.push({ start, end: performance.now() });
        }),
      ),
    );
    spans.sort((a, b) => a.start - b.start);
    for (let i = 1; i < spans.length; i += 1) {
      expect(spans[i]?.start).toBeGreaterThanOrEqual(spans[i - 1]?.end ?? Number.POSITIVE_INFINITY);
    }
    const [row] = await queryRows(
      first.db,
      z.object({ count: z.coerce.number() }),
      sql`select count(*) as count from categories`,
    );
    expect(row?.count).toBe(0);
  });
});
