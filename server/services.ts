import type { DbHandle } from './db/client';
import * as content from './modules/content/content.service';

/**
 * The use cases loaders and actions call through React Router's load context: the same functions the API
 * routes call, bound to this process's dependencies, so a page never calls its own server over HTTP.
 */
export function createServices({ dbHandle }: { dbHandle: DbHandle }) {
  const deps = { db: dbHandle.db };
  return {
    content: {
      getSiteSettings: () => content.getSiteSettings(deps),
      listContentPages: () => content.listContentPages(deps),
      getPage: (path: string) => content.getPage(deps, path),
    },
  };
}

export type Services = ReturnType<typeof createServices>;

/** What every loader and action receives as `context`. */
export type LoadContext = {
  services: Services;
  /** Absolute origin of the public site, e.g. https://fresh.example (for canonical links and sitemaps). */
  publicBaseUrl: string;
  /** The external seller site (SPEC §2: 'Стать продавцом', 'Для юр. лиц'). */
  sellerSiteUrl: string;
};
