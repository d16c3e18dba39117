/**
 * `npm run import:yml -- --store <shop slug> [--pictures <folder>] <feed file or URL>`: a shop's YML (Yandex
 * Market) feed into the catalogue (issue 28, ADR 049). Upserts by (shop, offer id), prints what was created,
 * updated, left unchanged and skipped, with the reason of every skipped offer; a second run of the same feed
 * changes nothing. With the embedded database, stop the server first (one process opens it at a time).
 * Exit code: 0 all went in, 1 the feed broke (what came before is in) or nothing could start, 2 usage,
 * 3 some offers were skipped.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { loadConfig } from '../server/config';
import { createWorkQueue } from '../server/lib/work-queue';
import {
  type ImportCounts,
  type ImportReport,
  importYmlFeed,
} from '../server/modules/catalog/import/yml-import';
import { createLocalDiskStorage } from '../server/storage/local-disk-storage';
import { announceToServers, openCliDatabase, uploadDirOf } from './cli-services';
import { createPictureLoader } from './import-pictures';
import { progressBar } from './progress-bar';
import { runCli } from './run-cli';

const USAGE = 'Usage: npm run import:yml -- --store <shop slug> [--pictures <folder>] <feed file or URL>';
/** The feed's server must answer, and then send each next piece of the body, within this. */
const FEED_IDLE_TIMEOUT_MS = 30_000;

type Arguments = { store: string; pictures: string | null; source: string };

function parseArguments(argv: readonly string[]): Arguments | null {
  let store: string | undefined;
  let pictures: string | null = null;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--store') store = argv[++i];
    else if (arg === '--pictures') pictures = argv[++i] ?? null;
    else if (arg !== undefined) rest.push(arg);
  }
  const [source, ...extra] = rest;
  return store && source && extra.length === 0 ? { store, pictures, source } : null;
}

/** The feed's bytes, with their count so far and the total when known (for the progress bar). */
type Feed = { chunks: AsyncIterable<Uint8Array>; totalBytes: number | null; readonly readBytes: number };

function counted(chunks: AsyncIterable<Uint8Array>, totalBytes: number | null): Feed {
  let readBytes = 0;
  return {
    totalBytes,
    get readBytes() {
      return readBytes;
    },
    chunks: (async function* () {
      for await (const chunk of chunks) {
        readBytes += chunk.length;
        yield chunk;
      }
    })(),
  };
}

async function openFeed(source: string): Promise<Feed> {
  if (!/^https?:\/\//i.test(source)) {
    return counted(createReadStream(source, { highWaterMark: 64 * 1024 }), (await stat(source)).size);
  }
  const feed = await openFeedUrl(source);
  return counted(feed.chunks, feed.totalBytes);
}

async function openFeedUrl(
  source: string,
): Promise<{ chunks: AsyncIterable<Uint8Array>; totalBytes: number | null }> {
  const controller = new AbortController();
  let timer = setTimeout(() => controller.abort(), FEED_IDLE_TIMEOUT_MS);
  const response = await fetch(source, { signal: controller.signal }).catch((error: unknown) => {
    clearTimeout(timer);
    throw controller.signal.aborted
      ? new Error(`The feed's server did not answer in ${FEED_IDLE_TIMEOUT_MS / 1000} s`)
      : error;
  });
  if (!response.ok || !response.body) {
    clearTimeout(timer);
    throw new Error(`The feed's server answered ${response.status}`);
  }
  const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  const length = Number(response.headers.get('content-length'));
  // The body may take as long as it needs, but never stall: each chunk must come within the idle timeout.
  const chunks = (async function* () {
    try {
      for await (const chunk of body) {
        clearTimeout(timer);
        timer = setTimeout(() => controller.abort(), FEED_IDLE_TIMEOUT_MS);
        yield chunk as Uint8Array;
      }
    } finally {
      clearTimeout(timer);
    }
  })();
  return { chunks, totalBytes: Number.isSafeInteger(length) && length > 0 ? length : null };
}

const progressLine = (counts: ImportCounts) =>
  `Offers: ${counts.created + counts.updated + counts.unchanged + counts.skipped} ` +
  `(created ${counts.created}, updated ${counts.updated}, unchanged ${counts.unchanged}, skipped ${counts.skipped})`;

function formatReport(report: ImportReport): string[] {
  const lines = [
    `${report.store.name} (${report.store.slug})`,
    `Categories: ${report.categories.matched} matched, ${report.categories.created} created, ` +
      `${report.categories.skipped} skipped`,
    progressLine(report.offers),
  ];
  for (const problem of report.problems) {
    const what = problem.category ? 'category' : 'offer';
    lines.push(
      `  ${problem.kind === 'skipped' ? 'skipped' : 'warning'}: ${what} ${problem.offerId ?? '(no id)'}` +
        `${problem.line ? ` (line ${problem.line})` : ''}: ${problem.reason}`,
    );
  }
  if (report.problemsNotListed > 0) lines.push(`  … and ${report.problemsNotListed} more not listed`);
  if (report.feedError) {
    lines.push(
      `The feed is broken at line ${report.feedError.line}, column ${report.feedError.column}: ` +
        `${report.feedError.message}`,
      'The offers before that point are imported and committed; nothing after it was read.',
    );
  }
  if (report.withdrawn > 0) {
    lines.push(
      `Withdrawn: ${report.withdrawn} products no longer in the feed are out of stock at every point`,
    );
  }
  return lines;
}

async function main(): Promise<number> {
  const args = parseArguments(process.argv.slice(2));
  if (!args) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const isUrl = /^https?:\/\//i.test(args.source);
  const feed = await openFeed(args.source);
  const dbHandle = await openCliDatabase(config);
  try {
    await dbHandle.exclusively(() => dbHandle.migrate());
    const pictures = createPictureLoader({
      storage: createLocalDiskStorage(uploadDirOf(config)),
      imageQueue: createWorkQueue({ concurrency: 1, maxWaiting: 1 }),
      folder: args.pictures ?? (isUrl ? null : path.dirname(path.resolve(args.source))),
      baseUrl: isUrl && !args.pictures ? args.source : undefined,
    });
    const isTty = process.stderr.isTTY === true;
    const report = await importYmlFeed(
      { db: dbHandle.db, pictures },
      {
        storeSlug: args.store,
        chunks: feed.chunks,
        onProgress: isTty
          ? (counts) =>
              process.stderr.write(
                `\r${progressBar(feed.readBytes, feed.totalBytes)} · ${progressLine(counts)}\x1b[K`,
              )
          : undefined,
      },
    );
    if (isTty) process.stderr.write('\n');
    for (const line of formatReport(report)) console.log(line);
    if (report.vacuumError) {
      console.error(
        `Warning: the import is complete, but ${report.vacuumError}. Search may be slower until autovacuum ` +
          'has run (or run VACUUM (ANALYZE) products, stock).',
      );
    }
    const { offers } = report;
    if (offers.created + offers.updated + report.withdrawn + report.categories.created > 0) {
      console.log(
        (await announceToServers(config, { kind: 'catalogue-changed' }))
          ? 'The running servers were told: their cached pages, shop lists and typo dictionary are dropped.'
          : 'Without REDIS_URL the running server is not told: guests’ cached pages and the shop lists catch ' +
              'up within their cache lifetimes (PAGE_CACHE_TTL_MS, CONTENT_CACHE_TTL_S), the typo dictionary ' +
              'within 10 minutes. Search finds the new products at once.',
      );
    }
    if (report.feedError) return 1;
    return report.offers.skipped > 0 ? 3 : 0;
  } finally {
    await dbHandle.close();
  }
}

runCli(main);
