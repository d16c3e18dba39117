/** Generates a big catalogue on top of the demo data, for benchmarks and search at scale. */
import { count, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { categories, points, products, stock, stores } from '../schema/index';
import {
  insertInChunks,
  type ProductRow,
  randomProductStats,
  randomStockRows,
  roundPriceKopecks,
  type StockRow,
} from './common';
import { CATEGORIES } from './data/categories';
import {
  CATEGORY_STORE_KINDS,
  DESCRIPTION_LEADS,
  DESCRIPTION_TAILS,
  GENERATOR_ADJECTIVES,
  GENERATOR_BASES,
  GENERATOR_BRANDS,
  type GeneratorBase,
} from './data/generator';
import { seedDemo } from './demo';
import { isDatabaseEmpty } from './empty';
import { seedId } from './ids';
import { renderPicture, SeedImageWriter } from './images';
import { createRandom, hashString, type Random } from './random';
import { slugify } from './slug';

/** Products per transaction (and per INSERT); their stock rows go in with them. */
const BATCH_SIZE = 1000;
const STOCK_CHUNK = 4000;
/** Pictures per base product; each generated product shows one to three of them. */
const PICTURES_PER_BASE = 4;
/** Fraction of generated products created within the last week. */
const NEW_PRODUCT_SHARE = 0.03;
const POINT_ASSORTMENT_SHARE = 0.6;
const GENDER_FORM = { m: 0, f: 1, n: 2, p: 3 } as const;
const CATEGORY_HUES = new Map<string, number>(CATEGORIES.map((category) => [category.slug, category.hue]));

export type SeedLargeCatalogOptions = {
  products: number;
  imagesDir: string;
  onProgress?: (done: number, total: number) => void;
  /** Stops between batches (every committed batch stays); the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  now?: Date;
};

type StoreTarget = { id: string; pointIds: string[] };
type BasePlan = { base: GeneratorBase; categoryId: string | null; stores: StoreTarget[]; pictures: string[] };

async function loadTargets(db: Db, images: SeedImageWriter): Promise<BasePlan[]> {
  const [storeRows, pointRows, categoryRows] = await Promise.all([
    db.select({ id: stores.id, kind: stores.kind }).from(stores),
    db.select({ id: points.id, storeId: points.storeId }).from(points),
    db.select({ id: categories.id, slug: categories.slug }).from(categories),
  ]);
  const targets: (StoreTarget & { kind: string })[] = storeRows
    .map((store) => ({
      id: store.id,
      kind: store.kind,
      pointIds: pointRows.filter((point) => point.storeId === store.id).map((point) => point.id),
    }))
    .filter((store) => store.pointIds.length > 0);
  if (targets.length === 0) throw new Error('seedLargeCatalog: no store with points to attach products to');
  const categoryIds = new Map(categoryRows.map((row) => [row.slug, row.id]));

  return GENERATOR_BASES.map((base) => {
    const kinds = CATEGORY_STORE_KINDS[base.category];
    const matching = targets.filter((store) => kinds.some((kind) => kind === store.kind));
    const pictures = Array.from({ length: PICTURES_PER_BASE }, (_, variant) =>
      images.add(
        `gen-${slugify(base.name)}-${variant + 1}.svg`,
        renderPicture({
          icon: base.icon,
          tint: base.tint,
          hue: CATEGORY_HUES.get(base.category) ?? 40,
          variant,
          key: `gen-${base.name}`,
        }),
      ),
    );
    return {
      base,
      categoryId: categoryIds.get(base.category) ?? null,
      stores: matching.length > 0 ? matching : targets,
      pictures,
    };
  });
}

function composeName(random: Random, base: GeneratorBase): { name: string; grams: number; factor: number } {
  const parts = [base.name];
  let factor = 1;
  if (base.varieties) parts.push(random.pick(base.varieties));
  if (random.chance(0.45)) {
    const forms = random.pick(GENERATOR_ADJECTIVES[base.adjectives]);
    parts.push(forms[GENDER_FORM[base.gender]]);
    factor *= 1.05 + random.next() * 0.2;
  }
  if (random.chance(0.4)) {
    parts.push(random.pick(GENERATOR_BRANDS));
    factor *= 0.9 + random.next() * 0.35;
  }
  if (base.specs) parts.push(random.pick(base.specs));
  const [label, grams] = random.pick(base.packs);
  parts.push(label);
  return { name: parts.join(' '), grams, factor: factor * (0.88 + random.next() * 0.24) };
}

/**
 * Adds `opts.products` generated products spread over the existing stores and categories, with stock at their
 * stores' points. Runs in batches of one transaction each; slugs get a running number so they never collide.
 */
export async function seedLargeCatalog(db: Db, opts: SeedLargeCatalogOptions): Promise<void> {
  const total = Math.max(0, Math.floor(opts.products));
  const now = opts.now ?? new Date();
  if (await isDatabaseEmpty(db)) await seedDemo(db, { imagesDir: opts.imagesDir, now });
  const images = new SeedImageWriter();
  const plans = await loadTargets(db, images);
  await images.flush(opts.imagesDir);

  const [existing] = await db.select({ value: count() }).from(products);
  const offset = existing?.value ?? 0;
  const takenSlugs = new Set(
    (await db.select({ slug: products.slug }).from(products)).map((row) => row.slug),
  );
  // A different stream per run, so a second run adds different products; the same database state, the same ones.
  const random = createRandom(hashString(`large-catalog:${offset}`));

  opts.onProgress?.(0, total);
  for (let done = 0; done < total; ) {
    opts.signal?.throwIfAborted();
    const size = Math.min(BATCH_SIZE, total - done);
    const productRows: ProductRow[] = [];
    const stockRows: StockRow[] = [];
    for (let i = 0; i < size; i += 1) {
      const sequence = offset + done + i + 1;
      const plan = random.pick(plans);
      const store = random.pick(plan.stores);
      const { name, grams, factor } = composeName(random, plan.base);
      let slug = `${slugify(name)}-${sequence}`;
      for (let n = 2; takenSlugs.has(slug); n += 1) slug = `${slugify(name)}-${sequence}-${n}`;
      takenSlugs.add(slug);
      const id = seedId('generated-product', slug);
      const priceKopecks = roundPriceKopecks(Math.max(19, (plan.base.rubPerKg * grams * factor) / 1000));
      productRows.push({
        id,
        slug,
        name,
        description: `${random.pick(DESCRIPTION_LEADS[plan.base.category])} ${random.pick(DESCRIPTION_TAILS[plan.base.category])}`,
        storeId: store.id,
        categoryId: plan.categoryId,
        priceKopecks,
        weightGrams: grams,
        images: random.sample(plan.pictures, random.int(1, 3)),
        ...randomProductStats(random, now, NEW_PRODUCT_SHARE),
      });
      stockRows.push(...randomStockRows(random, id, priceKopecks, store.pointIds, POINT_ASSORTMENT_SHARE));
    }
    await db.transaction(async (tx) => {
      await insertInChunks(tx, products, productRows, BATCH_SIZE);
      await insertInChunks(tx, stock, stockRows, STOCK_CHUNK);
    });
    done += size;
    opts.onProgress?.(done, total);
    // PGlite answers within the microtask queue; let timers and signal handlers (Ctrl-C) run between batches.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  // The visibility map of the grown table, which the search's index-only ranking of prefix matches needs
  // (ADR 009): the embedded database has no autovacuum worker, and PostgreSQL's would come minutes later.
  await db.execute(sql`vacuum analyze ${products}`);
}
