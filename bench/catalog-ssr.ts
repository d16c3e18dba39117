/**
 * `npm run bench:ssr`: server rendering of /catalog (48 products) next to a bare node:http server rendering
 * the same grid with a template string, measured in the same run, with the guest page cache
 * (PAGE_CACHE_TTL_MS, ADR 010) on and off. Target (issue 3): at least 35% of the baseline's req/s. Needs a
 * build; BENCH_DATABASE_URL runs the servers against PostgreSQL instead of PGlite.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  formatTable,
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
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const APP_PORT = 3903;
const BASE_PORT = 3904;
const UNCACHED_PORT = 3905;
const TARGET_RATIO = 0.35;

requireBuild();
console.log(`Catalogue SSR benchmark: ${SECONDS} s, ${CONNECTIONS} connections; ${pinSelf()}`);
const dataDir = await mkdtemp(path.join(tmpdir(), 'fresh-ssr-'));
const startApp = (port: number, dir: string, pageCacheMs: string) =>
  spawnNode([SERVER_ENTRY], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dataDir, dir),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    PAGE_CACHE_TTL_MS: pageCacheMs,
  });
const app = startApp(APP_PORT, 'cached', '2000');
try {
  await waitFor200(`http://127.0.0.1:${APP_PORT}/catalog`, performance.now());
  const uncached = startApp(UNCACHED_PORT, 'uncached', '0');
  await waitFor200(`http://127.0.0.1:${UNCACHED_PORT}/catalog`, performance.now());
  const page = (await (await fetch(`http://127.0.0.1:${APP_PORT}/api/catalog/products`)).json()) as {
    products: unknown[];
  };
  const productsFile = path.join(dataDir, 'products.json');
  await writeFile(productsFile, JSON.stringify(page.products));
  const baseline = spawnNode(
    [path.join(ROOT, 'bench/template-server.mjs'), String(BASE_PORT), productsFile],
    {},
    {
      ipc: true,
    },
  );
  await new Promise<void>((resolve) => baseline.once('message', () => resolve()));
  try {
    const rows = [['server', 'req/s', 'p50 ms', 'p99 ms', 'errors']];
    const results = [];
    for (const [name, port] of [
      ['Фреш /catalog, guest page cache', APP_PORT],
      ['Фреш /catalog, no cache', UNCACHED_PORT],
      ['node:http + template string', BASE_PORT],
    ] as const) {
      const url = `http://127.0.0.1:${port}/catalog`;
      await load(url, 2, CONNECTIONS);
      const result = await load(url, SECONDS, CONNECTIONS);
      results.push(result);
      rows.push([
        name,
        result.rps.toFixed(0),
        result.p50.toFixed(1),
        result.p99.toFixed(1),
        String(result.errors + result.non2xx),
      ]);
    }
    const baselineRps = results[2]?.rps ?? 1;
    const verdict = (rps: number) =>
      `${((rps / baselineRps) * 100).toFixed(1)}% of the baseline (${rps / baselineRps >= TARGET_RATIO ? 'meets' : 'BELOW'} the ${TARGET_RATIO * 100}% target)`;
    console.log(
      `\n${formatTable(rows)}\n\nwith the page cache: ${verdict(results[0]?.rps ?? 0)}\n` +
        `without it:          ${verdict(results[1]?.rps ?? 0)}`,
    );
  } finally {
    await stopChild(baseline);
    await stopChild(uncached);
  }
} finally {
  await stopChild(app);
  await rm(dataDir, { recursive: true, force: true });
}
