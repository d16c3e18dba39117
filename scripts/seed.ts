/**
 * `npm run seed [-- --products N]`: migrates the database the server would use, seeds the demo data when it is
 * empty, and optionally adds N generated products for benchmarks.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadConfig } from '../server/config';
import { openDb } from '../server/db/client';
import { isDatabaseEmpty, seedDemo, seedLargeCatalog } from '../server/db/seed/index';
import { runCli } from './run-cli';

const MAX_PRODUCTS = 10_000_000;
const EXIT_USAGE = 2;
const EXIT_INTERRUPTED = 130;

const USAGE = `Usage: npm run seed [-- --products N]

Migrates the database and seeds the demo data (cities, zones, shops, products, content) when it is empty.

Options:
  -p, --products N   also generate N more products over the existing shops (e.g. 100000 for benchmarks)
  -h, --help         show this help

Environment (read like the server does):
  DATABASE_URL       PostgreSQL connection string; without it the embedded PGlite in $DATA_DIR/pglite is used
  DATA_DIR           data directory (default ./data)
  UPLOAD_DIR         where generated pictures go (default $DATA_DIR/uploads; served at /uploads/)`;

class UsageError extends Error {}

function parseCommandLine(argv: string[]): { help: boolean; products: number } {
  let values: { help?: boolean; products?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        help: { type: 'boolean', short: 'h' },
        products: { type: 'string', short: 'p' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { help: true, products: 0 };
  if (values.products === undefined) return { help: false, products: 0 };
  const text = values.products.replace(/_/g, '');
  const products = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(products) || products < 1 || products > MAX_PRODUCTS) {
    throw new UsageError(
      `--products must be a whole number from 1 to ${MAX_PRODUCTS.toLocaleString('en-US')}, got "${values.products}"`,
    );
  }
  return { help: false, products };
}

function createProgressReporter(total: number): { update(done: number): void; stop(): void } {
  const startedAt = performance.now();
  const rate = (done: number) => Math.round(done / Math.max((performance.now() - startedAt) / 1000, 0.001));
  if (!process.stdout.isTTY) {
    let nextTenth = 1;
    return {
      update(done) {
        while (done >= (total * nextTenth) / 10 && nextTenth <= 10) {
          console.log(`products: ${done}/${total} (${nextTenth * 10}%), ${rate(done)}/s`);
          nextTenth += 1;
        }
      },
      stop() {},
    };
  }
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stdout,
      format: 'products [{bar}] {percentage}% | {value}/{total} | {rate}/s | ETA {eta_formatted}',
      etaBuffer: 20,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { rate: 0 });
  return {
    update(done) {
      // Nothing to estimate from before the first batch lands (the ETA would read "NFs").
      if (done > 0) bar.update(done, { rate: rate(done) });
    },
    stop() {
      bar.stop();
    },
  };
}

async function main(): Promise<number> {
  let options: { help: boolean; products: number };
  try {
    options = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`error: ${error.message}\n\n${USAGE}`);
    return EXIT_USAGE;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }

  const config = loadConfig();
  const imagesDir = path.resolve(process.env.UPLOAD_DIR || path.join(config.dataDir, 'uploads'));
  const handle = await openDb({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  const abort = new AbortController();
  const onSignal = () => abort.abort(new Error('interrupted'));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    console.log(
      `database: ${handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : path.join(config.dataDir, 'pglite')}`,
    );
    await handle.migrate();
    if (await isDatabaseEmpty(handle.db)) {
      const startedAt = performance.now();
      const summary = await seedDemo(handle.db, { imagesDir });
      console.log(
        `demo data seeded in ${Math.round(performance.now() - startedAt)} ms: ${summary.stores} shops, ` +
          `${summary.points} points, ${summary.products} products, ${summary.stockRows} stock rows, ` +
          `${summary.images} pictures in ${imagesDir}`,
      );
    } else {
      console.log('database already has data: demo seed skipped');
    }
    if (options.products > 0) {
      const startedAt = performance.now();
      const progress = createProgressReporter(options.products);
      try {
        await seedLargeCatalog(handle.db, {
          products: options.products,
          imagesDir,
          signal: abort.signal,
          onProgress: (done) => progress.update(done),
        });
      } finally {
        progress.stop();
      }
      const seconds = (performance.now() - startedAt) / 1000;
      console.log(
        `${options.products} products generated in ${seconds.toFixed(1)} s ` +
          `(${Math.round(options.products / seconds)}/s)`,
      );
    }
    return 0;
  } catch (error) {
    if (abort.signal.aborted) {
      console.error('interrupted: the batches committed so far are kept');
      return EXIT_INTERRUPTED;
    }
    throw error;
  } finally {
    await handle.close();
  }
}

runCli(main);
