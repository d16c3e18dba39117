import { LinkGroupSchema, type PageSeo, type SiteSettings, SocialsSchema } from '@core/contracts/content';
import { z } from '@core/contracts/z';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { presentCities, presentPage } from './content.presenter';
import {
  findCitiesWithZones,
  findContentPaths,
  findPageByPath,
  findSettingsRows,
} from './content.repository';

export type ContentDeps = { db: Db };

const SETTING_KEYS = ['header', 'footer', 'socials'] as const;
const LinkGroupsSchema = z.array(LinkGroupSchema);

export const PAGE_NOT_FOUND_MESSAGE = 'Страница не найдена';

/** Header and footer groups, socials and cities with their delivery zones. */
export async function getSiteSettings({ db }: ContentDeps): Promise<SiteSettings> {
  const [rows, cityRows] = await Promise.all([findSettingsRows(db, SETTING_KEYS), findCitiesWithZones(db)]);
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  // Settings are edited outside this app: a malformed value degrades to an empty group, never a 500.
  const header = LinkGroupsSchema.safeParse(byKey.get('header'));
  const footer = LinkGroupsSchema.safeParse(byKey.get('footer'));
  const socials = SocialsSchema.safeParse(byKey.get('socials'));
  return {
    header: header.success ? header.data : [],
    footer: footer.success ? footer.data : [],
    socials: socials.success ? socials.data : {},
    cities: presentCities(cityRows),
  };
}

export function listContentPages({ db }: ContentDeps): Promise<string[]> {
  return findContentPaths(db);
}

/** SEO fields (and content, for content pages) of a path; '/home' is the front page. */
export async function getPage({ db }: ContentDeps, path: string): Promise<PageSeo> {
  const row = await findPageByPath(db, path);
  if (!row) throw new AppError('not_found', PAGE_NOT_FOUND_MESSAGE);
  return presentPage(row);
}
