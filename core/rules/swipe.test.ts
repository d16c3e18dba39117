import { describe, expect, it } from 'vitest';
import { SWIPE_THRESHOLD_PX, swipeStep, wrapIndex } from './swipe';

describe('swipeStep', () => {
  it('turns at the 50 px threshold, not before', () => {
    expect(SWIPE_THRESHOLD_PX).toBe(50);
    expect(swipeStep(-49, 0)).toBe(0);
    expect(swipeStep(-50, 0)).toBe(1);
    expect(swipeStep(50, 0)).toBe(-1);
    expect(swipeStep(49, 0)).toBe(0);
  });

  it('ignores drags that are mostly vertical', () => {
    expect(swipeStep(-60, 80)).toBe(0);
    expect(swipeStep(80, -60)).toBe(-1);
    // A drag exactly as far across as down still turns the picture.
    expect(swipeStep(-60, 60)).toBe(1);
  });
});

describe('wrapIndex', () => {
  it('wraps both ways', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(1, 3)).toBe(1);
    expect(wrapIndex(5, 0)).toBe(0);
  });
});
