/** SPEC §8/§9: after a failed chunk load the page reloads, at most once per 10 s per path. */
export const CHUNK_RELOAD_GUARD_MS = 10_000;

const STORAGE_PREFIX = 'fresh:chunk-reload:';

/** The sessionStorage key remembering when a path was last reloaded because a chunk failed to load. */
export function chunkReloadKey(pathname: string): string {
  return `${STORAGE_PREFIX}${pathname || '/'}`;
}

/** Reads a stored timestamp; anything unparsable counts as "never reloaded". */
export function parseReloadedAt(stored: string | null | undefined): number | undefined {
  // Number('') and Number(null) are 0, a real timestamp; nothing stored must not read as the epoch.
  if (!stored) return undefined;
  const value = Number(stored);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * Whether to reload now: yes when this path was never reloaded for a chunk error, or the last reload is at
 * least 10 s old. A timestamp in the future (clock changed) does not block reloading forever.
 */
export function shouldReloadAfterChunkError(now: number, lastReloadAt: number | undefined): boolean {
  if (lastReloadAt === undefined) return true;
  if (lastReloadAt > now) return true;
  return now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS;
}

/** Messages browsers use when a dynamic import (a route chunk) cannot be fetched. */
const CHUNK_ERROR_PATTERNS = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
  /failed to load module script/i,
];

/** Whether an error (or rejection reason) looks like a failed chunk load. */
export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : '';
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}
