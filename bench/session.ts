/**
 * `npm run bench:session` (issue 26): GET /api/user/me — the session lookup every signed-in call makes — on
 * PostgreSQL (needs `npm run build`), beside a bare Fastify + pg server running the same indexed lookup and
 * writing the same JSON (bench/bare-session-server.mjs), in the same run, on the same database and customers.
 *
 * The built server runs against BENCH_DATABASE_URL (default: the local `fresh_bench_session` database, created,
 * migrated and seeded on first use). BENCH_CONNECTIONS (default 50) customers sign in through the real login
 * flow; each connection is one of them. Rounds alternate the two servers (BENCH_ROUNDS, default 3) so a
 * change in the machine's load falls on both. Printed: req/s, p50, p99 and CPU milliseconds per request of
 * each server's process, and Фреш's share of the bare server (req/s) and the bare server's share of Фреш's CPU.
 * A third server, the same build with LOG_LEVEL=info (production's default: one line per request, pino's
 * asynchronous writes) logging to a file, gives the logger's cost against the first (LOG_LEVEL=warn).
 */
import { getAsCustomers, type SignedIn, signInCustomer, startBuiltServer } from './customers';
import { formatTable, median, pinSelf, processTreeCpuMs, ROOT, spawnNode, stopChild } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_SECONDS = 2;
const APP_PORT = 3914;
const BARE_PORT = 3915;
const LOGGING_PORT = 3916;
const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fresh_bench_session';
/** Goal of issue 26: Фреш answers at least this share of the bare server's rate. */
const GOAL_SHARE = 0.7;

type Measured = { rps: number; p50: number; p99: number; errors: number; cpuMsPerRequest: number };

async function measure(url: string, pid: number, customers: readonly SignedIn[], seconds: number) {
  const cpuBefore = processTreeCpuMs(pid) ?? 0;
  const result = await getAsCustomers(url, customers, { seconds, connections: CONNECTIONS });
  const cpuMs = (processTreeCpuMs(pid) ?? 0) - cpuBefore;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuMsPerRequest: cpuMs / Math.max(1, result.requests.total),
  };
}

console.log(
  `Фреш session benchmark: GET /api/user/me, ${SECONDS} s × ${ROUNDS} rounds per server, ${CONNECTIONS} ` +
    `connections, PostgreSQL ${new URL(DATABASE_URL).pathname.slice(1)}; ${pinSelf()}`,
);
const server = await startBuiltServer(APP_PORT, DATABASE_URL, 'session');
const logging = await startBuiltServer(
  LOGGING_PORT,
  DATABASE_URL,
  'session-log',
  { LOG_LEVEL: 'info' },
  { logFile: true },
);
const bare = spawnNode(
  [`${ROOT}/bench/bare-session-server.mjs`, String(BARE_PORT), DATABASE_URL],
  {},
  { ipc: true },
);
try {
  await new Promise((resolve, reject) => {
    bare.once('message', resolve);
    bare.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  const customers: SignedIn[] = [];
  for (let index = 0; index < CONNECTIONS; index += 1) {
    customers.push(await signInCustomer(server.origin, server.outbox, index));
  }
  // The two must answer the same body, or the comparison says nothing.
  const cookie = customers[0]?.cookie ?? '';
  const [ours, theirs, loggedAnswer] = await Promise.all(
    [server.origin, `http://127.0.0.1:${BARE_PORT}`, logging.origin].map(async (origin) =>
      (await fetch(`${origin}/api/user/me`, { headers: { cookie } })).text(),
    ),
  );
  if (ours !== theirs) throw new Error(`the answers differ:\n  Фреш ${ours}\n  bare ${theirs}`);
  if (ours !== loggedAnswer)
    throw new Error(`the answers differ:\n  Фреш ${ours}\n  logging ${loggedAnswer}`);

  const runs = [
    { label: 'Фреш', url: `${server.origin}/api/user/me`, pid: server.pid, results: [] as Measured[] },
    {
      label: 'bare Fastify + pg',
      url: `http://127.0.0.1:${BARE_PORT}/api/user/me`,
      pid: bare.pid ?? 0,
      results: [] as Measured[],
    },
    {
      label: 'Фреш, info log to a file',
      url: `${logging.origin}/api/user/me`,
      pid: logging.pid,
      results: [] as Measured[],
    },
  ];
  for (const run of runs) await measure(run.url, run.pid, customers, WARMUP_SECONDS);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const run of runs) run.results.push(await measure(run.url, run.pid, customers, SECONDS));
  }
  const summary = runs.map((run) => ({
    label: run.label,
    rps: median(run.results.map((r) => r.rps)),
    p50: median(run.results.map((r) => r.p50)),
    p99: median(run.results.map((r) => r.p99)),
    cpu: median(run.results.map((r) => r.cpuMsPerRequest)),
    errors: run.results.reduce((sum, r) => sum + r.errors, 0),
  }));
  const [fresh, baseline, logged] = summary as [
    (typeof summary)[0],
    (typeof summary)[0],
    (typeof summary)[0],
  ];
  const rows = [['server', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/request', 'errors']];
  for (const s of summary) {
    rows.push([
      s.label,
      s.rps.toFixed(0),
      s.p50.toFixed(1),
      s.p99.toFixed(1),
      s.cpu.toFixed(3),
      String(s.errors),
    ]);
  }
  const share = fresh.rps / baseline.rps;
  console.log(
    `\n${formatTable(rows)}\n\nmedians of ${ROUNDS} rounds. Фреш: ${(share * 100).toFixed(0)} % of the bare ` +
      `server's req/s (goal ≥ ${GOAL_SHARE * 100} %: ${share >= GOAL_SHARE ? 'met' : 'NOT met'}); the bare server ` +
      `needs ${((baseline.cpu / fresh.cpu) * 100).toFixed(0)} % of Фреш's CPU per request. A log line per ` +
      `request (info) costs ${(logged.cpu - fresh.cpu).toFixed(3)} ms of CPU per request ` +
      `(${(((logged.cpu - fresh.cpu) / fresh.cpu) * 100).toFixed(0)} %) and leaves ` +
      `${((logged.rps / fresh.rps) * 100).toFixed(0)} % of the req/s.`,
  );
} finally {
  await stopChild(bare);
  await server.stop();
  await logging.stop();
}
