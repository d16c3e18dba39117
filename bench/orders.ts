/**
 * `npm run bench:orders`: checkouts per second on PostgreSQL with 20 customers buying at once from one
 * product with 1,000 units (issue 6), through the API (in-process `inject`, so the HTTP stack, validation,
 * idempotency and the stock transaction all run; only the network is skipped). Each customer loops: put 1–3
 * units in the basket (the PATCH answers the basket, so no second read), place a pickup order, until the stock is
 * gone. After each round the invariant 'initial stock = remaining + ordered' is checked and printed, with the
 * 409s the losers of the last units got. The product is one sold by the piece (a weighed one takes grams, ADR
 * 054: with it every PATCH of 1–3 was refused and the bench placed nothing).
 *
 * The baseline, in the same run and on the same database, the stock back at 1,000 before every round: the same
 * 20 customers on a plain `pg` pool running the checkout's own statements by hand (the line's upsert, then one
 * transaction: the basket's lock, its lines, the stock read, the order with its item and event, the
 * notification, the lines out, the key finished, the stock locked and taken) as named statements, without
 * HTTP, sessions, validation, Drizzle or the answer.
 *
 * So the figure can be trusted on a shared machine (ADR 047, 2026-11-28): one warm-up round of each side first
 * (JIT, prepared statements, the pools' connections; not counted) and a VACUUM (ANALYZE) of the database, then
 * BENCH_ROUNDS rounds (3 by default)
 * alternating the API and the baseline, each printed, and their medians with the ratio of the medians. Printed
 * for both: orders/s, p50/p99 of the checkout request, the statements each order cost (every query a pg client
 * sent, the PATCH's included), and this process's CPU milliseconds per order (the API's side includes
 * `inject`'s load; PostgreSQL's backends are not counted: they may live in another PID namespace): on a shared
 * machine the rate measures the other jobs as much as ours, the CPU per order much less. The load average is
 * printed before and after, and the database's durability settings as found (the bench changes none).
 *
 * 'rest ms/order' is what the rest of the machine spent in the same span (all cores' busy time from /proc/stat
 * less this process's): on a quiet machine with PostgreSQL local, the database's share of an order (its
 * backends, WAL writer and the loopback's kernel work). On 2026-11-29 it was as large as the API's own.
 *
 * BENCH_DATABASE_URL: a PostgreSQL server where the bench may drop and create BENCH_DB_NAME
 * (`fresh_bench_orders` by default). BENCH_PROFILE=<file.cpuprofile>: a CPU profile of this process over the
 * API's measured rounds only (open it in Chrome's DevTools or speedscope). BENCH_KEEP_DB=1 leaves the database
 * behind for a look at its plans (`prepare` the logged statements in psql).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDb } from '../server/db/client';
import { points, products, stock, stores } from '../server/db/schema/index';
import { seedDemo } from '../server/db/seed/index';
import { signIn } from '../tests/setup/identity';
import { formatTable, machineBusyMs } from './lib';

const CUSTOMERS = 20;
const INITIAL_STOCK = 1000;
/**
 * The warm-up round's units: a whole round. With 200 the first measured round still ran 20–30 % slower than
 * the next (JIT tiers; each of the pools' connections preparing its named statements and planning them five
 * times before PostgreSQL settles on a generic plan).
 */
const WARM_UP_STOCK = INITIAL_STOCK;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const POOL_SIZE = 30;
const PROFILE_FILE = process.env.BENCH_PROFILE;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NAME = process.env.BENCH_DB_NAME ?? 'fresh_bench_orders';

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** Every query a pg client of this process sends while `counting` is on. */
let statements = 0;
let counting = false;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (counting) statements += 1;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

await admin(`drop database if exists ${NAME} with (force)`);
await admin(`create database ${NAME}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${NAME}`;
const work = await mkdtemp(path.join(tmpdir(), 'fresh-bench-orders-'));
const smsOutbox = path.join(work, 'sms.jsonl');
const dbHandle = await openDb({ databaseUrl: url.toString(), poolSize: POOL_SIZE });
await dbHandle.migrate();
await seedDemo(dbHandle.db, { imagesDir: work });
await dbHandle.db.update(stores).set({ minOrderKopecks: 0 });
const config = loadConfig({
  NODE_ENV: 'production',
  SMS_PROVIDER: 'file',
  SMS_OUTBOX: smsOutbox,
  LOG_LEVEL: 'silent',
});
const app = await buildApp({ config, dbHandle, uploadDir: work });
const t = { app, smsOutbox } as Parameters<typeof signIn>[0];
const bare = new pg.Pool({ connectionString: url.toString(), max: POOL_SIZE });
// pg-pool's end() resolves once its idle clients are told to end, not once they have: the database dropped
// right after terminates one still closing, and that 'error' with no listener ended the bench after its table.
bare.on('error', () => {});

type Phase = {
  placed: number;
  orderedUnits: number;
  conflicts: number;
  errors: number;
  latencies: number[];
  seconds: number;
  statements: number;
  cpuMs: number;
  /** The rest of the machine's CPU over the phase (the database, on a quiet machine); null without /proc. */
  otherCpuMs: number | null;
};

/** Runs the customers' loops, measuring the rate, the statements and both sides' CPU. */
async function measure(loop: (index: number, phase: Phase) => Promise<void>): Promise<Phase> {
  const phase: Phase = {
    placed: 0,
    orderedUnits: 0,
    conflicts: 0,
    errors: 0,
    latencies: [],
    seconds: 0,
    statements: 0,
    cpuMs: 0,
    otherCpuMs: null,
  };
  const cpuBefore = process.cpuUsage();
  const machineBefore = machineBusyMs();
  statements = 0;
  counting = true;
  const started = performance.now();
  await Promise.all(Array.from({ length: CUSTOMERS }, (_, index) => loop(index, phase)));
  phase.seconds = (performance.now() - started) / 1000;
  counting = false;
  phase.statements = statements;
  const cpu = process.cpuUsage(cpuBefore);
  phase.cpuMs = (cpu.user + cpu.system) / 1000;
  const machineAfter = machineBusyMs();
  phase.otherCpuMs =
    machineBefore === null || machineAfter === null ? null : machineAfter - machineBefore - phase.cpuMs;
  return phase;
}

try {
  const [point] = await dbHandle.db.select().from(points).where(eq(points.isPickup, true)).limit(1);
  const [row] = await dbHandle.db
    .select({ productId: stock.productId })
    .from(stock)
    .innerJoin(products, eq(products.id, stock.productId))
    .where(and(eq(stock.pointId, point?.id ?? ''), eq(products.soldBy, 'piece')))
    .limit(1);
  if (!point || !row)
    throw new Error('no pickup point stocking a product sold by the piece in the demo data');
  const restock = (units: number) =>
    dbHandle.db
      .update(stock)
      .set({ count: units })
      .where(and(eq(stock.pointId, point.id), eq(stock.productId, row.productId)));
  const customers = await Promise.all(
    Array.from({ length: CUSTOMERS }, (_, i) =>
      signIn(
        t,
        `+7 (902) 000-${String(10 + Math.floor(i / 100)).padStart(2, '0')}-${String(i % 100).padStart(2, '0')}`,
      ),
    ),
  );
  const userIds = (
    await bare.query<{ id: string }>('select user_id as id from sessions order by user_id')
  ).rows.map((user) => user.id);
  const uniqueUsers = [...new Set(userIds)];

  const apiLoop = async (index: number, phase: Phase) => {
    const customer = customers[index];
    if (!customer) return;
    for (let round = 0; ; round += 1) {
      const quantity = ((index + round) % 3) + 1;
      const basket = (
        await app.inject({
          method: 'PATCH',
          url: '/api/user/me/basket',
          headers: customer.headers,
          payload: { warehouse_id: point.id, product_id: row.productId, quantity },
        })
      ).json() as Record<string, { quantity: number }[]>;
      const inBasket = basket[point.id]?.[0]?.quantity ?? 0;
      if (inBasket === 0) return;
      const requestStarted = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { ...customer.headers, 'idempotency-key': randomUUID() },
        payload: {
          orders: [{ point: point.id, fulfilment: 'pickup' }],
          phone: '+79020001122',
          payment: 'cash',
        },
      });
      phase.latencies.push(performance.now() - requestStarted);
      if (response.statusCode === 200) {
        phase.placed += 1;
        phase.orderedUnits += inBasket;
      } else if (response.statusCode === 409) phase.conflicts += 1;
      else phase.errors += 1;
    }
  };

  // The bare baseline: the same customers, the checkout's statements by hand.
  const bareLoop = async (index: number, phase: Phase) => {
    const userId = uniqueUsers[index];
    if (!userId) return;
    for (let round = 0; ; round += 1) {
      const quantity = ((index + round) % 3) + 1;
      const line = await bare
        .query<{ quantity: number }>({
          name: 'bare_line',
          text: `insert into basket_items (user_id, point_id, product_id, quantity) values ($1, $2, $3,
            least($4::int, (select count from stock where point_id = $2 and product_id = $3)))
          on conflict (user_id, point_id, product_id) do update set quantity = excluded.quantity
          where excluded.quantity > 0 returning quantity`,
          values: [userId, point.id, row.productId, quantity],
        })
        .catch(() => ({ rows: [] as { quantity: number }[] }));
      const inBasket = line.rows[0]?.quantity ?? 0;
      if (inBasket === 0) return;
      const requestStarted = performance.now();
      const outcome = await bareCheckout(userId, point, row.productId);
      phase.latencies.push(performance.now() - requestStarted);
      if (outcome === 'placed') {
        phase.placed += 1;
        phase.orderedUnits += inBasket;
      } else if (outcome === 'short') phase.conflicts += 1;
      else phase.errors += 1;
    }
  };

  let profiler: Session | undefined;
  const profiles: unknown[] = [];
  /** Units in order_items before a round: the invariant counts the round's own. */
  let orderedBefore = 0;
  const round = async (
    side: 'api' | 'bare',
    units: number,
    profiler?: Session,
  ): Promise<{ phase: Phase; check: Check }> => {
    await restock(units);
    // Customers whose baskets a short stock left full start empty.
    await bare.query('delete from basket_items');
    if (profiler) await profiler.post('Profiler.start');
    const phase = await measure(side === 'api' ? apiLoop : bareLoop);
    if (profiler) await profiler.post('Profiler.stop').then((result) => profiles.push(result.profile));
    const check = await invariant(point.id, row.productId, units, orderedBefore);
    orderedBefore = check.ordered;
    return { phase, check };
  };

  const loadBefore = loadAverage();
  const durability = (
    await bare.query<{ name: string; setting: string }>(
      `select name, setting from pg_settings where name in
        ('fsync', 'synchronous_commit', 'wal_sync_method', 'full_page_writes', 'commit_delay') order by name`,
    )
  ).rows
    .map((setting) => `${setting.name}=${setting.setting}`)
    .join(', ');
  const warmUp = [await round('api', WARM_UP_STOCK), await round('bare', WARM_UP_STOCK)];
  // The warm-up grew the order tables from nothing; autovacuum would analyse them at some point of the
  // measured rounds and change their plans mid-run. A live database's statistics are current: so are these.
  await bare.query('vacuum (analyze)');

  if (PROFILE_FILE) {
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
  }
  const api: Phase[] = [];
  const bareRuns: Phase[] = [];
  const table = [
    [
      'round',
      '',
      'orders',
      'orders/s',
      'p50 ms',
      'p99 ms',
      '409',
      'other errors',
      'stmts/order',
      'CPU ms/order',
      'rest ms/order',
    ],
  ];
  const failures: string[] = [];
  for (const result of warmUp) {
    if (!result.check.holds(result.phase)) failures.push(`warm-up ${result.check.text(result.phase)}`);
  }
  for (let index = 1; index <= ROUNDS; index += 1) {
    for (const side of ['api', 'bare'] as const) {
      const { phase, check } = await round(side, INITIAL_STOCK, side === 'api' ? profiler : undefined);
      (side === 'api' ? api : bareRuns).push(phase);
      table.push([String(index), ...rowOf(side === 'api' ? 'Фреш API' : 'bare pg', phase)]);
      console.error(`round ${index}, ${side}: ${check.text(phase)}`);
      if (!check.holds(phase)) failures.push(`round ${index}, ${side}: ${check.text(phase)}`);
    }
  }
  if (profiler && PROFILE_FILE) {
    profiler.disconnect();
    // The rounds' profiles, each on its own: DevTools opens one; the first is written, the rest beside it.
    for (const [index, profile] of profiles.entries()) {
      const file = index === 0 ? PROFILE_FILE : PROFILE_FILE.replace(/(\.cpuprofile)?$/, `.${index + 1}$1`);
      await writeFile(file, JSON.stringify(profile));
    }
  }
  const apiMedian = medianPhase(api);
  const bareMedian = medianPhase(bareRuns);
  table.push(['median', ...rowOf('Фреш API', apiMedian)], ['median', ...rowOf('bare pg', bareMedian)]);
  const rate = (phase: Phase) => phase.placed / phase.seconds;
  console.log(
    `Checkout benchmark on PostgreSQL: ${CUSTOMERS} customers, ${INITIAL_STOCK} units a round, ${ROUNDS} ` +
      `rounds a side alternating after one warm-up round each (${WARM_UP_STOCK} units, not counted), pools of ` +
      `${POOL_SIZE}\nload average before ${loadBefore}, after ${loadAverage()}\ndatabase durability as found ` +
      `(the bench changes none): ${durability}\n\n${formatTable(table)}\n\n` +
      `API ÷ bare (medians): ${((rate(apiMedian) / rate(bareMedian)) * 100).toFixed(0)} % of the orders/s, ` +
      `${(apiMedian.cpuMs / Math.max(1, apiMedian.placed) / (bareMedian.cpuMs / Math.max(1, bareMedian.placed))).toFixed(1)}× the CPU per order` +
      `\ninvariant 'initial = remaining + ordered', every round of both sides: ` +
      `${failures.length === 0 ? 'HOLDS (0 oversold)' : `BROKEN\n${failures.join('\n')}`}`,
  );
  if (failures.length > 0) process.exitCode = 1;
} finally {
  await app.close();
  await dbHandle.close();
  await bare.end();
  if (!process.env.BENCH_KEEP_DB) await admin(`drop database if exists ${NAME} with (force)`);
  await rm(work, { recursive: true, force: true });
}

type Check = Awaited<ReturnType<typeof invariant>>;

/** 'initial = remaining + ordered' for the units ordered since `before` units were. */
async function invariant(pointId: string, productId: string, initial: number, before: number) {
  const [left] = await dbHandle.db
    .select({ count: stock.count })
    .from(stock)
    .where(and(eq(stock.pointId, pointId), eq(stock.productId, productId)));
  const [fromOrders] = await dbHandle.db
    .execute<{ units: number }>(
      sql`select coalesce(sum(quantity), 0)::int as units from order_items where product_id = ${productId}`,
    )
    .then((result) => (result as unknown as { rows: { units: number }[] }).rows);
  const remaining = left?.count ?? -1;
  const ordered = (fromOrders?.units ?? -1) - before;
  const holds = (phase: Phase) =>
    initial === remaining + ordered && ordered === phase.orderedUnits && remaining >= 0;
  return {
    ordered: fromOrders?.units ?? 0,
    holds,
    text: (phase: Phase) =>
      `initial ${initial} = remaining ${remaining} + ordered ${ordered} (counted by the bench: ` +
      `${phase.orderedUnits}) → ${holds(phase) ? 'HOLDS' : 'BROKEN'}`,
  };
}

function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

function percentile(phase: Phase, q: number): number {
  const sorted = [...phase.latencies].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

function rowOf(name: string, phase: Phase): string[] {
  const per = (value: number) => (value / Math.max(1, phase.placed)).toFixed(2);
  return [
    name,
    String(phase.placed),
    (phase.placed / phase.seconds).toFixed(0),
    percentile(phase, 0.5).toFixed(1),
    percentile(phase, 0.99).toFixed(1),
    String(phase.conflicts),
    String(phase.errors),
    per(phase.statements),
    per(phase.cpuMs),
    phase.otherCpuMs === null ? 'n/a' : per(phase.otherCpuMs),
  ];
}

/** The round with the median orders/s (the middle one of an odd count, the lower middle of an even one). */
function medianPhase(phases: readonly Phase[]): Phase {
  const sorted = [...phases].sort((a, b) => a.placed / a.seconds - b.placed / b.seconds);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no rounds');
  return median;
}

/**
 * The bare baseline's checkout of one line: the statements the API's checkout sends, by hand and named, on a
 * plain pool (the key claimed; the basket locked, its lines and their stock read, the order with its item and
 * event, the notification, the lines out, the key finished, the stock taken only while enough is left).
 */
async function bareCheckout(
  userId: string,
  point: { id: string; storeId: string },
  productId: string,
): Promise<'placed' | 'short' | 'failed'> {
  const key = randomUUID();
  await bare.query({
    name: 'bare_key',
    text: `insert into idempotency_keys (user_id, key, request_hash, created_at) values ($1, $2, 'bare', now())
      on conflict do nothing returning key`,
    values: [userId, key],
  });
  const client = await bare.connect();
  let outcome: 'placed' | 'short' | 'failed' = 'failed';
  try {
    await client.query('begin');
    await client.query({
      name: 'bare_lock',
      text: 'insert into baskets (user_id) values ($1) on conflict (user_id) do update set updated_at = now()',
      values: [userId],
    });
    const lines = await client.query<{ product_id: string; quantity: number }>({
      name: 'bare_lines',
      text: `select point_id, product_id, quantity, on_missing, replacement_id from basket_items
        where user_id = $1 order by position`,
      values: [userId],
    });
    const line = lines.rows[0];
    if (!line) throw new Error('the bare basket is empty');
    const found = await client.query<{
      count: number;
      price: number;
      discount_percent: number;
      name: string;
      slug: string;
      image: string | null;
      weight_grams: number;
    }>({
      name: 'bare_stock',
      text: `select s.count, coalesce(s.price_kopecks, p.price_kopecks) as price, p.discount_percent, p.name, p.slug,
          p.images->>0 as image, p.weight_grams, p.vat_code, p.sold_by, p.step_grams, p.min_grams, p.piece_grams
        from stock s join products p on p.id = s.product_id where s.point_id = $1 and s.product_id = $2`,
      values: [point.id, productId],
    });
    const item = found.rows[0];
    if (!item || item.count < line.quantity) {
      outcome = 'short';
      throw new Error('short');
    }
    const goods = item.price * line.quantity;
    const order = await client.query<{ id: string; number: number }>({
      name: 'bare_order',
      text: `with o as (
          insert into orders (user_id, store_id, point_id, status, fulfilment, phone, payment, items_kopecks,
            total_kopecks, created_at, updated_at)
          values ($1, $2, $3, 'new', 'pickup', '+79020001122', 'cash', $4, $4, now(), now()) returning id, number
        ), i as (
          insert into order_items (order_id, product_id, name, slug, image, weight_grams, price_kopecks,
            discount_percent, quantity)
          select o.id, $5, $6, $7, $8, $9, $10, $11, $12 from o
        ), e as (insert into order_events (order_id, status, at) select o.id, 'new', now() from o)
        select id, number from o`,
      values: [
        userId,
        point.storeId,
        point.id,
        goods,
        productId,
        item.name,
        item.slug,
        item.image,
        item.weight_grams,
        item.price,
        item.discount_percent,
        line.quantity,
      ],
    });
    const placed = order.rows[0];
    if (!placed) throw new Error('no order');
    await client.query({
      name: 'bare_notification',
      text: `insert into notifications (user_id, type, title, content, link, created_at)
        values ($1, 'link_message', $2, $3, $4, now())`,
      values: [userId, `Заказ №${placed.number}`, 'Заказ принят', `/order/${placed.number}`],
    });
    await client.query({
      name: 'bare_clear',
      text: 'delete from basket_items where user_id = $1 and point_id = $2',
      values: [userId, point.id],
    });
    await client.query({
      name: 'bare_finish',
      text: `update idempotency_keys set response_status = 200, response_body = $3
        where user_id = $1 and key = $2 and response_status is null returning key`,
      values: [userId, key, JSON.stringify({ orderIds: [placed.id] })],
    });
    const taken = await client.query({
      name: 'bare_take',
      text: `update stock set count = count - $3 where point_id = $1 and product_id = $2 and count >= $3
        returning count`,
      values: [point.id, productId, line.quantity],
    });
    if (taken.rowCount !== 1) {
      outcome = 'short';
      throw new Error('short');
    }
    await client.query('commit');
    return 'placed';
  } catch {
    await client.query('rollback');
    await bare.query({
      name: 'bare_release',
      text: 'delete from idempotency_keys where user_id = $1 and key = $2',
      values: [userId, key],
    });
    return outcome;
  } finally {
    client.release();
  }
}
