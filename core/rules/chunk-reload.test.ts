import { describe, expect, it } from 'vitest';
import {
  CHUNK_RELOAD_GUARD_MS,
  chunkReloadKey,
  isChunkLoadError,
  parseReloadedAt,
  shouldReloadAfterChunkError,
} from './chunk-reload';

describe('shouldReloadAfterChunkError', () => {
  const now = 1_700_000_000_000;

  it('reloads when the path was never reloaded', () => {
    expect(shouldReloadAfterChunkError(now, undefined)).toBe(true);
  });

  it('does not reload again within 10 s', () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(10_000);
    expect(shouldReloadAfterChunkError(now, now)).toBe(false);
    expect(shouldReloadAfterChunkError(now, now - 9_999)).toBe(false);
  });

  it('reloads again once 10 s have passed', () => {
    expect(shouldReloadAfterChunkError(now, now - 10_000)).toBe(true);
    expect(shouldReloadAfterChunkError(now, now - 60_000)).toBe(true);
  });

  it('is not blocked forever by a timestamp from the future', () => {
    expect(shouldReloadAfterChunkError(now, now + 5_000)).toBe(true);
  });
});

describe('chunkReloadKey', () => {
  it('is one key per path', () => {
    expect(chunkReloadKey('/catalog')).not.toBe(chunkReloadKey('/basket'));
    expect(chunkReloadKey('/catalog')).toBe(chunkReloadKey('/catalog'));
    expect(chunkReloadKey('')).toBe(chunkReloadKey('/'));
    expect(chunkReloadKey('/catalog')).toBe('fresh:chunk-reload:/catalog');
  });
});

describe('parseReloadedAt', () => {
  it('reads stored numbers and treats the rest as never', () => {
    expect(parseReloadedAt('1700000000000')).toBe(1_700_000_000_000);
    expect(parseReloadedAt(null)).toBeUndefined();
    expect(parseReloadedAt(undefined)).toBeUndefined();
    expect(parseReloadedAt('')).toBeUndefined();
    expect(parseReloadedAt('soon')).toBeUndefined();
  });
});

describe('isChunkLoadError', () => {
  it('recognises the messages of Chromium, Firefox and Safari', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError('Unable to preload CSS for /assets/a.css')).toBe(true);
  });

  it('ignores other errors', () => {
    expect(isChunkLoadError(new Error('Network request failed'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
    expect(isChunkLoadError({ message: 'Failed to fetch dynamically imported module' })).toBe(false);
    // A reason that cannot even be turned into a string is not a chunk error either.
    expect(isChunkLoadError(Object.create(null))).toBe(false);
  });
});
