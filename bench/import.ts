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
import { openDb } from '../server/db/client';
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
  const dbHandle = await openDb(
    process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : {},
  );
  await dbHandle.migrate();
  const db = dbHandle.db;
  const city = await createCity(db);
  const store = await createStore(db);
  const points = [await createPoint(db, store, city), await createPoint(db, store, city)];
  await writeGeneratedFeed(feedFile, { offers: OFFERS, outlets: points.map((point) => point.slug) });
  const sizeMb = (await stat(feedFile)).size / 1024 / 1024;
  console.log(`Feed: ${OFFERS} offers, ${sizeMb.toFixed(1)} MB, database: ${dbHandle.kind}`);

  const baseline = await timed(async () => {
    let offers = 0;
    for await (const item of readYmlFeed(open(feedFile))) {
      if (item.kind === 'offer' && readOffer(item.offer).ok) offers += 1;
    }
    return offers;
  });
  const baseRate = baseline.result / baseline.seconds;
  console.log(
    `baseline (saxes + offer checks, no writes): ${baseRate.toFixed(0)} offers/s, peak RSS ${peakRssMb()} MB`,
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
