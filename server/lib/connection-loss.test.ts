import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { TEST_ADMIN_URL } from '../../tests/setup/postgres';
import { openDb } from '../db/client';
import { AppError } from '../errors';
import { isConnectionLoss } from './connection-loss';

/** Nothing listens on port 1: every connection is refused at once. */
const DEAD_POSTGRES = 'postgres://postgres@127.0.0.1:1/fresh';
const DEAD_REDIS = 'redis://127.0.0.1:1';

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

function databaseError(code: string, message: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  return error;
}

describe('isConnectionLoss', () => {
  it('recognises a refused PostgreSQL connection through Drizzle', async () => {
    const handle = await openDb({ databaseUrl: DEAD_POSTGRES });
    try {
      const error = await rejection(handle.db.execute(sql`select 1`));
      expect(isConnectionLoss(error)).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it('recognises Redis giving up on a command while it cannot connect', async () => {
    const client = new Redis(DEAD_REDIS, { maxRetriesPerRequest: 1, retryStrategy: () => 10 });
    client.on('error', () => {});
    try {
      const error = await rejection(client.get('key'));
      expect(isConnectionLoss(error)).toBe(true);
    } finally {
      client.disconnect();
    }
  });

  it.each([
    ['the administrator ended the backend', '57P01', 'terminating connection due to administrator command'],
    ['the server is shutting down', '57P02', 'terminating connection due to crash of another server process'],
    ['the server is starting', '57P03', 'the database system is starting up'],
    ['too many connections', '53300', 'sorry, too many clients already'],
    ['a connection failure', '08006', 'connection failure'],
  ])('recognises PostgreSQL saying %s', (_what, code, message) => {
    expect(isConnectionLoss(databaseError(code, message))).toBe(true);
    expect(
      isConnectionLoss(new Error('Failed query: select 1', { cause: databaseError(code, message) })),
    ).toBe(true);
  });

  it.each([
    ['Connection terminated unexpectedly'],
    ['Client has encountered a connection error and is not queryable'],
    ['timeout exceeded when trying to connect'],
    ['Connection is closed.'],
    ['LOADING Redis is loading the dataset in memory'],
  ])('recognises the driver message "%s"', (message) => {
    expect(isConnectionLoss(new Error(message))).toBe(true);
  });

  it('leaves everything else to the error handler', () => {
    expect(isConnectionLoss(databaseError('23505', 'duplicate key value violates unique constraint'))).toBe(
      false,
    );
    expect(isConnectionLoss(databaseError('22P02', 'invalid input syntax for type uuid'))).toBe(false);
    expect(isConnectionLoss(new AppError('not_found'))).toBe(false);
    expect(isConnectionLoss(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isConnectionLoss(null)).toBe(false);
    expect(isConnectionLoss('ECONNREFUSED')).toBe(false);
  });

  it('tells 55000 refusing the connection (FATAL, CheckMyDatabase) from 55000 of a query', () => {
    const refusal = Object.assign(
      databaseError('55000', 'database "fresh" is not currently accepting connections'),
      {
        severity: 'FATAL',
        routine: 'CheckMyDatabase',
      },
    );
    expect(isConnectionLoss(refusal)).toBe(true);
    // A server whose lc_messages is Russian translates the severity, not the routine.
    expect(isConnectionLoss(Object.assign(refusal, { severity: 'ВАЖНО' }))).toBe(true);
    const query = Object.assign(databaseError('55000', 'currval of sequence "s" is not yet defined'), {
      severity: 'ERROR',
      routine: 'currval_oid',
    });
    expect(isConnectionLoss(query)).toBe(false);
  });

  it('stops on a cause chain that loops', () => {
    const error = new Error('outer') as Error & { cause?: unknown };
    error.cause = error;
    expect(isConnectionLoss(error)).toBe(false);
  });
});

/**
 * PostgreSQL itself refusing connections, as it does to a database closed for connections and to a role out of
 * connection slots (issue 21, item 8: 55000 was answered 500). 57P03 (starting up) cannot be caused on a
 * shared server; server/http/refused-database.test.ts sends its wire answer.
 */
describe.runIf(Boolean(TEST_ADMIN_URL))(
  'isConnectionLoss on a PostgreSQL server that refuses connections',
  () => {
    async function withAdmin<T>(run: (admin: pg.Client) => Promise<T>): Promise<T> {
      const admin = new pg.Client({ connectionString: TEST_ADMIN_URL });
      await admin.connect();
      try {
        return await run(admin);
      } finally {
        await admin.end();
      }
    }

    async function refusal(databaseUrl: string): Promise<unknown> {
      const handle = await openDb({ databaseUrl });
      try {
        return await rejection(handle.db.execute(sql`select 1`));
      } finally {
        await handle.close();
      }
    }

    it('recognises a database that does not accept connections (55000)', async () => {
      const name = `fresh_refusing_${process.pid}_${Date.now()}`;
      await withAdmin((admin) => admin.query(`create database ${name} allow_connections false`));
      try {
        const url = new URL(TEST_ADMIN_URL ?? '');
        url.pathname = `/${name}`;
        const error = await refusal(url.toString());
        expect((error as { cause?: { code?: string } }).cause?.code).toBe('55000');
        expect(isConnectionLoss(error)).toBe(true);
      } finally {
        await withAdmin((admin) => admin.query(`drop database ${name}`));
      }
    });

    it('recognises a role out of connection slots (53300)', async () => {
      const role = `fresh_limited_${process.pid}_${Date.now()}`;
      await withAdmin((admin) => admin.query(`create role ${role} login connection limit 0`));
      try {
        const url = new URL(TEST_ADMIN_URL ?? '');
        url.username = role;
        url.password = '';
        const error = await refusal(url.toString());
        expect((error as { cause?: { code?: string } }).cause?.code).toBe('53300');
        expect(isConnectionLoss(error)).toBe(true);
      } finally {
        await withAdmin((admin) => admin.query(`drop role ${role}`));
      }
    });

    it('leaves a query’s own 55000 to the error handler', async () => {
      const handle = await openDb({ databaseUrl: TEST_ADMIN_URL ?? '' });
      try {
        const name = `fresh_never_used_${process.pid}_${Date.now()}`;
        const error = await rejection(
          handle.db.transaction(async (tx) => {
            await tx.execute(sql.raw(`create temporary sequence ${name}`));
            await tx.execute(sql.raw(`select currval('${name}')`));
          }),
        );
        expect((error as { cause?: { code?: string } }).cause?.code).toBe('55000');
        expect(isConnectionLoss(error)).toBe(false);
      } finally {
        await handle.close();
      }
    });
  },
);
