/**
 * `npm run import:yml`'s use case (ADR 049): a shop's YML feed, read as a stream (yml-feed.ts), upserted into
 * the catalogue by (shop, offer id). Offers go in batches: the batch's products and stock are read in two
 * queries, compared with the feed, and only what differs is written, the batch in one transaction; when that
 * fails, each offer of it is written in a transaction of its own, so one bad offer costs only itself and no
 * offer is ever half written. A second run of the same feed writes nothing and reports every offer unchanged.
 * Broken XML stops the import after what came before it is committed.
 */
import { createHash } from 'node:crypto';
import type { Db, Executor } from '../../../db/client';
import { slugify } from '../../../db/seed/slug';
import { AppError } from '../../../errors';
import { findStoreByIdOrSlug } from '../catalog.repository';
import { STORE_NOT_FOUND } from '../catalog.service';
import {
  analyseImportedTables,
  findAllCategories,
  findImportedProducts,
  findStockOf,
  findStorePointKeys,
  type ImportedProductRow,
  insertCategory,
  type ProductValues,
  updateImportedProduct,
  upsertImportedProducts,
  vacuumImportedTables,
  withdrawImportedProductsNotIn,
  writeStock,
} from './catalog-import.repository';
import { type FeedCategory, FeedSyntaxError, readYmlFeed } from './yml-feed';
import { type OfferData, readOffer } from './yml-offer';

/** Turns a picture reference of the feed (a URL, a file name) into the public path of a stored image. */
export type PictureLoader = (reference: string) => Promise<string>;

export type ImportCounts = { created: number; updated: number; unchanged: number; skipped: number };

export type ImportProblem = {
  /** The offer's id (null when it has none), or the category's for a category. */
  offerId: string | null;
  line: number;
  /** skipped: the offer (or category) is not in the catalogue; warning: it is, without something. */
  kind: 'skipped' | 'warning';
  reason: string;
  category?: true;
};

export type ImportReport = {
  store: { slug: string; name: string };
  categories: { matched: number; created: number; skipped: number };
  offers: ImportCounts;
  /**
   * Products imported before whose offers this feed no longer lists: taken off sale (out of stock at every
   * point), as a marketplace does with an offer gone from a feed. Only after a feed read to its end: a broken
   * one says nothing about the offers it did not reach.
   */
  withdrawn: number;
  /** The first PROBLEMS_LISTED problems; `problemsNotListed` counts the rest. */
  problems: ImportProblem[];
  problemsNotListed: number;
  /** Set when the feed's XML broke: the offers before it are in, nothing after it was read. */
  feedError: { message: string; line: number; column: number } | null;
  /**
   * Set when the closing `VACUUM (ANALYZE)` (or the ANALYZE tried after it) failed. What was imported stands:
   * only the search's index-only scans and the planner wait for autovacuum. The script prints it as a warning.
   */
  vacuumError: string | null;
};

export type ImportInput = {
  storeSlug: string;
  /** The feed's bytes (a file or a response body read as a stream). */
  chunks: AsyncIterable<Uint8Array | string>;
  /** Told after each batch. */
  onProgress?: (counts: ImportCounts) => void;
  batchSize?: number;
};

export type ImportDeps = { db: Db; pictures: PictureLoader | null };

const BATCH_SIZE = 200;
/** Planner statistics are refreshed after each this many new products (analyseImportedTables). */
const ANALYSE_EVERY_CREATED = 5_000;
const PROBLEMS_LISTED = 1_000;
const SLUG_ATTEMPTS = 20;

/** Names compare without case, ё and extra spaces. */
const nameKey = (name: string) => name.trim().toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ');

/** A new product's slug: its name, and a stable suffix of its shop and offer id (unique, the same each run). */
export function productSlug(storeId: string, offerId: string, name: string): string {
  const suffix = createHash('sha256').update(`${storeId}\n${offerId}`).digest('hex').slice(0, 10);
  return `${slugify(name).slice(0, 60).replace(/-+$/, '') || 'product'}-${suffix}`;
}

const sameValues = (a: ProductValues, b: ProductValues) =>
  a.name === b.name &&
  a.description === b.description &&
  a.categoryId === b.categoryId &&
  a.priceKopecks === b.priceKopecks &&
  a.discountPercent === b.discountPercent &&
  a.weightGrams === b.weightGrams &&
  a.externalPictures === b.externalPictures &&
  a.images.length === b.images.length &&
  a.images.every((image, index) => image === b.images[index]);

type Write = {
  offer: OfferData;
  existing: ImportedProductRow | undefined;
  values: ProductValues;
  stock: { pointId: string; count: number }[];
};

export async function importYmlFeed(deps: ImportDeps, input: ImportInput): Promise<ImportReport> {
  const { db } = deps;
  const store = await findStoreByIdOrSlug(db, input.storeSlug);
  if (!store) throw new AppError('not_found', STORE_NOT_FOUND);
  const pointRows = await findStorePointKeys(db, store.id);
  const pointOf = new Map<string, string>();
  for (const point of pointRows) pointOf.set(point.slug, point.id);
  for (const point of pointRows) pointOf.set(point.id, point.id);

  const report: ImportReport = {
    store: { slug: store.slug, name: store.name },
    categories: { matched: 0, created: 0, skipped: 0 },
    offers: { created: 0, updated: 0, unchanged: 0, skipped: 0 },
    withdrawn: 0,
    problems: [],
    problemsNotListed: 0,
    feedError: null,
    vacuumError: null,
  };
  const note = (problem: ImportProblem) => {
    if (report.problems.length < PROBLEMS_LISTED) report.problems.push(problem);
    else report.problemsNotListed += 1;
  };
  const skip = (offerId: string | null, line: number, reason: string) => {
    report.offers.skipped += 1;
    note({ offerId, line, kind: 'skipped', reason });
  };

  const feedCategories: FeedCategory[] = [];
  let categoryOf: Map<string, string> | null = null;
  /** Offer ids seen in this feed: a second offer with one is skipped, not written over the first. */
  const seen = new Set<string>();
  /** Every offer id the feed names, its broken offers' included: none of those is withdrawn. */
  const listed = new Set<string>();
  let batch: { offer: OfferData; warnings: string[] }[] = [];

  let createdWhenAnalysed = 0;
  const analyseIfGrown = async (atLeast: number) => {
    if (report.offers.created - createdWhenAnalysed < atLeast) return;
    createdWhenAnalysed = report.offers.created;
    await analyseImportedTables(db);
  };
  const flush = async () => {
    if (batch.length === 0) return;
    const offers = batch;
    batch = [];
    await writeBatch(deps, store.id, offers, { pointOf, categoryOf: categoryOf ?? new Map(), report, note });
    input.onProgress?.({ ...report.offers });
    await analyseIfGrown(ANALYSE_EVERY_CREATED);
  };

  try {
    for await (const item of readYmlFeed(input.chunks)) {
      if (item.kind === 'category') {
        feedCategories.push(item.category);
        continue;
      }
      categoryOf ??= await resolveCategories(db, feedCategories, report, note);
      const listedId = item.offer.id?.trim();
      if (listedId) listed.add(listedId);
      const read = readOffer(item.offer);
      if (!read.ok) {
        skip(item.offer.id?.trim() || null, item.offer.line, read.reason);
        continue;
      }
      if (seen.has(read.offer.offerId)) {
        skip(read.offer.offerId, read.offer.line, 'a second offer with this id in the feed');
        continue;
      }
      seen.add(read.offer.offerId);
      batch.push(read);
      if (batch.length >= (input.batchSize ?? BATCH_SIZE)) await flush();
    }
  } catch (error) {
    if (!(error instanceof FeedSyntaxError)) throw error;
    report.feedError = { message: error.message, line: error.line, column: error.column };
  }
  categoryOf ??= await resolveCategories(db, feedCategories, report, note);
  await flush();
  if (!report.feedError) report.withdrawn = await withdrawImportedProductsNotIn(db, store.id, [...listed]);
  const { offers, categories } = report;
  if (offers.created + offers.updated + report.withdrawn + categories.created > 0) {
    report.vacuumError = await vacuumAfterImport(db, categories.created > 0);
  }
  return report;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The written tables vacuumed and analysed, so the storefront's next queries are planned for the tables as they
 * now are and the search's index-only scans find their pages all-visible (ADR 049's amendment of 2026-11-28).
 * The import has succeeded by now: a failure here is reported, not thrown, and plain ANALYZE is tried instead
 * so at least the statistics are fresh.
 */
async function vacuumAfterImport(db: Db, withCategories: boolean): Promise<string | null> {
  try {
    await vacuumImportedTables(db, withCategories);
    return null;
  } catch (error) {
    try {
      await analyseImportedTables(db);
      return `VACUUM (ANALYZE) failed, ANALYZE ran instead: ${messageOf(error)}`;
    } catch (analyseError) {
      return `VACUUM (ANALYZE) failed: ${messageOf(error)}; ANALYZE too: ${messageOf(analyseError)}`;
    }
  }
}

/**
 * The feed's categories as the catalogue's: matched by name (under the same parent when two share it),
 * the missing ones created under their feed parent's match.
 */
async function resolveCategories(
  db: Db,
  feed: readonly FeedCategory[],
  report: ImportReport,
  note: (problem: ImportProblem) => void,
): Promise<Map<string, string>> {
  const existing = await findAllCategories(db);
  const byName = new Map<string, { id: string; parentId: string | null }[]>();
  for (const row of existing) {
    const key = nameKey(row.name);
    byName.set(key, [...(byName.get(key) ?? []), row]);
  }
  const takenSlugs = new Set(existing.map((row) => row.slug));
  const feedById = new Map<string, FeedCategory>();
  for (const category of feed) {
    if (!category.id.trim() || !category.name) {
      report.categories.skipped += 1;
      note({
        offerId: category.id || null,
        line: 0,
        kind: 'skipped',
        reason: 'a category without an id or a name',
        category: true,
      });
    } else if (!feedById.has(category.id)) feedById.set(category.id, category);
  }
  const resolved = new Map<string, string>();
  const visiting = new Set<string>();

  const resolve = async (id: string): Promise<string | null> => {
    const done = resolved.get(id);
    if (done) return done;
    const category = feedById.get(id);
    if (!category || visiting.has(id)) return null;
    visiting.add(id);
    const parentId = category.parentId ? await resolve(category.parentId) : null;
    const candidates = byName.get(nameKey(category.name)) ?? [];
    const match = candidates.find((row) => row.parentId === parentId) ?? candidates[0];
    let ourId = match?.id;
    if (ourId) report.categories.matched += 1;
    else {
      const base = slugify(category.name) || 'category';
      for (let attempt = 1; !ourId && attempt <= SLUG_ATTEMPTS; attempt += 1) {
        const slug = attempt === 1 ? base : `${base}-${attempt}`;
        if (takenSlugs.has(slug)) continue;
        takenSlugs.add(slug);
        ourId = await insertCategory(db, { slug, name: category.name, parentId, sort: 0 });
      }
      if (!ourId) throw new Error(`no free slug for the category ${category.name}`);
      report.categories.created += 1;
      byName.set(nameKey(category.name), [...candidates, { id: ourId, parentId }]);
    }
    visiting.delete(id);
    resolved.set(id, ourId);
    return ourId;
  };
  for (const id of feedById.keys()) await resolve(id);
  return resolved;
}

type BatchContext = {
  pointOf: ReadonlyMap<string, string>;
  categoryOf: ReadonlyMap<string, string>;
  report: ImportReport;
  note: (problem: ImportProblem) => void;
};

async function writeBatch(
  deps: ImportDeps,
  storeId: string,
  offers: readonly { offer: OfferData; warnings: string[] }[],
  { pointOf, categoryOf, report, note }: BatchContext,
): Promise<void> {
  const { db } = deps;
  const existingRows = await findImportedProducts(
    db,
    storeId,
    offers.map(({ offer }) => offer.offerId),
  );
  const existingOf = new Map(existingRows.map((row) => [row.externalId, row]));
  const stockOf = new Map<string, number>();
  for (const row of await findStockOf(
    db,
    existingRows.map((row) => row.id),
  )) {
    stockOf.set(`${row.productId}\n${row.pointId}`, row.count);
  }
  const pointIds = [...new Set(pointOf.values())];

  const writes: Write[] = [];
  for (const { offer, warnings } of offers) {
    const warn = (reason: string) =>
      note({ offerId: offer.offerId, line: offer.line, kind: 'warning', reason });
    warnings.forEach(warn);
    const existing = existingOf.get(offer.offerId);

    let categoryId: string | null = null;
    if (offer.feedCategoryId !== null) {
      categoryId = categoryOf.get(offer.feedCategoryId) ?? null;
      if (!categoryId) warn(`category ${offer.feedCategoryId} is not among the feed's categories`);
    }

    // Pictures are fetched only when the feed names other ones than the product's images came from.
    const references = offer.pictures.join('\n') || null;
    let images = existing?.images ?? [];
    let externalPictures = existing ? existing.externalPictures : null;
    if (references !== externalPictures) {
      const loaded: { reference: string; path: string }[] = [];
      for (const reference of offer.pictures) {
        if (!deps.pictures) {
          warn(`picture ${reference} not loaded: no picture loader`);
          continue;
        }
        try {
          loaded.push({ reference, path: await deps.pictures(reference) });
        } catch (error) {
          warn(`picture ${reference} skipped: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      // An unreachable picture keeps what the product had; the next run tries it again.
      if (loaded.length > 0 || offer.pictures.length === 0) {
        images = loaded.map((picture) => picture.path);
        externalPictures = loaded.map((picture) => picture.reference).join('\n') || null;
      }
    }
    const values: ProductValues = {
      name: offer.name,
      description: offer.description,
      categoryId,
      priceKopecks: offer.priceKopecks,
      discountPercent: offer.discountPercent,
      weightGrams: offer.weightGrams,
      images,
      externalPictures,
    };

    const wanted = new Map<string, number>();
    if (offer.stock.kind === 'none') for (const id of pointIds) wanted.set(id, 0);
    else if (offer.stock.kind === 'count') for (const id of pointIds) wanted.set(id, offer.stock.count);
    else if (offer.stock.kind === 'outlets') {
      for (const id of pointIds) wanted.set(id, 0);
      for (const outlet of offer.stock.outlets) {
        const pointId = pointOf.get(outlet.id);
        if (pointId) wanted.set(pointId, outlet.count);
        else warn(`outlet ${outlet.id} is none of the shop's points`);
      }
    }
    const stock = [...wanted].flatMap(([pointId, count]) => {
      const current = existing ? stockOf.get(`${existing.id}\n${pointId}`) : undefined;
      return current === count || (current === undefined && count === 0) ? [] : [{ pointId, count }];
    });

    if (existing && stock.length === 0 && sameValues(existing, values)) report.offers.unchanged += 1;
    else writes.push({ offer, existing, values, stock });
  }
  if (writes.length === 0) return;

  try {
    await db.transaction((tx) => writeOffers(tx, storeId, writes));
    for (const write of writes) count(report, write);
  } catch {
    // One offer broke the batch: each again on its own, so the rest go in and the bad one says why.
    for (const write of writes) {
      try {
        await db.transaction((tx) => writeOffers(tx, storeId, [write]));
        count(report, write);
      } catch (error) {
        report.offers.skipped += 1;
        note({
          offerId: write.offer.offerId,
          line: write.offer.line,
          kind: 'skipped',
          reason: `not written: ${error instanceof Error ? error.message : String(error)}`,
        });
      }
    }
  }
}

function count(report: ImportReport, write: Write): void {
  if (write.existing) report.offers.updated += 1;
  else report.offers.created += 1;
}

/** Offers written in the transaction `tx`: the new products in one statement, the rest one by one, the stock in one. */
async function writeOffers(tx: Executor, storeId: string, writes: readonly Write[]): Promise<void> {
  const created = await upsertImportedProducts(
    tx,
    storeId,
    writes.flatMap(({ offer, existing, values }) =>
      existing
        ? []
        : [{ externalId: offer.offerId, slug: productSlug(storeId, offer.offerId, offer.name), values }],
    ),
  );
  const stock: { pointId: string; productId: string; count: number }[] = [];
  for (const { offer, existing, values, stock: rows } of writes) {
    if (existing) await updateImportedProduct(tx, existing.id, values);
    const productId = existing?.id ?? created.get(offer.offerId);
    if (!productId) throw new Error(`product ${offer.offerId} was not written`);
    for (const row of rows) stock.push({ ...row, productId });
  }
  await writeStock(tx, stock);
}
