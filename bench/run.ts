/**
 * `npm run bench`: the storefront's HTTP benchmarks (needs `npm run build`).
 *
 * 1. Boot time to the first 200 OK of the home page, on an empty data dir (migrate + seed) and on the
 *    existing one.
 * 2. req/s and latency of the home page (SSR) and GET /api/settings, each next to a bare node:http server
 *    answering the same bytes, measured in the same run; the ratio is what to watch, not the absolute numbers.
 *
 * Environment: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50), BENCH_DATABASE_URL to run the
 * server against PostgreSQL instead of the embedded PGlite (boot times then measure that database).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  formatTable,
  type LoadResult,
  load,
  pinSelf,
  ROOT,
  requireBuild,
  SERVER_ENTRY,
  spawnNode,
  stopChild,
  waitFor200,
} from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP_SECONDS = 2;
const APP_PORT = 3900;
const BARE_PORT = 3901;
const TARGETS = ['/', '/api/settings'];
const BOOT_TARGET_MS = { empty: 15_000, existing: 1_500 };

requireBuild();
console.log(`Фреш HTTP benchmark: ${SECONDS} s per target, ${CONNECTIONS} connections; ${pinSelf()}`);

const dataDir = await mkdtemp(path.join(tmpdir(), 'fresh-bench-'));
const serverEnv = {
  PORT: String(APP_PORT),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
};

/** Starts the server; boots are timed with every core available, as a deployment would have them. */
async function boot(pin: boolean): Promise<{ stop(): Promise<void>; ms: number }> {
  const startedAt = performance.now();
  const child = spawnNode([SERVER_ENTRY], serverEnv, { pin });
  const ms = await waitFor200(`http://127.0.0.1:${APP_PORT}/`, startedAt);
  return { ms, stop: () => stopChild(child) };
}

try {
  // Boot times: the first start migrates and seeds; the second opens what the first left.
  const empty = await boot(false);
  await empty.stop();
  const existing = await boot(false);
  await existing.stop();
  const server = await boot(true);
  const verdict = (ms: number, target: number) => (ms <= target ? 'within' : 'OVER');
  console.log(
    `\nboot to first 200 OK: empty data dir ${Math.round(empty.ms)} ms (${verdict(empty.ms, BOOT_TARGET_MS.empty)} ` +
      `the ${BOOT_TARGET_MS.empty} ms target), existing ${Math.round(existing.ms)} ms ` +
      `(${verdict(existing.ms, BOOT_TARGET_MS.existing)} the ${BOOT_TARGET_MS.existing} ms target)`,
  );

  // The baseline answers exactly the bytes the storefront answered (uncompressed, as autocannon asks).
  const responses: Record<string, { contentType: string; body: string }> = {};
  for (const target of TARGETS) {
    const response = await fetch(`http://127.0.0.1:${APP_PORT}${target}`, {
      headers: { 'accept-encoding': 'identity' },
    });
    const body = Buffer.from(await response.arrayBuffer());
    responses[target] = {
      contentType: response.headers.get('content-type') ?? 'text/plain',
      body: body.toString('base64'),
    };
  }
  const responsesFile = path.join(dataDir, 'bare-responses.json');
  await writeFile(responsesFile, JSON.stringify(responses));
  const bare = spawnNode(
    [path.join(ROOT, 'bench/bare-server.mjs'), String(BARE_PORT), responsesFile],
    {},
    { ipc: true },
  );
  await new Promise<void>((resolve) => bare.once('message', () => resolve()));

  const rows = [['target', 'server', 'bytes', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'ratio']];
  try {
    for (const target of TARGETS) {
      const bytes = Buffer.from(responses[target]?.body ?? '', 'base64').length;
      const measured: Record<'fresh' | 'bare', LoadResult> = {} as Record<'fresh' | 'bare', LoadResult>;
      for (const [name, port] of [
        ['fresh', APP_PORT],
        ['bare', BARE_PORT],
      ] as const) {
        const url = `http://127.0.0.1:${port}${target}`;
        await load(url, WARMUP_SECONDS, CONNECTIONS);
        measured[name] = await load(url, SECONDS, CONNECTIONS);
      }
      for (const name of ['fresh', 'bare'] as const) {
        const result = measured[name];
        rows.push([
          target,
          name === 'fresh' ? 'Фреш' : 'node:http',
          String(bytes),
          result.rps.toFixed(0),
          result.p50.toFixed(1),
          result.p99.toFixed(1),
          String(result.errors + result.non2xx),
          name === 'fresh' ? `${(result.rps / measured.bare.rps).toFixed(3)}x` : '1x',
        ]);
      }
    }
  } finally {
    await stopChild(bare);
    await server.stop();
  }
  console.log(
    `\n${formatTable(rows)}\n\nratio = Фреш req/s ÷ bare node:http req/s for the same bytes (higher is better).`,
  );
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
