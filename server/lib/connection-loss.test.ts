import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
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

  it('stops on a cause chain that loops', () => {
    const error = new Error('outer') as Error & { cause?: unknown };
    error.cause = error;
    expect(isConnectionLoss(error)).toBe(false);
  });
});
