import { count } from 'drizzle-orm';
import type { Db } from '../client';
import { siteSettings, stores } from '../schema/index';

/** True for a fresh database: no site settings and no stores yet. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [[settings], [shops]] = await Promise.all([
    db.select({ value: count() }).from(siteSettings),
    db.select({ value: count() }).from(stores),
  ]);
  return (settings?.value ?? 0) === 0 && (shops?.value ?? 0) === 0;
}
