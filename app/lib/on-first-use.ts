import { useCallback, useEffect, useState } from 'react';

/**
 * Code a page needs only once the shopper reaches for it (ADR 044): the header's search suggestions, the
 * cabinet menu, the phone menu. Its module is imported on first use (or a hover, a focus, a touch before it),
 * once per page load; a failed import may be tried again.
 */
export type FirstUse<T> = {
  /** Starts the import (again after a failure); resolves with the module. */
  load(): Promise<T>;
  /** The module once it is here, else undefined (always undefined on the server: it never loads there). */
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
