/**
 * `npm run bench:peers` (issue 23, ADR 040): Фреш's /catalog against its peers, in one run, on one PostgreSQL
 * database (BENCH_DATABASE_URL's server; a fresh `fresh_bench_peers` database the first Фреш server migrates
 * and seeds):
 *
 * - Фреш uncached: the built server with the guest page cache off (PAGE_CACHE_TTL_MS=0), as a signed-in
 *   shopper or an area not yet cached gets it;
 * - Фреш cached: the same with the page cache on;
 * - Next.js 16 App Router (bench/peers/next, its own package.json and lock, installed and built here on first
 *   use): the same 48 cards rendered by React from the same SQL, `next start`;
 * - a bare node:http + pg server (bench/peers/bare-server.mjs): the same SQL, the same cards by template string.
 *
 * The SQL is Фреш's own: its repository's catalogue query for the page, captured as it is sent. The card markup
 * is cut from Фреш's /catalog of this run; the peers fill it with Фреш's presenter and formatting rules
 * (bench/peers/peer-runtime.ts, bundled for them), and the bench checks both peers' grids are byte for byte
 * Фреш's before measuring. Every server is pinned to core 0, the load generator to core 1 (bench/lib.ts).
 * BENCH_SECONDS (10), BENCH_CONNECTIONS (20). Besides req/s, each server's CPU time per request (its process
 * tree's, from /proc) and the ratios taken on it: on a machine other jobs load, req/s mostly measures them.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CATALOG_PAGE_SIZE } from '@core/rules/catalog';
import { DELIVERY_AREA_COOKIE, formatDeliveryArea } from '@core/rules/delivery-area';
import { findZoneForPoint } from '@core/rules/geo';
import { drizzle } from 'drizzle-orm/node-postgres';
import { build } from 'esbuild';
import pg from 'pg';
import type { Db } from '../server/db/client';
import * as schema from '../server/db/schema/index';
import { findProductCards, productCardColumns } from '../server/modules/catalog/catalog.repository';
import { BUILT_SERVER_ENTRY } from './customers';
import {
  formatTable,
  type LoadResult,
  pinSelf,
  processTreeCpuMs,
  ROOT,
  spawnNode,
  stopChild,
  waitFor200,
} from './lib';
import { cardOf, cardValues, fillTemplate, type PeerConfig, signature } from './peers/peer-runtime';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PORTS = { uncached: 3911, cached: 3912, next: 3913, bare: 3914 };
const NEXT_DIR = path.join(ROOT, 'bench/peers/next');
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The catalogue's first-row pictures load eagerly (app/routes/catalog.tsx). */
const EAGER_COUNT = 4;

if (!existsSync(BUILT_SERVER_ENTRY)) {
  console.error(
    `No production build at ${BUILT_SERVER_ENTRY}: run "npm run build" first (BUILD_DIR is respected).`,
  );
  process.exit(1);
}

const databaseUrl = (() => {
  const url = new URL(BASE_URL);
  url.pathname = '/fresh_bench_peers';
  return url.toString();
})();

async function freshDatabase(): Promise<void> {
  const url = new URL(BASE_URL);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query('drop database if exists fresh_bench_peers with (force)');
    await client.query('create database fresh_bench_peers');
  } finally {
    await client.end();
  }
}

/** Фреш's catalogue query for /catalog in `zoneId`, captured from its repository as it is sent. */
async function catalogueQuery(zoneId: string): Promise<Pick<PeerConfig, 'sql' | 'params' | 'fields'>> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const sent: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (sql, params) => sent.push({ sql, params }) },
  }) as unknown as Db;
  try {
    await findProductCards(db, {}, { zoneId }, { order: 'popular', limit: CATALOG_PAGE_SIZE, offset: 0 });
  } finally {
    await pool.end();
  }
  const [query] = sent;
  if (!query || sent.length !== 1) throw new Error(`expected one catalogue query, saw ${sent.length}`);
  return {
    sql: query.sql,
    params: query.params,
    fields: [...Object.keys(productCardColumns), 'offer', 'total'],
  };
}

/** The grid of a page: its opening tag and its cards (each `<li>…</li>`). */
function cutGrid(html: string): { gridOpen: string; cards: string[] } {
  const firstCard = html.indexOf('<li><article');
  const gridStart = html.lastIndexOf('<ul', firstCard);
  const gridEnd = html.indexOf('</ul>', firstCard);
  if (firstCard < 0 || gridStart < 0 || gridEnd < 0) throw new Error('no product grid in the page');
  const gridOpen = html.slice(gridStart, html.indexOf('>', gridStart) + 1);
  const inner = html.slice(gridStart + gridOpen.length, gridEnd);
  const cards = inner.split(/(?=<li><article)/).filter(Boolean);
  return { gridOpen, cards };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) =>
    char === '&'
      ? '&amp;'
      : char === '<'
        ? '&lt;'
        : char === '>'
          ? '&gt;'
          : char === '"'
            ? '&quot;'
            : '&#x27;',
  );

/** A card's markup with its product's texts replaced by placeholders (the longest first). */
function templateOf(card: string, values: ReturnType<typeof cardValues>): string {
  let template = card;
  const entries = Object.entries(values)
    .filter(([, value]) => value !== '')
    .sort(([, a], [, b]) => b.length - a.length);
  for (const [key, value] of entries) {
    const escaped = escapeHtml(value);
    // Short numbers only where the card writes them, not inside other texts.
    const patterns: Record<string, RegExp> = {
      discount: new RegExp(`(<span class="badge-sale">−)${escaped}(%</span>)`, 'g'),
      // The rating: the last span of the size's line (the card styles it by its place, ADR 044).
      rating: new RegExp(`(<span>)${escaped.replace('.', '\\.')}(</span></p>)`, 'g'),
      weight: new RegExp(`(<span>)${escaped}(</span>)`, 'g'),
      unit: new RegExp(`(name="unit" value=")${escaped}(")`, 'g'),
      // 'В корзину' names its line '<point>.<product>.<min>' in its value (ADR 044); the ids are replaced first.
      min: new RegExp(`(\\}\\}\\.)${escaped}(")`, 'g'),
    };
    const pattern = patterns[key];
    template = pattern
      ? template.replace(pattern, `$1{{${key}}}$2`)
      : template.split(escaped).join(`{{${key}}}`);
  }
  return template;
}

async function bundleRuntime(): Promise<void> {
  await build({
    entryPoints: [path.join(ROOT, 'bench/peers/peer-runtime.ts')],
    outfile: path.join(NEXT_DIR, 'lib/peer-runtime.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
  });
}

function run(command: string, args: string[], cwd: string): void {
  execFileSync(command, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
}

/** Installs the peer's own packages (its lock) and builds it when its sources changed since the last build. */
async function prepareNext(): Promise<void> {
  if (!existsSync(path.join(NEXT_DIR, 'node_modules/next'))) {
    console.log('installing the Next.js peer (bench/peers/next, npm ci)…');
    run('npm', ['ci', '--no-audit', '--no-fund'], NEXT_DIR);
  }
  const hash = createHash('sha256');
  for (const dir of ['app', 'lib']) {
    for (const file of (await readdir(path.join(NEXT_DIR, dir))).sort()) {
      hash.update(file).update(await readFile(path.join(NEXT_DIR, dir, file)));
    }
  }
  for (const file of ['package-lock.json', 'next.config.mjs'])
    hash.update(await readFile(path.join(NEXT_DIR, file)));
  const digest = hash.digest('hex');
  const stamp = path.join(NEXT_DIR, '.next/peer-sources.sha256');
  if ((await readFile(stamp, 'utf8').catch(() => '')) === digest) return;
  console.log('building the Next.js peer (next build)…');
  run(process.execPath, [path.join(NEXT_DIR, 'node_modules/next/dist/bin/next'), 'build'], NEXT_DIR);
  await writeFile(stamp, digest);
}

async function waitForMessage(child: ReturnType<typeof spawnNode>): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`exited with ${code} before it was ready`)));
  });
}

/** The id of a card's link (its only one, in its title), which its controls name themselves by (ADR 044). */
function labelIdOf(card: string): string {
  const id = /<a id="([^"]+)"/.exec(card)?.[1];
  if (!id) throw new Error(`a card without its link's id:\n${card}`);
  return id;
}

/** The grid with each card's link id written as its position: each server makes its own ids. */
const gridOf = (html: string) => {
  const { gridOpen, cards } = cutGrid(html);
  const positional = (card: string, index: number) => {
    const id = labelIdOf(card);
    // As an attribute's whole value (the link's id) or its last word (the controls' aria-labelledby).
    return card.split(`"${id}"`).join(`"#${index}"`).split(` ${id}"`).join(` #${index}"`);
  };
  return gridOpen + cards.map(positional).join('');
};

console.log(`Peer benchmark of /catalog: ${SECONDS} s per server, ${CONNECTIONS} connections; ${pinSelf()}`);
const dataDir = await mkdtemp(path.join(tmpdir(), 'fresh-peers-'));
const children: ReturnType<typeof spawnNode>[] = [];
try {
  await freshDatabase();
  const startFresh = (port: number, pageCacheMs: string) =>
    spawnNode([BUILT_SERVER_ENTRY], {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, String(port)),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      PAGE_CACHE_TTL_MS: pageCacheMs,
    });
  // The first start migrates and seeds; the second finds it done.
  const uncachedServer = startFresh(PORTS.uncached, '0');
  children.push(uncachedServer);
  await waitFor200(`http://127.0.0.1:${PORTS.uncached}/healthz`, performance.now(), 300_000);
  const cachedServer = startFresh(PORTS.cached, '2000');
  children.push(cachedServer);
  await waitFor200(`http://127.0.0.1:${PORTS.cached}/healthz`, performance.now());

  // A guest with a delivery zone (the default city's centre): the uncached page is what an area not yet in
  // the cache gets.
  type City = {
    _id: string;
    default: boolean;
    center: { longitude: number; latitude: number };
    delivery_areas: { _id: string; zone: [number, number][][] }[];
  };
  const { cities } = (await (await fetch(`http://127.0.0.1:${PORTS.uncached}/api/settings`)).json()) as {
    cities: City[];
  };
  const city = cities.find((item) => item.default) ?? cities[0];
  const zone = city
    ? findZoneForPoint(
        [city.center.longitude, city.center.latitude],
        city.delivery_areas.map((area) => ({ id: area._id, polygon: area.zone })),
      )
    : undefined;
  if (!city || !zone) throw new Error('the demo data has no zone at its city’s centre');
  const cookie = `${DELIVERY_AREA_COOKIE}=${formatDeliveryArea({ mode: 'delivery', cityId: city._id, zoneId: zone.id })}`;
  const headers = { cookie };
  const freshHtml = await (await fetch(`http://127.0.0.1:${PORTS.uncached}/catalog`, { headers })).text();

  // The peers' configuration: Фреш's query, and its card templates by shape.
  const query = await catalogueQuery(zone.id);
  const rows = (
    await (async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return await client.query({ text: query.sql, values: query.params, rowMode: 'array' });
      } finally {
        await client.end();
      }
    })()
  ).rows as unknown[][];
  const { gridOpen, cards } = cutGrid(freshHtml);
  if (cards.length !== rows.length)
    throw new Error(`the page has ${cards.length} cards, the query ${rows.length}`);
  const now = new Date();
  const templates: Record<string, string> = {};
  rows.forEach((row, index) => {
    const card = cardOf(row, query.fields, now);
    const shape = signature(card, index, EAGER_COUNT);
    const values = cardValues(card, labelIdOf(cards[index] ?? ''));
    const template = templateOf(cards[index] ?? '', values);
    if (templates[shape] === undefined) templates[shape] = template;
    if (fillTemplate(templates[shape] ?? '', values) !== cards[index]) {
      throw new Error(
        `card ${index + 1} (${card.name}) is not its shape's template filled in:\n${cards[index]}\n` +
          `the template filled in:\n${fillTemplate(templates[shape] ?? '', values)}`,
      );
    }
  });
  const config: PeerConfig = { ...query, templates, gridOpen, eagerCount: EAGER_COUNT };
  const configFile = path.join(dataDir, 'peer-config.json');
  await writeFile(configFile, JSON.stringify(config));
  console.log(
    `Фреш's /catalog: ${(Buffer.byteLength(freshHtml) / 1024).toFixed(1)} KB, ${cards.length} cards, ` +
      `${Object.keys(templates).length} card shapes cut as templates`,
  );

  await mkdir(path.join(NEXT_DIR, 'lib'), { recursive: true });
  await bundleRuntime();
  await prepareNext();
  const peerEnv = { PEER_CONFIG: configFile, DATABASE_URL: databaseUrl, NODE_ENV: 'production' };
  const next = spawnNode(
    [
      path.join(NEXT_DIR, 'node_modules/next/dist/bin/next'),
      'start',
      NEXT_DIR,
      '-p',
      String(PORTS.next),
      '-H',
      '127.0.0.1',
    ],
    { ...peerEnv, NEXT_TELEMETRY_DISABLED: '1' },
  );
  children.push(next);
  const bare = spawnNode([path.join(ROOT, 'bench/peers/bare-server.mjs'), String(PORTS.bare)], peerEnv, {
    ipc: true,
  });
  children.push(bare);
  await waitForMessage(bare);
  await waitFor200(`http://127.0.0.1:${PORTS.next}/`, performance.now());

  // Same markup: each peer's grid is Фреш's, byte for byte.
  const freshGrid = gridOf(freshHtml);
  for (const [name, url] of [
    ['Next.js', `http://127.0.0.1:${PORTS.next}/`],
    ['bare', `http://127.0.0.1:${PORTS.bare}/`],
  ] as const) {
    const html = await (await fetch(url)).text();
    const grid = gridOf(html);
    if (grid !== freshGrid) {
      const at = [...grid].findIndex((char, index) => char !== freshGrid[index]);
      throw new Error(
        `the ${name} peer's grid differs from Фреш's at ${at}:\n  peer:  ${grid.slice(at - 80, at + 120)}\n  Фреш: ${freshGrid.slice(at - 80, at + 120)}`,
      );
    }
    console.log(
      `${name} peer: the same grid (${(Buffer.byteLength(grid) / 1024).toFixed(1)} KB), page ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB`,
    );
  }

  const targets = [
    ['Фреш /catalog, uncached', `http://127.0.0.1:${PORTS.uncached}/catalog`, uncachedServer.pid],
    ['Фреш /catalog, page cache', `http://127.0.0.1:${PORTS.cached}/catalog`, cachedServer.pid],
    ['Next.js 16 App Router', `http://127.0.0.1:${PORTS.next}/`, next.pid],
    ['node:http + pg + template string', `http://127.0.0.1:${PORTS.bare}/`, bare.pid],
  ] as const;
  const results = new Map<string, Measured>();
  for (const [name, url, pid] of targets) {
    await loadWith(url, 2, pid);
    results.set(name, await loadWith(url, SECONDS, pid));
  }
  const rowsOut = [['server', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'CPU ms/req']];
  for (const [name, result] of results) {
    rowsOut.push([
      name,
      result.rps.toFixed(0),
      result.p50.toFixed(1),
      result.p99.toFixed(1),
      String(result.errors + result.non2xx),
      result.cpuMsPerRequest === null ? '–' : result.cpuMsPerRequest.toFixed(2),
    ]);
  }
  const rps = (name: string) => results.get(name)?.rps ?? 0;
  // Requests per CPU second: what the server would serve with a core to itself (the database's own work, in
  // its own process, not counted for any of them).
  const perCpu = (name: string) => {
    const cpu = results.get(name)?.cpuMsPerRequest;
    return cpu ? 1000 / cpu : 0;
  };
  const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);
  const compare = (label: string, a: string, b: string, percent: boolean, goal: string) => {
    const show = (value: number) => (percent ? `${(value * 100).toFixed(1)} %` : `${value.toFixed(2)}×`);
    console.log(
      `${label.padEnd(32)}${show(ratio(rps(a), rps(b))).padStart(8)} by req/s, ` +
        `${show(ratio(perCpu(a), perCpu(b))).padStart(8)} by CPU per request${goal}`,
    );
  };
  const [fresh, cached, nextName, bareName] = targets;
  console.log(`\n${formatTable(rowsOut)}\n`);
  compare('Фреш uncached / Next.js:', fresh[0], nextName[0], false, ' (goal ≥ 4×)');
  compare('Фреш uncached / bare:', fresh[0], bareName[0], true, ' (goal ≥ 40 %)');
  compare('Фреш page cache / bare:', cached[0], bareName[0], false, '');
  compare('Next.js / bare:', nextName[0], bareName[0], true, '');

  type Measured = LoadResult & { cpuMsPerRequest: number | null };

  async function loadWith(url: string, seconds: number, pid: number | undefined): Promise<Measured> {
    const { default: autocannon } = await import('autocannon');
    const cpuBefore = pid === undefined ? null : processTreeCpuMs(pid);
    const result = await autocannon({ url, duration: seconds, connections: CONNECTIONS, headers });
    const cpuAfter = pid === undefined ? null : processTreeCpuMs(pid);
    const served = result.requests.total;
    return {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      cpuMsPerRequest:
        cpuBefore === null || cpuAfter === null || served === 0 ? null : (cpuAfter - cpuBefore) / served,
    };
  }
} finally {
  for (const child of children.reverse()) await stopChild(child);
  await rm(dataDir, { recursive: true, force: true });
}
