import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cities, deliveryZones, pages, siteSettings } from '../../db/schema/index';

export async function findSettingsRows(db: Db, keys: readonly string[]) {
  return db
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(inArray(siteSettings.key, [...keys]));
}

export async function findCitiesWithZones(db: Db) {
  const [cityRows, zoneRows] = await Promise.all([
    db.select().from(cities).orderBy(asc(cities.sort), asc(cities.name)),
    db.select().from(deliveryZones).orderBy(asc(deliveryZones.sort), asc(deliveryZones.name)),
  ]);
  return { cityRows, zoneRows };
}

/** Every page row: SEO fields of known paths and the bodies of content pages (a few dozen rows). */
export async function findAllPages(db: Db) {
  return db.select().from(pages).orderBy(asc(pages.path));
}

export type PageRow = Awaited<ReturnType<typeof findAllPages>>[number];
export type CityRows = Awaited<ReturnType<typeof findCitiesWithZones>>;
