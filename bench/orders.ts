/**
 * `npm run bench:orders`: checkouts per second on PostgreSQL with 20 customers buying at once from one
 * product with 1,000 units (issue 6), through the API (in-process `inject`, so the HTTP stack, validation,
 * idempotency and the stock transaction all run; only the network is skipped). Each customer loops: put 1–3
 * units in the basket, place a pickup order, until the stock is gone. At the end the invariant
 * 'initial stock = remaining + ordered' is checked and printed, with the 409s the losers of the last units got.
 *
 * BENCH_DATABASE_URL: a PostgreSQL server where the bench may drop and create `fresh_bench_orders`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDb } from '../server/db/client';
import { points, stock, stores } from '../server/db/schema/index';
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

try {
  const [point] = await dbHandle.db.select().from(points).where(eq(points.isPickup, true)).limit(1);
  const [row] = await dbHandle.db
    .select()
    .from(stock)
    .where(eq(stock.pointId, point?.id ?? ''))
    .limit(1);
  if (!point || !row) throw new Error('no stocked pickup point in the demo data');
  await dbHandle.db
    .update(stock)
    .set({ count: INITIAL_STOCK })
    .where(and(eq(stock.pointId, point.id), eq(stock.productId, row.productId)));
  const customers = await Promise.all(
    Array.from({ length: CUSTOMERS }, (_, i) =>
      signIn(
        t,
        `+7 (902) 000-${String(10 + Math.floor(i / 100)).padStart(2, '0')}-${String(i % 100).padStart(2, '0')}`,
      ),
    ),
  );

  let placed = 0;
  let orderedUnits = 0;
  let conflicts = 0;
  let errors = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    customers.map(async (customer, index) => {
      for (let round = 0; ; round += 1) {
        const quantity = ((index + round) % 3) + 1;
        await app.inject({
          method: 'PATCH',
          url: '/api/user/me/basket',
          headers: customer.headers,
          payload: { warehouse_id: point.id, product_id: row.productId, quantity },
        });
        const basket = (
          await app.inject({ method: 'GET', url: '/api/user/me/basket', headers: customer.headers })
        ).json() as Record<string, { quantity: number }[]>;
        const inBasket = basket[point.id]?.[0]?.quantity ?? 0;
        if (inBasket === 0) return;
        const requestStarted = performance.now();
        const response = await app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { ...customer.headers, 'idempotency-key': crypto.randomUUID() },
          payload: {
            orders: [{ point: point.id, fulfilment: 'pickup' }],
            phone: '+79020001122',
            payment: 'cash',
          },
        });
        latencies.push(performance.now() - requestStarted);
        if (response.statusCode === 200) {
          placed += 1;
          orderedUnits += inBasket;
        } else if (response.statusCode === 409) conflicts += 1;
        else errors += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const [left] = await dbHandle.db
    .select({ count: stock.count })
    .from(stock)
    .where(and(eq(stock.pointId, point.id), eq(stock.productId, row.productId)));
  const [fromOrders] = await dbHandle.db
    .execute<{ units: number }>(
      sql`select coalesce(sum(quantity), 0)::int as units from order_items where product_id = ${row.productId}`,
    )
    .then((result) => (result as unknown as { rows: { units: number }[] }).rows);
  latencies.sort((a, b) => a - b);
  const p = (q: number) =>
    (latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(1);
  const remaining = left?.count ?? -1;
  const ordered = fromOrders?.units ?? -1;
  console.log(
    `Checkout benchmark on PostgreSQL: ${CUSTOMERS} customers, ${INITIAL_STOCK} units\n\n` +
      formatTable([
        ['orders', 'orders/s', 'p50 ms', 'p99 ms', '409', 'other errors'],
        [String(placed), (placed / seconds).toFixed(0), p(0.5), p(0.99), String(conflicts), String(errors)],
      ]) +
      `\n\ninvariant: initial ${INITIAL_STOCK} = remaining ${remaining} + ordered ${ordered} ` +
      `(counted by the bench: ${orderedUnits}) → ${INITIAL_STOCK === remaining + ordered && ordered === orderedUnits && remaining >= 0 ? 'HOLDS' : 'BROKEN'}`,
  );
} finally {
  await app.close();
  await dbHandle.close();
  await admin(`drop database if exists ${NAME} with (force)`);
  await rm(work, { recursive: true, force: true });
}
