/**
 * A migrated database per test suite: an in-memory PGlite always, and a throw-away database on the
 * PostgreSQL server named by TEST_DATABASE_URL when it is set. Suites run once per kind with
 * `describe.each(TEST_DATABASE_KINDS)`. Under `npm run test:unit` each is a copy of a template built once per
 * run (tests/setup/templates.ts); elsewhere (another Vitest config) it is created and migrated here.
 */
import { openAsBlob } from 'node:fs';
import { inject } from 'vitest';
import { type DbHandle, openDb } from '../../server/db/client';
import { dropDatabase, newDatabaseName, openPostgresDatabase, TEST_ADMIN_URL } from './postgres';
import type { TestTemplates } from './templates';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** The Redis server of integration tests: TEST_REDIS_URL, else REDIS_URL (CI sets it), else none. */
export const TEST_REDIS_URL =
  process.env.TEST_REDIS_URL?.trim() || process.env.REDIS_URL?.trim() || undefined;

export const TEST_DATABASE_KINDS: TestDatabaseKind[] = TEST_ADMIN_URL ? ['pglite', 'postgres'] : ['pglite'];

export type TestDatabase = DbHandle & {
  /** Whether the demo data is already in it (a copy of the seeded template). */
  isSeeded: boolean;
  /** The throw-away database's name on the PostgreSQL server (PGlite: none). */
  name?: string;
  /** Closes the handle and, for PostgreSQL, drops the throw-away database. */
  destroy(): Promise<void>;
};

/** The templates of this run (tests/setup/templates.ts), or undefined when no global setup built them. */
export function testTemplates(): TestTemplates | undefined {
  try {
    return inject('testTemplates');
  } catch {
    return undefined;
  }
}

export async function openTestDatabase(
  kind: TestDatabaseKind,
  {
    seeded = false,
    onConnectionError,
  }: {
    seeded?: boolean;
    /** PostgreSQL: told when the server drops a pooled connection (server/db/client.ts). */
    onConnectionError?: (error: Error) => void;
  } = {},
): Promise<TestDatabase> {
  const templates = testTemplates();
  if (kind === 'pglite') {
    const tarball = templates?.pglite[seeded ? 'seeded' : 'migrated'];
    const handle = await openDb(tarball ? { pgliteDump: await openAsBlob(tarball) } : {});
    if (!tarball) await handle.migrate();
    return { ...handle, isSeeded: Boolean(tarball) && seeded, destroy: () => handle.close() };
  }
  const name = newDatabaseName('fresh_test');
  const template = templates?.postgres?.[seeded ? 'seeded' : 'migrated'];
  const handle = await openPostgresDatabase(name, template, { onConnectionError });
  if (!template) await handle.migrate();
  return {
    ...handle,
    isSeeded: Boolean(template) && seeded,
    name,
    destroy: async () => {
      await handle.close();
      await dropDatabase(name);
    },
  };
}
