/**
 * `npm run bench:import`: the YML catalogue import (ADR 049) over a generated feed (IMPORT_OFFERS, 100,000 by
 * default, two outlets each) into a fresh embedded database (or BENCH_DATABASE_URL's PostgreSQL database, which
 * it writes into). Prints offers/s and peak RSS of three runs in one process: the baseline (saxes reading the
 * same file and checking each offer, writing nothing), the first import (every offer created) and the second
 * (every offer unchanged), with the imports as a share of the baseline: ratios on this machine, not absolute
 * claims. Peak RSS is the process's high-water mark, so each line's peak includes the runs before it.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openDb } from '../server/db/client';
import { points } from '../server/db/schema/index';
import { readYmlFeed } from '../server/modules/catalog/import/yml-feed';
import { type ImportReport, importYmlFeed } from '../server/modules/catalog/import/yml-import';
import { readOffer } from '../server/modules/catalog/import/yml-offer';
import { createCity, createPoint, createStore } from '../tests/setup/service-fixtures';
import { writeGeneratedFeed } from '../tests/setup/yml-feed';

const OFFERS = Number(process.env.IMPORT_OFFERS ?? 100_000);
const peakRssMb = () => (process.resourceUsage().maxRSS / 1024).toFixed(0);
const open = (file: string) => createReadStream(file, { highWaterMark: 64 * 1024 });

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const started = performance.now();
  const result = await work();
  return { result, seconds: (performance.now() - started) / 1000 };
}

const dir = await mkdtemp(path.join(tmpdir(), 'fresh-bench-import-'));
try {
  const feedFile = path.join(dir, 'feed.xml');
  const outlets = ['bench-point-1', 'bench-point-2'];
  await writeGeneratedFeed(feedFile, { offers: OFFERS, outlets });
  const sizeMb = (await stat(feedFile)).size / 1024 / 1024;

  // The baseline runs first, before the database is opened, so its peak RSS is the parser's alone.
  const baseline = await timed(async () => {
    let offers = 0;
    for await (const item of readYmlFeed(open(feedFile))) {
      if (item.kind === 'offer' && readOffer(item.offer).ok) offers += 1;
    }
    return offers;
  });
  const baseRate = baseline.result / baseline.seconds;
  const baselineRss = peakRssMb();

  const dbHandle = await openDb(
    process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : {},
  );
  await dbHandle.migrate();
  const db = dbHandle.db;
  const city = await createCity(db);
  const store = await createStore(db);
  for (const slug of outlets) {
    const point = await createPoint(db, store, city);
    await db.update(points).set({ slug }).where(eq(points.id, point.id));
  }
  console.log(`Feed: ${OFFERS} offers, ${sizeMb.toFixed(1)} MB, database: ${dbHandle.kind}`);
  console.log(
    `baseline (saxes + offer checks, no writes): ${baseRate.toFixed(0)} offers/s, peak RSS ${baselineRss} MB`,
  );

  const run = (label: string) =>
    timed(() =>
      importYmlFeed({ db, pictures: null }, { storeSlug: store.slug, chunks: open(feedFile) }),
    ).then(({ result, seconds }: { result: ImportReport; seconds: number }) => {
      const rate = OFFERS / seconds;
      console.log(
        `${label}: ${rate.toFixed(0)} offers/s (${((rate / baseRate) * 100).toFixed(1)}% of the baseline), ` +
          `peak RSS ${peakRssMb()} MB; ${JSON.stringify(result.offers)}`,
      );
    });
  await run('import, all created');
  await run('import again, all unchanged');
  await dbHandle.close();
} finally {
  await rm(dir, { recursive: true, force: true });
}
