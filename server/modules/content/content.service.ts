import { LinkGroupSchema, type PageSeo, type SiteSettings, SocialsSchema } from '@core/contracts/content';
import { z } from '@core/contracts/z';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { createTtlCache } from '../../lib/ttl-cache';
import { presentCities, presentPage } from './content.presenter';
import { findAllPages, findCitiesWithZones, findSettingsRows, type PageRow } from './content.repository';

export type ContentDeps = { db: Db };

const SETTING_KEYS = ['header', 'footer', 'socials'] as const;
const LinkGroupsSchema = z.array(LinkGroupSchema);

export const PAGE_NOT_FOUND_MESSAGE = 'Страница не найдена';

/** Header and footer groups, socials and cities with their delivery zones. */
export async function loadSiteSettings({ db }: ContentDeps): Promise<SiteSettings> {
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

type PageIndex = { byPath: Map<string, PageRow>; contentPaths: string[] };

async function loadPageIndex({ db }: ContentDeps): Promise<PageIndex> {
  const rows = await findAllPages(db);
  return {
    byPath: new Map(rows.map((row) => [row.path, row])),
    contentPaths: rows.filter((row) => row.hasContent).map((row) => row.path),
  };
}

export type ContentServiceOptions = {
  /** How long settings and pages are served from memory; edits show up within this time. 0: always read. */
  cacheTtlMs: number;
  onCacheError?: (error: unknown) => void;
};

/**
 * The content use cases. Every page render needs the settings and its page's SEO fields, and they change
 * rarely: both come from a small in-process cache instead of the database on each request.
 */
export function createContentService(deps: ContentDeps, options: ContentServiceOptions) {
  const cacheOptions = { ttlMs: options.cacheTtlMs, onRefreshError: options.onCacheError };
  const settings = createTtlCache(() => loadSiteSettings(deps), cacheOptions);
  const pages = createTtlCache(() => loadPageIndex(deps), cacheOptions);
  return {
    getSiteSettings: (): Promise<SiteSettings> => settings.get(),

    /** The paths that have content pages (GET /api/pages). */
    listContentPages: async (): Promise<string[]> => (await pages.get()).contentPaths,

    /** SEO fields (and content, for content pages) of a path; '/home' is the front page. */
    getPage: async (path: string): Promise<PageSeo> => {
      const row = (await pages.get()).byPath.get(path);
      if (!row) throw new AppError('not_found', PAGE_NOT_FOUND_MESSAGE);
      return presentPage(row);
    },

    /** After an edit made by this process: the next read loads afresh. */
    invalidate: (): void => {
      settings.invalidate();
      pages.invalidate();
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
