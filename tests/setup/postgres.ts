/** Throw-away databases on the PostgreSQL server of TEST_DATABASE_URL (no Vitest imports: the global setup uses it). */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DbHandle, type OpenDbOptions, openDb } from '../../server/db/client';

export const TEST_ADMIN_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export function newDatabaseName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

/** Creates database `name` on the TEST_DATABASE_URL server (a copy of `template` if given) and opens it. */
export async function openPostgresDatabase(
  name: string,
  template?: string,
  options: Pick<OpenDbOptions, 'onConnectionError'> = {},
): Promise<DbHandle> {
  if (!TEST_ADMIN_URL) throw new Error('TEST_DATABASE_URL is not set: PostgreSQL tests cannot run');
  await withAdmin((client) =>
    client.query(template ? `create database ${name} template ${template}` : `create database ${name}`),
  );
  const url = new URL(TEST_ADMIN_URL);
  url.pathname = `/${name}`;
  return openDb({ databaseUrl: url.toString(), poolSize: 20, ...options });
}

/** Ends every connection to database `name`, as a PostgreSQL restart or failover does; answers how many. */
export async function terminateBackends(name: string): Promise<number> {
  return withAdmin(async (client) => {
    const { rows } = await client.query<{ ended: boolean }>(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    return rows.filter((row) => row.ended).length;
  });
}

export async function dropDatabase(name: string): Promise<void> {
  await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
}
