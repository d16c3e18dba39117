/**
 * What the benchmarks of signed-in calls share: the built server on a PostgreSQL database (created on first
 * use; the server migrates and seeds it), and customers signed in through the real login flow (the `file` SMS
 * provider; codes read from its outbox), each from its own client address.
 */
import { randomInt } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ROOT, spawnNode, stopChild, waitFor200 } from './lib';

export const BUILT_SERVER_ENTRY = path.join(ROOT, process.env.BUILD_DIR || 'build', 'app/main.js');

export type SignedIn = { cookie: string };

/** Creates the database of `databaseUrl` when it does not exist yet. */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      console.log(`  creating database ${name} (the server migrates and seeds it)…`);
      await client.query(`create database "${name.replaceAll('"', '""')}"`);
    }
  } finally {
    await client.end();
  }
}

async function codeFor(outbox: string, phone: string): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const lines = (await readFile(outbox, 'utf8').catch(() => '')).split('\n').filter(Boolean);
    const message = lines
      .map((line) => JSON.parse(line) as { phone: string; code: string })
      .findLast((entry) => entry.phone === phone);
    if (message) return message.code;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no SMS to ${phone}`);
}

/** The real login: a code request, the code from the outbox, the login; a fresh phone and address each. */
export async function signInCustomer(origin: string, outbox: string, index: number): Promise<SignedIn> {
  const national = `9${String(randomInt(0, 1e9)).padStart(9, '0')}`;
  const headers = {
    'content-type': 'application/json',
    'x-forwarded-for': `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`,
  };
  const sent = await fetch(`${origin}/api/user/code`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Покупатель', phone: `8${national}` }),
  });
  if (!sent.ok) throw new Error(`code request failed: ${sent.status} ${await sent.text()}`);
  const code = await codeFor(outbox, `+7${national}`);
  const login = await fetch(`${origin}/api/user/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ phone: `8${national}`, code }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  return { cookie: `fresh_session=${token}` };
}

export type BuiltServer = {
  origin: string;
  outbox: string;
  /** The server process's id (its memory can be read from /proc/<pid>/status). */
  pid: number;
  stop(): Promise<void>;
};

/**
 * Starts the production build on `port` against `databaseUrl` and waits for it to answer; a server that dies
 * on start (a migration the bench database cannot take) ends the run at once.
 */
export async function startBuiltServer(
  port: number,
  databaseUrl: string,
  label: string,
  env: NodeJS.ProcessEnv = {},
  {
    logFile,
    cpuProfileDir,
  }: {
    logFile?: boolean;
    /**
     * A directory the server writes a V8 CPU profile to when it stops (`--cpu-prof` on its command line: Node 20
     * refuses it in NODE_OPTIONS).
     */
    cpuProfileDir?: string | undefined;
  } = {},
): Promise<BuiltServer> {
  await readFile(BUILT_SERVER_ENTRY).catch(() => {
    console.error(`No production build at ${BUILT_SERVER_ENTRY}: run "npm run build" first.`);
    process.exit(1);
  });
  await ensureDatabase(databaseUrl);
  const workDir = await mkdtemp(path.join(tmpdir(), `fresh-bench-${label}-`));
  const outbox = path.join(workDir, 'sms-outbox.jsonl');
  // The server's log lines to a file in its work directory, as a production log collector would take them.
  const log = logFile ? openSync(path.join(workDir, 'server.log'), 'a') : undefined;
  const server = spawnNode(
    [
      ...(cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProfileDir)}`] : []),
      BUILT_SERVER_ENTRY,
    ],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: workDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      SMS_PROVIDER: 'file',
      SMS_OUTBOX: outbox,
      // Customers sign in from their own addresses (X-Forwarded-For from loopback), as behind a proxy.
      TRUST_PROXY: 'loopback',
      PAGE_CACHE_TTL_MS: '0',
      ...env,
    },
    { stdout: log },
  );
  if (log !== undefined) closeSync(log); // the child has its own copy
  const stop = async () => {
    await stopChild(server);
    await rm(workDir, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    server.once('exit', (code) =>
      reject(
        new Error(
          `the server exited with ${code} before answering; if a migration failed, drop ${databaseUrl} and run again`,
        ),
      ),
    ),
  );
  exited.catch(() => undefined); // after a good start, the stop at the end is expected
  try {
    await Promise.race([waitFor200(`${origin}/healthz`, performance.now(), 300_000), exited]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, outbox, pid: server.pid ?? 0, stop };
}

/**
 * GETs `url` for `seconds` over `connections` connections, each one of `customers` (round robin) sending its
 * session cookie and `extraCookie`.
 */
export function getAsCustomers(
  url: string,
  customers: readonly SignedIn[],
  { seconds, connections, extraCookie = '' }: { seconds: number; connections: number; extraCookie?: string },
): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url,
    duration: seconds,
    connections,
    pipelining: 1,
    requests: [
      {
        method: 'GET',
        setupRequest: (request, context: { customer?: SignedIn }) => {
          context.customer ??= customers[next++ % customers.length];
          const cookie = [context.customer?.cookie, extraCookie].filter(Boolean).join('; ');
          return { ...request, headers: { ...request.headers, cookie } };
        },
      },
    ],
  });
}
