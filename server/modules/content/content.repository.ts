import { asc, eq, inArray } from 'drizzle-orm';
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

export async function findContentPaths(db: Db): Promise<string[]> {
  const rows = await db
    .select({ path: pages.path })
    .from(pages)
    .where(eq(pages.hasContent, true))
    .orderBy(asc(pages.path));
  return rows.map((row) => row.path);
}

export async function findPageByPath(db: Db, path: string) {
  const [row] = await db.select().from(pages).where(eq(pages.path, path)).limit(1);
  return row;
}

export type PageRow = NonNullable<Awaited<ReturnType<typeof findPageByPath>>>;
export type CityRows = Awaited<ReturnType<typeof findCitiesWithZones>>;
