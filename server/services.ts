import type { DbHandle } from './db/client';
import { createContentService } from './modules/content/content.service';

export type ServicesOptions = {
  dbHandle: DbHandle;
  /** How long rarely-changing content (settings, pages) is served from memory. */
  contentCacheTtlMs: number;
  onCacheError?: (error: unknown) => void;
};

/**
 * The use cases, bound to this process's dependencies: API routes and React Router loaders (through the load
 * context) call the same objects, so a page never calls its own server over HTTP.
 */
export function createServices({ dbHandle, contentCacheTtlMs, onCacheError }: ServicesOptions) {
  const deps = { db: dbHandle.db };
  return {
    content: createContentService(deps, { cacheTtlMs: contentCacheTtlMs, onCacheError }),
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
