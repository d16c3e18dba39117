/**
 * `npm run bench:basket`: PATCH /api/user/me/basket under load on PostgreSQL (needs `npm run build`).
 *
 * The built server runs against BENCH_DATABASE_URL (default: the local `fresh_bench_basket` database, created,
 * migrated and seeded on first use). Customers sign in through the real login flow (the `file` SMS provider;
 * codes read from its outbox), each from its own client address. Then, with BENCH_CONNECTIONS (default 50)
 * connections for BENCH_SECONDS (default 10):
 *
 *   1. "50 customers": each connection is its own customer, setting random quantities (0–5, so some lines are
 *      removed) of 20 products from several shops — a busy evening;
 *   2. "1 customer": every connection changes the same basket, so every request waits for that basket's lock;
 *
 * each next to a bare node:http server answering the same bytes to the same PATCH, measured in the same run.
 * Target (issue 5): p99 under 20 ms and no errors for (1).
 */
import { randomInt } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { signInCustomer, startBuiltServer } from './customers';
import { formatTable, type LoadResult, pinSelf, ROOT, spawnNode, stopChild } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP_SECONDS = 2;
const APP_PORT = 3910;
const BARE_PORT = 3911;
const TARGET_P99_MS = 20;
const OFFERS_PER_CUSTOMER = 20;
const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fresh_bench_basket';
const origin = `http://127.0.0.1:${APP_PORT}`;

type Offer = { point: string; product: string };
type Customer = { cookie: string; offers: Offer[] };

/** Products in stock across the catalogue's first pages, as (point, product) pairs. */
async function findOffers(): Promise<Offer[]> {
  const offers: Offer[] = [];
  for (let page = 1; page <= 3; page += 1) {
    const response = await fetch(`${origin}/api/catalog/products?page=${page}`);
    const body = (await response.json()) as {
      products: { _id: string; offer: { point: string; count: number } | null }[];
    };
    for (const product of body.products) {
      if (product.offer && product.offer.count >= 5)
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

const pinning = pinSelf();
console.log(
  `Фреш basket benchmark: PATCH /api/user/me/basket, ${SECONDS} s per run, ${CONNECTIONS} connections, ` +
    `PostgreSQL ${new URL(DATABASE_URL).pathname.slice(1)}; ${pinning}`,
);
const started = await startBuiltServer(APP_PORT, DATABASE_URL, 'basket');
const { outbox } = started;
const workDir = await mkdtemp(path.join(tmpdir(), 'fresh-bench-basket-'));
try {
  const offers = await findOffers();
  const customers: Customer[] = [];
  for (let index = 0; index < CONNECTIONS; index += 1) customers.push(await signIn(outbox, index, offers));
  console.log(`  ${customers.length} customers signed in; ${offers.length} products to choose from`);

  // The baseline answers the bytes the storefront answered to one PATCH.
  const sample = customers[0] as Customer;
  const sampleOffer = sample.offers[0] as Offer;
  const answer = await fetch(`${origin}/api/user/me/basket`, {
    method: 'PATCH',
    headers: {
      'content-type': 'application/json',
      'accept-encoding': 'identity',
      cookie: sample.cookie,
      'x-requested-with': 'XMLHttpRequest',
    },
    body: JSON.stringify({ warehouse_id: sampleOffer.point, product_id: sampleOffer.product, quantity: 3 }),
  });
  if (!answer.ok) throw new Error(`PATCH failed: ${answer.status} ${await answer.text()}`);
  const body = Buffer.from(await answer.arrayBuffer());
  const responsesFile = path.join(workDir, 'bare-responses.json');
  await writeFile(
    responsesFile,
    JSON.stringify({
      '/api/user/me/basket': {
        contentType: answer.headers.get('content-type') ?? 'application/json',
        body: body.toString('base64'),
      },
    }),
  );
  const bare = spawnNode(
    [path.join(ROOT, 'bench/bare-server.mjs'), String(BARE_PORT), responsesFile],
    {},
    { ipc: true },
  );
  await new Promise<void>((resolve) => bare.once('message', () => resolve()));

  const rows = [['run', 'server', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'ratio', 'target']];
  try {
    const runs: [string, Customer[]][] = [
      [`${CONNECTIONS} customers`, customers],
      ['1 customer', [sample]],
    ];
    for (const [label, who] of runs) {
      const measured = {} as Record<'fresh' | 'bare', LoadResult>;
      for (const [name, port] of [
        ['fresh', APP_PORT],
        ['bare', BARE_PORT],
      ] as const) {
        const url = `http://127.0.0.1:${port}/api/user/me/basket`;
        await customerLoad(url, who, WARMUP_SECONDS);
        measured[name] = await customerLoad(url, who, SECONDS);
      }
      for (const name of ['fresh', 'bare'] as const) {
        const result = measured[name];
        const failures = result.errors + result.non2xx;
        rows.push([
          label,
          name === 'fresh' ? 'Фреш' : 'node:http',
          result.rps.toFixed(0),
          result.p50.toFixed(1),
          result.p99.toFixed(1),
          String(failures),
          name === 'fresh' ? `${(result.rps / measured.bare.rps).toFixed(3)}x` : '1x',
          name === 'fresh' && who === customers
            ? result.p99 < TARGET_P99_MS && failures === 0
              ? `within (p99 < ${TARGET_P99_MS} ms, no errors)`
              : `OVER (p99 < ${TARGET_P99_MS} ms, no errors)`
            : '',
        ]);
      }
    }
    // The floor of any signed-in call on this machine: the session lookup alone, which every basket call makes.
    const url = `${origin}/api/user/me`;
    await customerLoad(url, customers, WARMUP_SECONDS, 'GET');
    const me = await customerLoad(url, customers, SECONDS, 'GET');
    rows.push([
      'GET /api/user/me',
      'Фреш',
      me.rps.toFixed(0),
      me.p50.toFixed(1),
      me.p99.toFixed(1),
      String(me.errors + me.non2xx),
      '',
      'reference: the session lookup alone',
    ]);
  } finally {
    await stopChild(bare);
  }
  console.log(
    `\n${formatTable(rows)}\n\nbody ${body.length} bytes; ratio = Фреш req/s ÷ bare node:http req/s for the same ` +
      'bytes (higher is better). "1 customer": every request waits for the same basket lock. ' +
      '"GET /api/user/me": the sign-in check alone, with the same customers and connections.',
  );
} finally {
  await started.stop();
  await rm(workDir, { recursive: true, force: true });
}
