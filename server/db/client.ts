import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type the services see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/**
 * A database handle or an open transaction. A repository function takes one, so a use case can run it on its
 * own or inside a transaction that another module's service function joins (docs/decisions/025).
 */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export type DbHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process of the deployment runs its own: the start's migrations and demo seed.
   * PostgreSQL: a session advisory lock held on a connection of its own (processes started together would
   * otherwise all apply the first migration, and all but one fail on CREATE TABLE). PGlite: one process only.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /** PostgreSQL only: the pool's connections now (GET /metrics, docs/decisions/048). */
  poolUsage?: () => PoolUsage;
  /** PGlite only: the whole data directory as a tarball, to open copies of this database quickly. */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
};

/** Connections of a pool: open, idle among them, and queries waiting for one. */
export type PoolUsage = { total: number; idle: number; waiting: number };

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * The planner's price of a random page read. PostgreSQL's default (4) assumes spinning disks and makes it
 * scan all products rather than use the search index for a common word; 1.1 fits SSDs and data held in
 * memory, which is where a storefront's catalogue lives.
 */
const RANDOM_PAGE_COST = 1.1;

/**
 * PGlite's buffer pool. Its default (128 MB, PostgreSQL's) is zeroed by the WebAssembly build at every start,
 * which was 0.4–0.6 s of each boot and of each test database opened (ADR 047); the demo database is 26 MB, a
 * test template less, and a read past the pool is a copy from the OS's page cache (a directory) or from memory
 * (an in-memory database). A deployment with a large catalogue runs PostgreSQL, not PGlite.
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/** See `OpenDbOptions.connectTimeoutMs`: far above any wait for a slot under load (ADR 022). */
const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/** The advisory lock key of `exclusively`: any fixed bigint no other code of ours takes ('fresh' in ASCII). */
const STARTUP_LOCK_KEY = 0x6672657368;

export type OpenDbOptions = {
  /** node-postgres connection string; without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** Directory for PGlite's files; omitted means an in-memory database (tests). */
  pgliteDir?: string;
  /** A PGlite data directory dumped by `dumpPglite` to start from instead of an empty one (test templates). */
  pgliteDump?: Blob;
  /** PGlite's `shared_buffers` (default `PGLITE_SHARED_BUFFERS`); the benches at 100k products raise it. */
  pgliteSharedBuffers?: string;
  poolSize?: number;
  /**
   * How long a query waits for a connection — a new one to be made, or a pool slot to come free — before it
   * fails as a lost connection (503). A server that stops answering must not hold requests forever.
   */
  connectTimeoutMs?: number;
  /**
   * Told about a connection the server dropped (restart, failover, pg_terminate_backend). The pool replaces
   * it on the next query; the requests that were using it fail and answer 503 (server/http/unavailable.ts).
   */
  onConnectionError?: (error: Error) => void;
};

/** Each driver is imported only when it is used: a process needs one of them, and importing costs boot time. */
export async function openDb(options: OpenDbOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      options: `-c random_page_cost=${RANDOM_PAGE_COST}`,
    });
    // A connection the server drops emits 'error': an idle one on the pool, which discards it; one checked out
    // (inside a transaction, between two queries) on the client itself, where pg-pool listens no more. Either
    // unhandled would end the process. A broken client goes back to the pool not queryable and is discarded.
    const onConnectionError = options.onConnectionError ?? (() => {});
    pool.on('error', onConnectionError);
    pool.on('connect', (client) => client.on('error', onConnectionError));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR }),
      async exclusively(work) {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          try {
            return await work();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
          }
        } finally {
          // A session lock dies with its connection: a process killed while it holds one frees it.
          client.release();
        }
      },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      poolUsage: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all(
    [
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ],
  );
  if (options.pgliteDir) await mkdir(options.pgliteDir, { recursive: true });
  // Extensions the migrations create must be loaded into the WebAssembly build first.
  const extensions = { pg_trgm };
  const startParams = [
    ...PGlite.defaultStartParams,
    '-c',
    `shared_buffers=${options.pgliteSharedBuffers ?? PGLITE_SHARED_BUFFERS}`,
  ];
  const pgliteOptions = { extensions, loadDataDir: options.pgliteDump, startParams };
  const client = options.pgliteDir ? new PGlite(options.pgliteDir, pgliteOptions) : new PGlite(pgliteOptions);
  await client.waitReady;
  await client.exec(`set random_page_cost = ${RANDOM_PAGE_COST}`);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    exclusively: (work) => work(),
    ping: async () => {
      await client.query('select 1');
    },
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

/**
 * Runs raw SQL — only where SQL is the point (a conditional update, full-text search) — and returns its rows
 * as `Row` checks them: the SQL text is not typed, so its answer is parsed instead of cast. Both drivers
 * answer `{ rows }` (node-postgres' QueryResult, PGlite's Results) and both give timestamps as text and
 * numeric types as text or numbers, so a schema coerces what it needs.
 */
export async function queryRows<Row extends z.ZodType>(
  db: Executor,
  Row: Row,
  query: SQL,
): Promise<z.output<Row>[]> {
  return rowsOf(Row, await db.execute(query));
}

/**
 * Each row schema's list schema, made once: Zod compiles an object schema's checks into a function on its first
 * parse, so a schema made per call compiles on every call (about 0.1 ms a statement in the checkout's profile;
 * issue 26). The row schemas themselves are module constants for the same reason.
 */
const listSchemas = new WeakMap<z.ZodType, z.ZodType>();

export function rowsOf<Row extends z.ZodType>(Row: Row, result: unknown): z.output<Row>[] {
  let List = listSchemas.get(Row);
  if (!List) {
    List = z.array(Row);
    listSchemas.set(Row, List);
  }
  const rows = (result as { rows?: unknown } | null)?.rows;
  return (List as z.ZodArray<Row>).parse(rows);
}
