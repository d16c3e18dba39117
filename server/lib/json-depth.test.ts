import { describe, expect, it } from 'vitest';
import { exceedsJsonDepth } from './json-depth';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('exceedsJsonDepth', () => {
  it('counts objects and arrays, and allows exactly the limit', () => {
    expect(exceedsJsonDepth(nested(3), 3)).toBe(false);
    expect(exceedsJsonDepth(nested(4), 3)).toBe(true);
    expect(exceedsJsonDepth('{"a":{"b":[{"c":1}]}}', 4)).toBe(false);
    expect(exceedsJsonDepth('{"a":{"b":[{"c":1}]}}', 3)).toBe(true);
  });

  it('measures the deepest point, not the number of brackets', () => {
    expect(exceedsJsonDepth('[[1],[2],[3],{"a":[4]}]', 3)).toBe(false);
    expect(exceedsJsonDepth('[[1],[2],[3],{"a":[4]}]', 2)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(exceedsJsonDepth('{"a":"[[[[{{{{"}', 1)).toBe(false);
    expect(exceedsJsonDepth('{"a":"quote \\" then [[[[","b":1}', 1)).toBe(false);
    expect(exceedsJsonDepth('{"a":"backslash \\\\","b":[[1]]}', 2)).toBe(true);
  });

  it('answers plain values and empty text as not deep', () => {
    expect(exceedsJsonDepth('', 1)).toBe(false);
    expect(exceedsJsonDepth('"text"', 1)).toBe(false);
    expect(exceedsJsonDepth('42', 1)).toBe(false);
  });

  it('refuses 400,000 levels', () => {
    expect(exceedsJsonDepth('['.repeat(400_000), 32)).toBe(true);
  });
});
