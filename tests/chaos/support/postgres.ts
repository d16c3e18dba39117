/**
 * A throw-away PostgreSQL database for a chaos check, on the server TEST_DATABASE_URL names (as the API tests
 * use it), and the admin's hand that terminates its backends.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const CHAOS_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

/** What a suite that needs PostgreSQL says when it has none. */
export const NEEDS_POSTGRES =
  'The faults suite needs PostgreSQL: set TEST_DATABASE_URL to a server where it may create and drop a ' +
  'database, e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run test:chaos ' +
  '(.ci/run sets it).';

export type ChaosDatabase = {
  name: string;
  /** Connection string of the new database. */
  url: string;
  /** Runs a query on a short-lived connection of its own. */
  query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<Row[]>;
  /** `pg_terminate_backend` on every connection to the database; answers how many were ended. */
  terminateBackends(): Promise<number>;
  /** ALLOW_CONNECTIONS: false makes PostgreSQL refuse every new connection to it (55000), true lets them in. */
  allowConnections(isAllowed: boolean): Promise<void>;
  drop(): Promise<void>;
};

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  // A connection ended by the server would otherwise be an unhandled 'error' in this test process.
  client.on('error', () => {});
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => {});
  }
}

export async function createChaosDatabase(): Promise<ChaosDatabase> {
  if (!CHAOS_DATABASE_URL) throw new Error(NEEDS_POSTGRES);
  const adminUrl = CHAOS_DATABASE_URL;
  const name = `fresh_chaos_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    query: (text, values) =>
      withClient(url.toString(), async (client) => (await client.query(text, values)).rows),
    terminateBackends: () =>
      withClient(adminUrl, async (client) => {
        const { rows } = await client.query<{ ended: boolean }>(
          'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        return rows.filter((row) => row.ended).length;
      }),
    allowConnections: (isAllowed) =>
      withClient(adminUrl, (client) =>
        client.query(`alter database ${name} allow_connections ${isAllowed ? 'true' : 'false'}`),
      ).then(() => {}),
    drop: () =>
      withClient(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(
        () => {},
      ),
  };
}
