/**
 * `npm run bench:favourites`: GET /api/user/me/favorites?type=product under load on PostgreSQL (needs
 * `npm run build`), issue 14.
 *
 * The built server runs against BENCH_DATABASE_URL (default: the local `fresh_bench_favourites` database,
 * created, migrated and seeded on first use). BENCH_CONNECTIONS (default 50) customers sign in through the
 * real login flow and each favourites 200 products through the real toggle. Then, with one connection per
 * customer for BENCH_SECONDS (default 10), in the same run:
 *
 *   1. the product list, no delivery area (every product has an offer somewhere);
 *   2. the product list in the default city's first delivery zone (products the zone does not have get their
 *      similar in-area products: the heavier answer);
 *   3. GET /api/user/me with the same customers and connections: the baseline, the session lookup alone,
 *      which every signed-in call makes.
 *
 * Printed: req/s, p50, p99 and the p99 ratio to the baseline's (lower is better). BENCH_CPU_PROF=<dir>: the
 * server writes a V8 CPU profile there when it stops.
 */
import { formatDeliveryArea } from '@core/rules/delivery-area';
import { getAsCustomers, type SignedIn, signInCustomer, startBuiltServer } from './customers';
import { formatTable, type LoadResult, pinSelf, processTreeCpuMs } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const FAVOURITES = 200;
const WARMUP_SECONDS = 2;
const APP_PORT = 3912;
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
try {
  const { origin } = server;
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
  const sample = (await (
    await fetch(`${origin}/api/user/me/favorites?type=product`, {
      headers: { cookie: [customers[0]?.cookie, zone].join('; '), 'accept-encoding': 'identity' },
    })
  ).json()) as { favorites: { offer: unknown }[] };
  const gone = sample.favorites.filter((item) => item.offer === null).length;
  console.log(
    `  ${customers.length} customers with ${FAVOURITES} favourite products each; ${gone} of them not in the zone`,
  );

  const list = `${origin}/api/user/me/favorites?type=product`;
  const runs: [string, string, string][] = [
    ['favourites, no area', list, ''],
    ['favourites, delivery zone', list, zone],
    ['GET /api/user/me (baseline)', `${origin}/api/user/me`, ''],
  ];
  const measured: (LoadResult & { cpuMs: number })[] = [];
  for (const [, url, cookie] of runs) {
    await customerLoad(url, customers, WARMUP_SECONDS, cookie);
    // The server's CPU time per request: on a loaded machine its req/s and p99 mostly measure the others.
    const cpuBefore = processTreeCpuMs(server.pid) ?? 0;
    const result = await customerLoad(url, customers, SECONDS, cookie);
    const requests = Math.max(1, result.rps * SECONDS);
    measured.push({ ...result, cpuMs: ((processTreeCpuMs(server.pid) ?? 0) - cpuBefore) / requests });
  }
  const baseline = measured[2] as (typeof measured)[number];
  const rows = [
    ['run', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/request', 'errors', 'p99 ÷ baseline p99', 'CPU ÷ baseline'],
  ];
  runs.forEach(([label], index) => {
    const result = measured[index] as (typeof measured)[number];
    rows.push([
      label,
      result.rps.toFixed(0),
      result.p50.toFixed(1),
      result.p99.toFixed(1),
      result.cpuMs.toFixed(2),
      String(result.errors + result.non2xx),
      `${(result.p99 / baseline.p99).toFixed(2)}x`,
      `${(result.cpuMs / baseline.cpuMs).toFixed(1)}x`,
    ]);
  });
  console.log(
    `\n${formatTable(rows)}\n\nEach connection is its own customer. The baseline is the sign-in check alone ` +
      '(GET /api/user/me), measured with the same customers and connections in the same run.',
  );
} finally {
  await server.stop();
}
