/** The chaos checks' verdict on latency under abuse (support/windows.ts): the median of neighbour ratios. */
import { describe, expect, it } from 'vitest';
import { compareWindows, median, QUIET_P99_FLOOR_MS } from './windows';

const window = (...ms: number[]) => ms.map((value) => ({ ms: value }));

describe('compareWindows', () => {
  it('sets each abused window against the mean of its quiet neighbours and takes the median ratio', () => {
    const quiet = [window(100), window(300), window(100), window(100)];
    const abused = [window(400), window(200), window(150)];
    const compared = compareWindows(quiet, abused);
    expect(compared.ratios).toEqual([2, 1, 1.5]);
    expect(compared.medianRatio).toBe(1.5);
    expect(compared.quietP99).toBe(100);
    expect(compared.abusedP99).toBe(200);
  });

  it('lets one window disturbed from elsewhere move one ratio, not the verdict', () => {
    const quiet = [window(100), window(100), window(100), window(100), window(100), window(100)];
    const abused = [window(120), window(5_000), window(130), window(110), window(150)];
    expect(compareWindows(quiet, abused).medianRatio).toBe(1.3);
  });

  it('counts a quiet p99 under the floor as the floor: below it the ratio measures the scheduler', () => {
    const quiet = [window(10), window(12), window(14)];
    const abused = [window(40), window(90)];
    expect(compareWindows(quiet, abused).ratios).toEqual([40 / QUIET_P99_FLOOR_MS, 90 / QUIET_P99_FLOOR_MS]);
    // Above the floor nothing changes.
    expect(compareWindows([window(100), window(100)], [window(250)]).ratios).toEqual([2.5]);
  });

  it('needs a quiet window on either side of each abused one', () => {
    expect(() => compareWindows([window(1)], [window(1)])).toThrow(/either side/);
  });

  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});
