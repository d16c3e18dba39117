/**
 * `npm run bench:search`: header search latency over a 100,000-product catalogue, per kind of query, on the
 * embedded PGlite and on PostgreSQL, next to a naive `name ILIKE '%q%'` query on the same database (the
 * baseline, measured in the same run). Targets (issue 26): p95 under 8 ms on PostgreSQL, under 12 ms on PGlite
 * (issue 3's were 10 and 30).
 *
 * Data: BENCH_PGLITE_DIR (default tmp/bench/pglite-100k) and BENCH_DATABASE_URL (default the local
 * fresh_bench_100k database); either is seeded with `npm run seed -- --products 100000` first if it has fewer
 * than BENCH_PRODUCTS (default 100000) products. BENCH_ROUNDS (default 30) passes over the query list.
 * `-- --products 1000000` measures a 1M-product catalogue on PostgreSQL alone (fresh_bench_1m; seeding it once
 * takes a while); `-- --only postgres|pglite` picks one database.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { count, sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import { type DbHandle, openDb, queryRows } from '../server/db/client';
import { products } from '../server/db/schema/index';
import { seedLargeCatalog } from '../server/db/seed/index';
import { systemClock } from '../server/lib/clock';
import { createCatalogService } from '../server/modules/catalog/catalog.service';
import { createSearchService } from '../server/modules/search/search.service';
import { formatTable, ROOT } from './lib';

const { values: flags } = parseArgs({
  options: { products: { type: 'string' }, only: { type: 'string' } },
});
const PRODUCTS = Number(flags.products ?? process.env.BENCH_PRODUCTS ?? 100_000);
if (!Number.isInteger(PRODUCTS) || PRODUCTS < 1) throw new Error(`--products ${flags.products}: not a count`);
if (flags.only !== undefined && flags.only !== 'postgres' && flags.only !== 'pglite')
  throw new Error(`--only ${flags.only}: postgres or pglite`);
/** 1M products is a PostgreSQL run (issue 26): the embedded database is for a shop's own catalogue. */
const ONLY = flags.only ?? (PRODUCTS > 100_000 ? 'postgres' : undefined);
const SIZE = PRODUCTS >= 1_000_000 ? `${PRODUCTS / 1_000_000}m` : `${Math.round(PRODUCTS / 1000)}k`;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const PGLITE_DIR = path.resolve(ROOT, process.env.BENCH_PGLITE_DIR ?? `tmp/bench/pglite-${SIZE}`);
const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/fresh_bench_${SIZE}`;
/** Issue 26's goals: at 100k products p95 < 8 ms on PostgreSQL, < 12 ms on PGlite; at 1M < 40 ms. */
const TARGET_P95_MS =
  PRODUCTS >= 1_000_000 ? { postgres: 40, pglite: 40 } : ({ postgres: 8, pglite: 12 } as const);

const QUERIES: Record<string, string[]> = {
  exact: ['молоко', 'сметана', 'кефир', 'творог', 'хлеб', 'сыр', 'мёд', 'яблоки', 'курица', 'картофель'],
  inflected: ['молоком', 'яблок', 'сметаной', 'курицей', 'сыра', 'творогом', 'хлебом', 'картофелем'],
  typo: ['малако', 'творох', 'сметона', 'кефер', 'картофиль', 'говядена'],
  layout: ['vjkjrj', '[kt,', 'cvtnfyf', 'ndjhju', 'rtabh', 'cshs'],
  prefix: ['мол', 'сме', 'кар', 'тво', 'кур'],
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function ensureData(handle: DbHandle): Promise<void> {
  await handle.migrate();
  const [row] = await handle.db.select({ value: count() }).from(products);
  const missing = PRODUCTS - (row?.value ?? 0);
  if (missing <= 0) return;
  console.log(`  seeding ${missing} products (once)…`);
  await seedLargeCatalog(handle.db, { products: missing, imagesDir: path.join(ROOT, 'tmp/bench/uploads') });
}

async function measure(kind: 'pglite' | 'postgres', handle: DbHandle): Promise<string[][]> {
  await ensureData(handle);
  // A settled catalogue: PostgreSQL's autovacuum keeps the visibility map of a table that is mostly read,
  // which the index-only ranking of prefix matches relies on (ADR 009); this machine's server runs with
  // autovacuum off and the embedded database has no autovacuum worker, so the bench vacuums once itself.
  await handle.db.execute(sql`vacuum analyze`);
  const catalog = createCatalogService({ db: handle.db, clock: systemClock }, { cacheTtlMs: 0 });
  const search = createSearchService({ catalog }, { vocabularyTtlMs: 60 * 60 * 1000 });
  await search.warmUp();
  const naive = (q: string) =>
    queryRows(
      handle.db,
      z.object({ id: z.string(), name: z.string() }),
      sql`select id, name from ${products} where ${products.name} ilike ${`%${q}%`} limit 7`,
    );
  const all = Object.values(QUERIES).flat();
  for (const q of all) {
    await search.suggest(q);
    await naive(q);
  }

  const rows: string[][] = [];
  const overall: number[] = [];
  const naiveTimes: number[] = [];
  for (const [label, queries] of Object.entries(QUERIES)) {
    const times: number[] = [];
    let empty = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const q of queries) {
        const started = performance.now();
        const found = await search.suggest(q);
        times.push(performance.now() - started);
        if (found.length === 0) empty += 1;
        const naiveStarted = performance.now();
        await naive(q);
        naiveTimes.push(performance.now() - naiveStarted);
      }
    }
    times.sort((a, b) => a - b);
    overall.push(...times);
    rows.push([
      kind,
      label,
      String(times.length),
      percentile(times, 50).toFixed(2),
      percentile(times, 95).toFixed(2),
      percentile(times, 99).toFixed(2),
      empty === 0 ? 'all found' : `${empty / ROUNDS} of ${queries.length} empty`,
    ]);
  }
  overall.sort((a, b) => a - b);
  naiveTimes.sort((a, b) => a - b);
  const p95 = percentile(overall, 95);
  rows.push([
    kind,
    'ALL',
    String(overall.length),
    percentile(overall, 50).toFixed(2),
    p95.toFixed(2),
    percentile(overall, 99).toFixed(2),
    `${p95 <= TARGET_P95_MS[kind] ? 'within' : 'OVER'} the ${TARGET_P95_MS[kind]} ms p95 target`,
  ]);
  rows.push([
    kind,
    'naive ILIKE',
    String(naiveTimes.length),
    percentile(naiveTimes, 50).toFixed(2),
    percentile(naiveTimes, 95).toFixed(2),
    percentile(naiveTimes, 99).toFixed(2),
    `search p50 = ${(percentile(overall, 50) / percentile(naiveTimes, 50)).toFixed(2)}x the naive query`,
  ]);
  return rows;
}

async function ensurePostgresDatabase(): Promise<void> {
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

console.log(
  `Search benchmark: ${PRODUCTS} products, ${ROUNDS} rounds, latency in ms of the header suggestions`,
);
const rows = [['database', 'kind', 'queries', 'p50', 'p95', 'p99', 'note']];

if (ONLY !== 'postgres') {
  await mkdir(PGLITE_DIR, { recursive: true });
  // 100k products are several times the demo's data: PostgreSQL's default pool, as the figures before ADR 047's
  // smaller PGlite default were measured with.
  const pglite = await openDb({ pgliteDir: PGLITE_DIR, pgliteSharedBuffers: '128MB' });
  try {
    rows.push(...(await measure('pglite', pglite)));
  } finally {
    await pglite.close();
  }
}

if (ONLY !== 'pglite') {
  try {
    await ensurePostgresDatabase();
    const postgres = await openDb({ databaseUrl: DATABASE_URL });
    try {
      rows.push(...(await measure('postgres', postgres)));
    } finally {
      await postgres.close();
    }
  } catch (error) {
    console.log(`PostgreSQL skipped: ${error instanceof Error ? error.message : String(error)}`);
  }
}

console.log(`\n${formatTable(rows)}`);
