/**
 * Categories and shops change rarely and every page shows them: one short in-process cache of each. An import
 * (ADR 049) forgets both at once on every process, through the bus.
 */
import type { Category, Store } from '@core/contracts/catalog';
import type { Db } from '../../db/client';
import { createTtlCache } from '../../lib/ttl-cache';
import { presentCategory, presentStore } from './catalog.presenter';
import { findCategories, findStores } from './catalog.repository';

export function createCatalogCaches(
  db: Db,
  options: { cacheTtlMs: number; onCacheError?: ((error: unknown) => void) | undefined },
) {
  const cacheOptions = { ttlMs: options.cacheTtlMs, onRefreshError: options.onCacheError };
  const categories = createTtlCache(
    async (): Promise<Category[]> => (await findCategories(db)).map(presentCategory),
    cacheOptions,
  );
  const stores = createTtlCache(
    async (): Promise<Store[]> => (await findStores(db)).map(presentStore),
    cacheOptions,
  );
  return {
    categories,
    stores,
    forget(): void {
      categories.invalidate();
      stores.invalidate();
    },
  };
}
