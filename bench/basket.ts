/**
 * `npm run bench:basket`: PATCH /api/user/me/basket under load on PostgreSQL (needs `npm run build`).
 *
 * The built server runs against BENCH_DATABASE_URL (default: the local `fresh_bench_basket` database, created,
 * migrated and seeded on first use). Customers sign in through the real login flow (the `file` SMS provider;
 * codes read from its outbox), each from its own client address. Beside it, in the same run, on the same
 * database and customers: a bare Fastify + pg server running the same statements under the same names and
 * writing the same JSON (bench/bare-basket-server.mjs; one answer of each is compared before measuring). Then,
 * with BENCH_CONNECTIONS (default 50) connections for BENCH_SECONDS (default 10), BENCH_ROUNDS (default 3)
 * rounds alternating the two servers:
 *
 *   1. "50 customers": each connection is its own customer, setting random quantities (0–5, so some lines are
 *      removed) of 20 products sold by the piece from several shops — a busy evening;
 *   2. "1 customer": every connection changes the same basket, so every request waits for that basket's lock;
 *
 * and, as a reference, GET /api/user/me (the session lookup every basket call makes). Printed: medians of
 * req/s, p50, p99 and the server process's CPU per request; Фреш's share of the bare server's req/s. Goals
 * (issue 26): at least half the bare server's req/s and p99 under 50 ms for (1), no errors.
 * BENCH_CPU_PROF=<dir>: the storefront writes a V8 CPU profile there when it stops.
 */
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import { signInCustomer, startBuiltServer } from './customers';
import {
  formatTable,
  type LoadResult,
  median,
  pinSelf,
  processTreeCpuMs,
  ROOT,
  spawnNode,
  stopChild,
} from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_SECONDS = 2;
const APP_PORT = 3910;
const BARE_PORT = 3911;
/** Goals of issue 26 for 50 customers: p99 under this, and at least this share of the bare server's req/s. */
const TARGET_P99_MS = 50;
const GOAL_SHARE = 0.5;
const OFFERS_PER_CUSTOMER = 20;
const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fresh_bench_basket';
const origin = `http://127.0.0.1:${APP_PORT}`;
const bareOrigin = `http://127.0.0.1:${BARE_PORT}`;

type Offer = { point: string; product: string };
type Customer = { cookie: string; offers: Offer[] };
type Measured = LoadResult & { cpuMs: number };

/**
 * Products sold by the piece in stock across the catalogue's first pages, as (point, product) pairs. Goods
 * sold by weight take grams in steps (ADR 054): the bench's 0–5 would be refused with 400.
 */
async function findOffers(): Promise<Offer[]> {
  const offers: Offer[] = [];
  for (let page = 1; page <= 3; page += 1) {
    const response = await fetch(`${origin}/api/catalog/products?page=${page}`);
    const body = (await response.json()) as {
      products: { _id: string; offer: { point: string; count: number } | null; by_weight?: unknown }[];
    };
    for (const product of body.products) {
      if (product.offer && product.offer.count >= 5 && product.by_weight === undefined)
        offers.push({ point: product.offer.point, product: product._id });
    }
  }
  if (offers.length < OFFERS_PER_CUSTOMER) throw new Error('too few products in stock to bench the basket');
  return offers;
}

async function signIn(outbox: string, index: number, offers: readonly Offer[]): Promise<Customer> {
  const { cookie } = await signInCustomer(origin, outbox, index);
  const start = (index * 7) % offers.length;
  return {
    cookie,
    offers: Array.from(
      { length: OFFERS_PER_CUSTOMER },
      (_, i) => offers[(start + i) % offers.length] as Offer,
    ),
  };
}

/**
 * Load as customers: each connection is one of `customers` (round robin). PATCH sets random quantities of
 * random lines; GET (the reference) asks who is signed in.
 */
async function customerLoad(
  url: string,
  customers: readonly Customer[],
  seconds: number,
  method: 'PATCH' | 'GET' = 'PATCH',
): Promise<LoadResult> {
  let next = 0;
  const result = await autocannon({
    url,
    duration: seconds,
    connections: CONNECTIONS,
    pipelining: 1,
    requests: [
      {
        method,
        setupRequest: (request, context: { customer?: Customer }) => {
          context.customer ??= customers[next++ % customers.length];
          const customer = context.customer as Customer;
          if (method === 'GET')
            return { ...request, headers: { ...request.headers, cookie: customer.cookie } };
          const offer = customer.offers[randomInt(0, customer.offers.length)] as Offer;
          return {
            ...request,
            headers: {
              ...request.headers,
              'content-type': 'application/json',
              cookie: customer.cookie,
              'x-requested-with': 'XMLHttpRequest',
            },
            body: JSON.stringify({
              warehouse_id: offer.point,
              product_id: offer.product,
              quantity: randomInt(0, 6),
            }),
          };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** One load run against a server, with its process's CPU per request. */
async function measure(
  url: string,
  pid: number,
  who: readonly Customer[],
  seconds: number,
  method: 'PATCH' | 'GET' = 'PATCH',
): Promise<Measured> {
  const cpuBefore = processTreeCpuMs(pid) ?? 0;
  const result = await customerLoad(url, who, seconds, method);
  const requests = Math.max(1, result.rps * seconds);
  return { ...result, cpuMs: ((processTreeCpuMs(pid) ?? 0) - cpuBefore) / requests };
}

/** One PATCH as the first customer, its answer parsed: the two servers must answer the same. */
async function samplePatch(origin: string, customer: Customer, offer: Offer, quantity: number) {
  const answer = await fetch(`${origin}/api/user/me/basket`, {
    method: 'PATCH',
    headers: {
      'content-type': 'application/json',
      cookie: customer.cookie,
      'x-requested-with': 'XMLHttpRequest',
    },
    body: JSON.stringify({ warehouse_id: offer.point, product_id: offer.product, quantity }),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`PATCH to ${origin} failed: ${answer.status} ${text}`);
  return { text, body: JSON.parse(text) as unknown };
}

const pinning = pinSelf();
console.log(
  `Фреш basket benchmark: PATCH /api/user/me/basket, ${SECONDS} s × ${ROUNDS} rounds per server, ` +
    `${CONNECTIONS} connections, PostgreSQL ${new URL(DATABASE_URL).pathname.slice(1)}; ${pinning}`,
);
const started = await startBuiltServer(
  APP_PORT,
  DATABASE_URL,
  'basket',
  {},
  { cpuProfileDir: process.env.BENCH_CPU_PROF },
);
const { outbox } = started;
const bare = spawnNode(
  [path.join(ROOT, 'bench/bare-basket-server.mjs'), String(BARE_PORT), DATABASE_URL],
  {},
  { ipc: true },
);
try {
  await new Promise((resolve, reject) => {
    bare.once('message', resolve);
    bare.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  const offers = await findOffers();
  const customers: Customer[] = [];
  for (let index = 0; index < CONNECTIONS; index += 1) customers.push(await signIn(outbox, index, offers));
  console.log(`  ${customers.length} customers signed in; ${offers.length} products to choose from`);

  // The same change through each server: both answer the whole basket, which must be the same.
  const sample = customers[0] as Customer;
  const [first, second] = sample.offers as [Offer, Offer];
  const ours = await samplePatch(origin, sample, first, 3);
  const theirs = await samplePatch(bareOrigin, sample, first, 3);
  const oursAgain = await samplePatch(origin, sample, second, 2);
  const theirsAgain = await samplePatch(bareOrigin, sample, second, 2);
  if (!isDeepStrictEqual(ours.body, theirs.body) || !isDeepStrictEqual(oursAgain.body, theirsAgain.body)) {
    throw new Error(`the answers differ:\n  Фреш ${oursAgain.text}\n  bare ${theirsAgain.text}`);
  }

  const servers = [
    { name: 'Фреш', origin, pid: started.pid },
    { name: 'bare Fastify + pg', origin: bareOrigin, pid: bare.pid ?? 0 },
  ];
  const rows = [['run', 'server', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/request', 'errors', 'Фреш ÷ bare']];
  const verdicts: string[] = [];
  for (const [label, who] of [
    [`${CONNECTIONS} customers`, customers],
    ['1 customer', [sample]],
  ] as const) {
    const results = servers.map(() => [] as Measured[]);
    for (const server of servers)
      await measure(`${server.origin}/api/user/me/basket`, server.pid, who, WARMUP_SECONDS);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [index, server] of servers.entries()) {
        results[index]?.push(await measure(`${server.origin}/api/user/me/basket`, server.pid, who, SECONDS));
      }
    }
    const summary = results.map((runs) => ({
      rps: median(runs.map((run) => run.rps)),
      p50: median(runs.map((run) => run.p50)),
      p99: median(runs.map((run) => run.p99)),
      cpuMs: median(runs.map((run) => run.cpuMs)),
      failures: runs.reduce((sum, run) => sum + run.errors + run.non2xx, 0),
    }));
    const [fresh, baseline] = summary as [(typeof summary)[0], (typeof summary)[0]];
    summary.forEach((result, index) => {
      rows.push([
        label,
        servers[index]?.name ?? '',
        result.rps.toFixed(0),
        result.p50.toFixed(1),
        result.p99.toFixed(1),
        result.cpuMs.toFixed(2),
        String(result.failures),
        index === 0
          ? `${((fresh.rps / baseline.rps) * 100).toFixed(0)} % req/s, ${(fresh.cpuMs / baseline.cpuMs).toFixed(1)}× CPU`
          : '',
      ]);
    });
    if (who === customers) {
      const share = fresh.rps / baseline.rps;
      verdicts.push(
        `${label}: ${(share * 100).toFixed(0)} % of the bare server's req/s (goal ≥ ${GOAL_SHARE * 100} %: ` +
          `${share >= GOAL_SHARE ? 'met' : 'NOT met'}), p99 ${fresh.p99.toFixed(0)} ms (goal < ${TARGET_P99_MS} ms: ` +
          `${fresh.p99 < TARGET_P99_MS ? 'met' : 'NOT met'}), ${fresh.failures} errors`,
      );
    }
  }
  // The floor of any signed-in call on this machine: the session lookup alone, which every basket call makes.
  await measure(`${origin}/api/user/me`, started.pid, customers, WARMUP_SECONDS, 'GET');
  const me = await measure(`${origin}/api/user/me`, started.pid, customers, SECONDS, 'GET');
  rows.push([
    'GET /api/user/me',
    'Фреш',
    me.rps.toFixed(0),
    me.p50.toFixed(1),
    me.p99.toFixed(1),
    me.cpuMs.toFixed(2),
    String(me.errors + me.non2xx),
    'reference: the session lookup alone',
  ]);
  console.log(
    `\n${formatTable(rows)}\n\nmedians of ${ROUNDS} rounds per server. ${verdicts.join('; ')}. ` +
      '"1 customer": every request waits for the same basket lock. "GET /api/user/me": the sign-in check ' +
      'alone, with the same customers and connections.',
  );
} finally {
  await stopChild(bare);
  await started.stop();
}
