/**
 * A fresh, migrated database per test suite: an in-memory PGlite always, and a throw-away database on the
 * PostgreSQL server named by TEST_DATABASE_URL when it is set. Suites run once per kind with
 * `describe.each(TEST_DATABASE_KINDS)`.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DbHandle, openDb } from '../../server/db/client';

export type TestDatabaseKind = 'pglite' | 'postgres';

const adminUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

/** The Redis server of integration tests: TEST_REDIS_URL, else REDIS_URL (CI sets it), else none. */
export const TEST_REDIS_URL =
  process.env.TEST_REDIS_URL?.trim() || process.env.REDIS_URL?.trim() || undefined;

export const TEST_DATABASE_KINDS: TestDatabaseKind[] = adminUrl ? ['pglite', 'postgres'] : ['pglite'];

export type TestDatabase = DbHandle & {
  /** Closes the handle and, for PostgreSQL, drops the throw-away database. */
  destroy(): Promise<void>;
};

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function openTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await openDb({});
    await handle.migrate();
    return { ...handle, destroy: () => handle.close() };
  }
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set: PostgreSQL tests cannot run');
  const name = `fresh_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDb({ databaseUrl: url.toString(), poolSize: 20 });
  await handle.migrate();
  return {
    ...handle,
    destroy: async () => {
      await handle.close();
      await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}
