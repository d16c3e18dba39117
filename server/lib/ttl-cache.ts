export type TtlCache<T> = {
  /** The cached value while it is fresh; a stale one while a refresh runs; otherwise waits for a load. */
  get(): Promise<T>;
  /** Forgets the value: the next get() loads afresh. */
  invalidate(): void;
};

export type TtlCacheOptions = {
  ttlMs: number;
  now?: () => number;
  /** Called when a background refresh fails; the stale value keeps being served. */
  onRefreshError?: (error: unknown) => void;
};

/**
 * Keeps one loaded value for `ttlMs` (stale-while-revalidate, one load at a time). For data that every page
 * needs and that changes rarely, such as the site settings: correct across processes within `ttlMs`.
 * A ttlMs of 0 disables caching.
 */
export function createTtlCache<T>(load: () => Promise<T>, options: TtlCacheOptions): TtlCache<T> {
  const now = options.now ?? Date.now;
  let cached: { value: T; loadedAt: number } | undefined;
  let loading: Promise<T> | undefined;
  let generation = 0;

  const refresh = (): Promise<T> => {
    const startedIn = generation;
    loading ??= load()
      .then((value) => {
        if (startedIn === generation) cached = { value, loadedAt: now() };
        return value;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };

  return {
    get() {
      if (options.ttlMs <= 0) return load();
      if (cached && now() - cached.loadedAt < options.ttlMs) return Promise.resolve(cached.value);
      if (cached) {
        refresh().catch((error: unknown) => options.onRefreshError?.(error));
        return Promise.resolve(cached.value);
      }
      return refresh();
    },
    invalidate() {
      generation += 1;
      cached = undefined;
    },
  };
}
