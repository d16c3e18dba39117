/**
 * A migrated database per test suite: an in-memory PGlite always, and a throw-away database on the
 * PostgreSQL server named by TEST_DATABASE_URL when it is set. Suites run once per kind with
 * `describe.each(TEST_DATABASE_KINDS)`. Under `npm run test:unit` the kinds are two Vitest projects that run
 * side by side (vitest.config.ts): `pglite` runs every file with TEST_DATABASE_KINDS = ['pglite'], `postgres`
 * runs the files that use the kinds again with ['postgres']; a block meant for one kind only says so with
 * `describe.runIf(runsOn(kind))`, one the same on every kind with `describe.runIf(runsOnce())`. Each database is a copy of a template built once per run and project
 * (tests/setup/templates.ts); elsewhere (another Vitest config) it is created and migrated here.
 */
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { type DbHandle, openDb } from '../../server/db/client';
import { dropDatabase, newDatabaseName, openPostgresDatabase, TEST_ADMIN_URL } from './postgres';
import type { TestTemplates } from './templates';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** The Redis server of integration tests: TEST_REDIS_URL, else REDIS_URL (CI sets it), else none. */
export const TEST_REDIS_URL =
  process.env.TEST_REDIS_URL?.trim() || process.env.REDIS_URL?.trim() || undefined;

const ALL_KINDS: TestDatabaseKind[] = TEST_ADMIN_URL ? ['pglite', 'postgres'] : ['pglite'];

/** The one kind a Vitest project runs on (vitest.config.ts sets it), or none: then every kind there is. */
function projectKind(): TestDatabaseKind | undefined {
  const kind = process.env.TEST_DATABASE_KIND?.trim();
  if (!kind) return undefined;
  if (kind !== 'pglite' && kind !== 'postgres')
    throw new Error(`TEST_DATABASE_KIND=${kind}: pglite or postgres`);
  if (kind === 'postgres' && !TEST_ADMIN_URL)
    throw new Error('TEST_DATABASE_KIND=postgres needs TEST_DATABASE_URL');
  return kind;
}

/** The database kinds this run covers: `describe.each(TEST_DATABASE_KINDS)` runs a suite once on each. */
export const TEST_DATABASE_KINDS: TestDatabaseKind[] = ((kind) => (kind ? [kind] : ALL_KINDS))(projectKind());

/**
 * Whether this run covers `kind`. A block that is not run per kind (its own app on PGlite, a check of
 * PostgreSQL's connections) runs where its kind is run: `describe.runIf(runsOn('pglite'))`, so the two
 * projects never run it twice. Without projects both kinds are covered.
 */
export function runsOn(kind: TestDatabaseKind): boolean {
  return TEST_DATABASE_KINDS.includes(kind);
}

/**
 * True in one project of a run (the PGlite one, which every run has): a block in a file run per kind that is
 * the same whatever the kind (Redis alone, a fake PostgreSQL server) runs once with `describe.runIf(runsOnce())`.
 */
export function runsOnce(): boolean {
  return runsOn('pglite');
}

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

/** The PGlite calls drizzle makes outside a transaction. */
type PgliteCalls = Record<'query' | 'exec' | 'transaction', (...args: unknown[]) => Promise<unknown>>;

/**
 * PGlite answers in microtasks, so a test's long run of queries (a seed, a race of fifty checkouts) never lets
 * the event loop turn: timers and the worker's messages wait until it ends. Under load that can pass the
 * 60 s a Vitest worker gives its reports to the main process, and the run fails with "Timeout calling
 * onTaskUpdate" although every test passed. Each call here lets the loop turn once first, as a query to a
 * real server does; a transaction's own queries stay together.
 */
function yieldBetweenQueries(handle: DbHandle): void {
  const client = (handle.db as unknown as { $client: PgliteCalls }).$client;
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const call = client[name];
    client[name] = async (...args) => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return call.apply(client, args);
    };
  }
}

/**
 * Each template tarball read once per worker: a Blob is immutable, and each copy reads it whole. Opened anew
 * from the file (`openAsBlob`) for every copy, reading it cost about 60 ms of CPU a copy in chunks that were
 * then joined.
 */
const templateBlobs = new Map<string, Promise<Blob>>();
function templateBlob(tarball: string): Promise<Blob> {
  let blob = templateBlobs.get(tarball);
  if (!blob) {
    blob = readFile(tarball).then((bytes) => new Blob([bytes]));
    templateBlobs.set(tarball, blob);
  }
  return blob;
}

/**
 * Each PGlite copy's buffer pool (some 100 copies a run). PGlite zeroes it at start (server/db/client.ts);
 * a test's database is about 11 MB and a read past the pool is a copy within memory. Shared buffers are a
 * cache: what a query answers does not depend on them (the planner reads effective_cache_size).
 */
const TEST_PGLITE_SHARED_BUFFERS = '16MB';

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
    const tarball = templates?.pglite?.[seeded ? 'seeded' : 'migrated'];
    const handle = await openDb({
      pgliteDump: tarball ? await templateBlob(tarball) : undefined,
      pgliteSharedBuffers: TEST_PGLITE_SHARED_BUFFERS,
    });
    yieldBetweenQueries(handle);
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
