/**
 * `npm run bench:orders`: checkouts per second on PostgreSQL with 20 customers buying at once from one
 * product with 1,000 units (issue 6), through the API (in-process `inject`, so the HTTP stack, validation,
 * idempotency and the stock transaction all run; only the network is skipped). Each customer loops: put 1–3
 * units in the basket (the PATCH answers the basket, so no second read), place a pickup order, until the stock is
 * gone. At the end the invariant 'initial stock = remaining + ordered' is checked and printed, with the 409s the
 * losers of the last units got. The product is one sold by the piece (a weighed one takes grams, ADR 054: with it
 * every PATCH of 1–3 was refused and the bench placed nothing).
 *
 * Then, in the same run and on the same database, the stock back at 1,000: a bare baseline, the same 20
 * customers on a plain `pg` pool running the checkout's own statements by hand (the line's upsert, then one
 * transaction: the basket's lock, its lines, the stock read, the order with its item and event, the
 * notification, the lines out, the key finished, the stock locked and taken) as named statements, without
 * HTTP, sessions, validation, Drizzle or the answer. Printed for both: orders/s, the statements each order
 * cost (every query a pg client sent, the PATCH's included), and this process's CPU milliseconds per order
 * (the API's side includes `inject`'s load; PostgreSQL's backends are not counted: they may live in another
 * PID namespace): on a shared machine the rate measures the other jobs as much as ours, the CPU per order
 * much less.
 *
 * BENCH_DATABASE_URL: a PostgreSQL server where the bench may drop and create `fresh_bench_orders`.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
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
import { formatTable } from './lib';

const CUSTOMERS = 20;
const INITIAL_STOCK = 1000;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NAME = 'fresh_bench_orders';

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
const dbHandle = await openDb({ databaseUrl: url.toString(), poolSize: 30 });
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
const bare = new pg.Pool({ connectionString: url.toString(), max: 30 });

type Phase = {
  placed: number;
  orderedUnits: number;
  conflicts: number;
  errors: number;
  latencies: number[];
  seconds: number;
  statements: number;
  cpuMs: number;
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
  };
  const cpuBefore = process.cpuUsage();
  statements = 0;
  counting = true;
  const started = performance.now();
  await Promise.all(Array.from({ length: CUSTOMERS }, (_, index) => loop(index, phase)));
  phase.seconds = (performance.now() - started) / 1000;
  counting = false;
  phase.statements = statements;
  const cpu = process.cpuUsage(cpuBefore);
  phase.cpuMs = (cpu.user + cpu.system) / 1000;
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
  const restock = () =>
    dbHandle.db
      .update(stock)
      .set({ count: INITIAL_STOCK })
      .where(and(eq(stock.pointId, point.id), eq(stock.productId, row.productId)));
  await restock();
  const customers = await Promise.all(
    Array.from({ length: CUSTOMERS }, (_, i) =>
      signIn(
        t,
        `+7 (902) 000-${String(10 + Math.floor(i / 100)).padStart(2, '0')}-${String(i % 100).padStart(2, '0')}`,
      ),
    ),
  );

  const api = await measure(async (index, phase) => {
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
  });
  const apiCheck = await invariant(point.id, row.productId);

  // The bare baseline: the same customers, the stock back, the checkout's statements by hand.
  await restock();
  const userIds = (
    await bare.query<{ id: string }>('select user_id as id from sessions order by user_id')
  ).rows.map((user) => user.id);
  const uniqueUsers = [...new Set(userIds)];
  const bareRun = await measure(async (index, phase) => {
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
  });
  const bareCheck = await invariant(point.id, row.productId, apiCheck.ordered);

  const p = (phase: Phase, q: number) => {
    const sorted = [...phase.latencies].sort((a, b) => a - b);
    return (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);
  };
  const rowOf = (name: string, phase: Phase) => {
    const per = (value: number) => (value / Math.max(1, phase.placed)).toFixed(2);
    return [
      name,
      String(phase.placed),
      (phase.placed / phase.seconds).toFixed(0),
      p(phase, 0.5),
      p(phase, 0.99),
      String(phase.conflicts),
      String(phase.errors),
      per(phase.statements),
      per(phase.cpuMs),
    ];
  };
  console.log(
    `Checkout benchmark on PostgreSQL: ${CUSTOMERS} customers, ${INITIAL_STOCK} units, load average ` +
      `${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}\n\n` +
      formatTable([
        ['', 'orders', 'orders/s', 'p50 ms', 'p99 ms', '409', 'other errors', 'stmts/order', 'CPU ms/order'],
        rowOf('Фреш API', api),
        rowOf('bare pg', bareRun),
      ]) +
      `\n\nshare of the bare rate: ${((api.placed / api.seconds / (bareRun.placed / bareRun.seconds)) * 100).toFixed(0)} %` +
      `\ninvariant (API): ${apiCheck.text(api)}\ninvariant (bare): ${bareCheck.text(bareRun)}`,
  );
  if (!apiCheck.holds(api) || !bareCheck.holds(bareRun)) process.exitCode = 1;
} finally {
  await app.close();
  await dbHandle.close();
  await bare.end();
  await admin(`drop database if exists ${NAME} with (force)`);
  await rm(work, { recursive: true, force: true });
}

/** 'initial = remaining + ordered' for the units ordered since `before` units were. */
async function invariant(pointId: string, productId: string, before = 0) {
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
    INITIAL_STOCK === remaining + ordered && ordered === phase.orderedUnits && remaining >= 0;
  return {
    ordered: fromOrders?.units ?? 0,
    holds,
    text: (phase: Phase) =>
      `initial ${INITIAL_STOCK} = remaining ${remaining} + ordered ${ordered} (counted by the bench: ` +
      `${phase.orderedUnits}) → ${holds(phase) ? 'HOLDS' : 'BROKEN'}`,
  };
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
