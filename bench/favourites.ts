/**
 * `npm run bench:favourites`: GET /api/user/me/favorites?type=product under load on PostgreSQL (needs
 * `npm run build`), issues 14 and 26.
 *
 * The built server runs against BENCH_DATABASE_URL (default: the local `fresh_bench_favourites` database,
 * created, migrated and seeded on first use). Beside it, on the same database: a bare Fastify + pg server
 * running the statements the storefront runs for this request, in its text, and writing the same JSON
 * (bench/bare-favourites-server.mjs). BENCH_CONNECTIONS (default 50) customers sign in through the real login
 * flow and each favourites 200 products through the real toggle; for the first of them, both servers' answers
 * are compared (no area, and in the zone) before anything is measured. Then, with one connection per customer
 * for BENCH_SECONDS (default 10), in the same run, each server in turn:
 *
 *   1. the product list, no delivery area (the default city's assortment; every product has an offer there);
 *   2. the product list in the default city's first delivery zone (products the zone does not have get their
 *      similar in-area products: the heavier answer, two more statements);
 *   3. GET /api/user/me with the same customers and connections, on the storefront only: the baseline, the
 *      session lookup alone, which every signed-in call makes.
 *
 * Printed: req/s, p50, p99, the server process's CPU milliseconds per request, the storefront's p99 and CPU
 * against the baseline's (goal: p99 ≤ 3× the baseline's), and "Фреш ÷ bare": the storefront's req/s as a
 * share of the bare server's and its CPU per request as a multiple of the bare server's — what its own layers
 * (hooks, rate limits, logging, headers, Drizzle, Zod) cost on top of the same SQL. BENCH_CPU_PROF=<dir>: the
 * storefront writes a V8 CPU profile there when it stops.
 */
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { formatDeliveryArea } from '@core/rules/delivery-area';
import { getAsCustomers, type SignedIn, signInCustomer, startBuiltServer } from './customers';
import { formatTable, type LoadResult, pinSelf, processTreeCpuMs, ROOT, spawnNode, stopChild } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const FAVOURITES = 200;
const WARMUP_SECONDS = 2;
const APP_PORT = 3912;
const BARE_PORT = 3913;
/** Toggles in flight at once while the customers' lists are built. */
const SETUP_CONCURRENCY = 16;
const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fresh_bench_favourites';

/** The first `count` products of the catalogue (in stock somewhere). */
async function findProducts(origin: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ids.length < count; page += 1) {
    const response = await fetch(`${origin}/api/catalog/products?page=${page}`);
    const body = (await response.json()) as { products: { _id: string }[]; pages: number };
    ids.push(...body.products.map((product) => product._id));
    if (page >= body.pages) break;
  }
  if (ids.length < count) throw new Error(`the catalogue has fewer than ${count} products in stock`);
  return ids.slice(0, count);
}

/** The default city's first delivery zone, as the area cookie the storefront writes. */
async function zoneCookie(origin: string): Promise<string> {
  const settings = (await (await fetch(`${origin}/api/settings`)).json()) as {
    cities: { _id: string; default: boolean; delivery_areas: { _id: string; name: string }[] }[];
  };
  const city = settings.cities.find((item) => item.default) ?? settings.cities[0];
  const zone = city?.delivery_areas[0];
  if (!city || !zone) throw new Error('the demo data has no delivery zone');
  return `fresh_area=${formatDeliveryArea({ mode: 'delivery', cityId: city._id, zoneId: zone._id, label: zone.name })}`;
}

type FavouriteList = { favorites: { offer: unknown }[] };

/** Where two answers part: the first favourite that differs, else the answers themselves (cut). */
function difference(ours: FavouriteList | undefined, theirs: FavouriteList | undefined): string {
  const at = ours?.favorites.findIndex((item, index) => !isDeepStrictEqual(item, theirs?.favorites[index]));
  const shown = (answer: FavouriteList | undefined) =>
    JSON.stringify(at === undefined || at < 0 ? answer : answer?.favorites[at])?.slice(0, 2000);
  return `${at === undefined || at < 0 ? 'the answers' : `favourite ${at}`}:\n  Фреш ${shown(ours)}\n  bare ${shown(theirs)}`;
}

/** Runs `tasks` with at most `limit` in flight. */
async function inParallel(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) {
        const task = tasks[next++];
        await task?.();
      }
    }),
  );
}

/** Each connection is one of the customers (round robin), sending its cookie and `extraCookie`. */
async function customerLoad(
  url: string,
  customers: readonly SignedIn[],
  seconds: number,
  extraCookie = '',
): Promise<LoadResult> {
  const result = await getAsCustomers(url, customers, { seconds, connections: CONNECTIONS, extraCookie });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const pinning = pinSelf();
console.log(
  `Фреш favourites benchmark: GET /api/user/me/favorites?type=product with ${FAVOURITES} favourites, ` +
    `${SECONDS} s per run, ${CONNECTIONS} connections, PostgreSQL ${new URL(DATABASE_URL).pathname.slice(1)}; ${pinning}`,
);
const server = await startBuiltServer(
  APP_PORT,
  DATABASE_URL,
  'favourites',
  {},
  { cpuProfileDir: process.env.BENCH_CPU_PROF },
);
const bare = spawnNode(
  [path.join(ROOT, 'bench/bare-favourites-server.mjs'), String(BARE_PORT), DATABASE_URL],
  {},
  { ipc: true },
);
try {
  await new Promise((resolve, reject) => {
    bare.once('message', resolve);
    bare.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  const { origin } = server;
  const bareOrigin = `http://127.0.0.1:${BARE_PORT}`;
  const products = await findProducts(origin, FAVOURITES);
  const customers: SignedIn[] = [];
  for (let index = 0; index < CONNECTIONS; index += 1) {
    customers.push(await signInCustomer(origin, server.outbox, index));
  }
  await inParallel(
    customers.flatMap((customer) =>
      products.map((id) => async () => {
        const response = await fetch(`${origin}/api/user/me/favorites/toggle?type=product&id=${id}`, {
          headers: { cookie: customer.cookie, 'x-requested-with': 'XMLHttpRequest' },
        });
        const body = (await response.json()) as { active?: boolean };
        if (!response.ok || body.active !== true) throw new Error(`toggle failed: ${response.status}`);
      }),
    ),
    SETUP_CONCURRENCY,
  );
  const zone = await zoneCookie(origin);
  const list = '/api/user/me/favorites?type=product';

  // The two servers must answer the same, or the comparison says nothing.
  let inZone: FavouriteList | undefined;
  for (const [label, cookie] of [
    ['no area', ''],
    ['delivery zone', zone],
  ] as const) {
    const [ours, theirs] = await Promise.all(
      [origin, bareOrigin].map(async (from) => {
        const response = await fetch(`${from}${list}`, {
          headers: {
            cookie: [customers[0]?.cookie, cookie].filter(Boolean).join('; '),
            'accept-encoding': 'identity',
          },
        });
        const text = await response.text();
        if (!response.ok) throw new Error(`${from}${list} (${label}) answered ${response.status}: ${text}`);
        return JSON.parse(text) as FavouriteList;
      }),
    );
    if (!ours || !theirs || !isDeepStrictEqual(ours, theirs)) {
      throw new Error(
        `the bare server's answer (${label}) differs from the storefront's: ${difference(ours, theirs)}`,
      );
    }
    if (cookie) inZone = ours;
  }
  const gone = inZone?.favorites.filter((item) => item.offer === null).length;
  console.log(
    `  ${customers.length} customers with ${FAVOURITES} favourite products each; ${gone} of them not in the ` +
      'zone; the bare server answers the same',
  );

  const runs: { label: string; server: string; url: string; pid: number; cookie: string }[] = [];
  for (const [label, cookie] of [
    ['favourites, no area', ''],
    ['favourites, delivery zone', zone],
  ] as const) {
    runs.push({ label, server: 'Фреш', url: `${origin}${list}`, pid: server.pid, cookie });
    runs.push({
      label,
      server: 'bare Fastify + pg',
      url: `${bareOrigin}${list}`,
      pid: bare.pid ?? 0,
      cookie,
    });
  }
  runs.push({
    label: 'GET /api/user/me (baseline)',
    server: 'Фреш',
    url: `${origin}/api/user/me`,
    pid: server.pid,
    cookie: '',
  });
  const measured: (LoadResult & { cpuMs: number })[] = [];
  for (const run of runs) {
    await customerLoad(run.url, customers, WARMUP_SECONDS, run.cookie);
    // The server's CPU time per request: on a loaded machine its req/s and p99 mostly measure the others.
    const cpuBefore = processTreeCpuMs(run.pid) ?? 0;
    const result = await customerLoad(run.url, customers, SECONDS, run.cookie);
    const requests = Math.max(1, result.rps * SECONDS);
    measured.push({ ...result, cpuMs: ((processTreeCpuMs(run.pid) ?? 0) - cpuBefore) / requests });
  }
  const baseline = measured[runs.length - 1] as (typeof measured)[number];
  const rows = [
    [
      'run',
      'server',
      'req/s',
      'p50 ms',
      'p99 ms',
      'CPU ms/request',
      'errors',
      'p99 ÷ baseline p99',
      'CPU ÷ baseline',
      'Фреш ÷ bare',
    ],
  ];
  runs.forEach((run, index) => {
    const result = measured[index] as (typeof measured)[number];
    const isOurs = run.server === 'Фреш';
    // The bare server's run follows the storefront's with the same request.
    const theirs = isOurs && runs[index + 1]?.label === run.label ? measured[index + 1] : undefined;
    rows.push([
      run.label,
      run.server,
      result.rps.toFixed(0),
      result.p50.toFixed(1),
      result.p99.toFixed(1),
      result.cpuMs.toFixed(2),
      String(result.errors + result.non2xx),
      isOurs ? `${(result.p99 / baseline.p99).toFixed(2)}x` : '',
      isOurs ? `${(result.cpuMs / baseline.cpuMs).toFixed(1)}x` : '',
      theirs
        ? `${((result.rps / theirs.rps) * 100).toFixed(0)} % req/s, ${(result.cpuMs / theirs.cpuMs).toFixed(1)}× CPU`
        : '',
    ]);
  });
  console.log(
    `\n${formatTable(rows)}\n\nEach connection is its own customer. The baseline is the sign-in check alone ` +
      '(GET /api/user/me), measured with the same customers and connections in the same run; goal: the ' +
      "favourites' p99 ≤ 3× its p99. \"Фреш ÷ bare\": the storefront's req/s as a share of the bare server's " +
      "(same statements, same JSON, no layers), and its CPU per request as a multiple of the bare server's.",
  );
} finally {
  await stopChild(bare);
  await server.stop();
}
