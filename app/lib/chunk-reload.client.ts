import {
  chunkReloadKey,
  isChunkLoadError,
  parseReloadedAt,
  shouldReloadAfterChunkError,
} from '@core/rules/chunk-reload';

function readReloadedAt(key: string): number | undefined {
  try {
    return parseReloadedAt(window.sessionStorage.getItem(key));
  } catch {
    return undefined;
  }
}

/**
 * Reloads the page after a failed chunk load (a deploy replaced the hashed files), at most once per 10 s per
 * path so a chunk that is truly gone cannot loop. Returns whether it reloads.
 */
export function reloadAfterChunkError(): boolean {
  const key = chunkReloadKey(window.location.pathname);
  const now = Date.now();
  if (!shouldReloadAfterChunkError(now, readReloadedAt(key))) return false;
  try {
    window.sessionStorage.setItem(key, String(now));
  } catch {
    // Storage full or disabled: without the guard reloading once is still better than a broken page.
  }
  window.location.reload();
  return true;
}

/** Listens for Vite's preload errors and failed dynamic imports; call once, before hydration. */
export function installChunkErrorReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    // Swallow the error only when reloading; otherwise let it surface to the error page.
    if (reloadAfterChunkError()) event.preventDefault();
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason) && reloadAfterChunkError()) event.preventDefault();
  });
}
