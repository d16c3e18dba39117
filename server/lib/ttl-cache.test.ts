import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createTtlCache', () => {
  it('loads once while fresh, then serves the stale value while one refresh runs', async () => {
    let clock = 0;
    let loads = 0;
    let nextLoad = deferred<number>();
    const cache = createTtlCache(
      () => {
        loads += 1;
        return nextLoad.promise;
      },
      { ttlMs: 1000, now: () => clock },
    );
    const first = Promise.all([cache.get(), cache.get()]);
    nextLoad.resolve(1);
    expect(await first).toEqual([1, 1]);
    clock = 999;
    expect(await cache.get()).toBe(1);
    expect(loads).toBe(1);

    nextLoad = deferred<number>();
    clock = 1000;
    expect(await cache.get()).toBe(1);
    expect(await cache.get()).toBe(1);
    expect(loads).toBe(2);
    nextLoad.resolve(2);
    await nextLoad.promise;
    await Promise.resolve();
    expect(await cache.get()).toBe(2);
    expect(loads).toBe(2);
  });

  it('shares one load between concurrent first callers', async () => {
    const pending = deferred<string>();
    let loads = 0;
    const cache = createTtlCache(
      () => {
        loads += 1;
        return pending.promise;
      },
      { ttlMs: 1000 },
    );
    const both = Promise.all([cache.get(), cache.get()]);
    pending.resolve('настройки');
    expect(await both).toEqual(['настройки', 'настройки']);
    expect(loads).toBe(1);
  });

  it('keeps serving the stale value when a refresh fails, and reports the failure', async () => {
    let clock = 0;
    let shouldFail = false;
    const errors: unknown[] = [];
    const cache = createTtlCache(
      async () => {
        if (shouldFail) throw new Error('database down');
        return 'old';
      },
      { ttlMs: 10, now: () => clock, onRefreshError: (error) => errors.push(error) },
    );
    expect(await cache.get()).toBe('old');
    shouldFail = true;
    clock = 20;
    expect(await cache.get()).toBe('old');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(errors).toHaveLength(1);
  });

  it('passes a first-load failure to the caller and tries again next time', async () => {
    let attempt = 0;
    const cache = createTtlCache(
      async () => {
        attempt += 1;
        if (attempt === 1) throw new Error('first fails');
        return attempt;
      },
      { ttlMs: 1000 },
    );
    await expect(cache.get()).rejects.toThrow('first fails');
    expect(await cache.get()).toBe(2);
  });

  it('forgets the value on invalidate, ignoring a load that started before', async () => {
    const slow = deferred<string>();
    let calls = 0;
    const cache = createTtlCache(
      () => {
        calls += 1;
        return calls === 1 ? slow.promise : Promise.resolve('new');
      },
      { ttlMs: 1000 },
    );
    const first = cache.get();
    cache.invalidate();
    slow.resolve('old');
    expect(await first).toBe('old');
    expect(await cache.get()).toBe('new');
  });

  it('does not cache with a ttl of 0', async () => {
    let loads = 0;
    const cache = createTtlCache(async () => ++loads, { ttlMs: 0 });
    await cache.get();
    await cache.get();
    expect(loads).toBe(2);
  });
});
