import { type ComponentType, type LazyExoticComponent, lazy, useCallback, useEffect, useState } from 'react';

/**
 * Code a page needs only once the shopper reaches for it (ADR 044): the header's search suggestions, the
 * cabinet menu, the phone menu. Its module is imported on first use (or a hover, a focus, a touch before it),
 * once per page load; a failed import may be tried again.
 */
export type FirstUse<T> = {
  /** Starts the import (again after a failure); resolves with the module. */
  load(): Promise<T>;
  /**
   * The module once it is here, else undefined (on the server only where a loader awaited `load()`, as the
   * cabinet's for its chat tab: `lazyFirstUse`).
   */
  loaded(): T | undefined;
};

export function onFirstUse<T>(importer: () => Promise<T>): FirstUse<T> {
  let module: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    load() {
      loading ??= importer().then(
        (loaded) => {
          module = loaded;
          return loaded;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => module,
  };
}

/**
 * The module of `use` in a component: undefined until it is loaded, then the module (a re-render). `request`
 * starts the import; a failure is logged and leaves the light version in place (the next use tries again).
 */
export function useFirstUse<T>(use: FirstUse<T>): [T | undefined, () => void] {
  const [module, setModule] = useState<T | undefined>(undefined);
  const [isRequested, setRequested] = useState(false);
  const request = useCallback(() => setRequested(true), []);
  // Loaded for another instance meanwhile (the phone and desktop headers share a module), or asked for now.
  const known = module ?? (isRequested ? use.loaded() : undefined);
  useEffect(() => {
    if (!isRequested || module) return;
    let isCurrent = true;
    use.load().then(
      (loaded) => {
        if (isCurrent) setModule(() => loaded);
      },
      (error: unknown) => {
        console.error('a part of the page failed to load', error);
        if (isCurrent) setRequested(false);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [isRequested, module, use]);
  return [known, request];
}

/**
 * A component of a module loaded on first use, as React's `lazy`: it suspends while its module loads, and
 * renders at once where the module is here already (a `then` that answers synchronously, which `lazy` takes
 * as done). So a server whose loader awaited `use.load()` renders it in place, never behind a Suspense
 * boundary streamed after the shell: a browser without JavaScript would not reveal that (ADR 044). In the
 * browser its boundary hydrates once the module has come.
 */
export function lazyFirstUse<T, P extends object>(
  use: FirstUse<T>,
  pick: (module: T) => ComponentType<P>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => {
    const module = use.loaded();
    if (!module) return use.load().then((loaded) => ({ default: pick(loaded) }));
    const done = { default: pick(module) };
    const settled = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable that is already settled, as lazy expects.
      then: (onDone?: (value: typeof done) => unknown) => Promise.resolve(onDone ? onDone(done) : done),
    };
    return settled as unknown as Promise<typeof done>;
  });
}
