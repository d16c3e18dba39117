/** SPEC §5 and §9: a counter goes from 0 to 999 unless the caller narrows it (favourites use 1 to 100). */
export const COUNTER_MIN = 0;
export const COUNTER_MAX = 999;

export type CounterBounds = { min?: number; max?: number };

/** Normalises bounds: defaults, whole numbers, and min never above max. */
export function counterBounds({ min = COUNTER_MIN, max = COUNTER_MAX }: CounterBounds = {}): {
  min: number;
  max: number;
} {
  const low = Math.ceil(Number.isFinite(min) ? min : COUNTER_MIN);
  const high = Math.floor(Number.isFinite(max) ? max : COUNTER_MAX);
  // Stryker disable next-line EqualityOperator: when they are equal both branches give { min: low, max: low }
  return high < low ? { min: low, max: low } : { min: low, max: high };
}

/** A quantity clamped into [min, max] and rounded down to a whole number; nonsense becomes min. */
export function clampCount(value: number, bounds: CounterBounds = {}): number {
  const { min, max } = counterBounds(bounds);
  if (Number.isNaN(value)) return min;
  return Math.min(max, Math.max(min, Math.floor(value)));
}

export type CounterLabels = { field: string; decrement: string; increment: string };

/**
 * The accessible names of a counter's field and its − and + buttons. With the item's name each says whose
 * quantity it changes ('Уменьшить количество: Айран 0,5 л'), so a basket of counters reads apart in a screen
 * reader's list of buttons (issue 21); without one they are the bare words.
 */
export function counterLabels(itemName?: string): CounterLabels {
  const name = itemName?.trim();
  if (!name) return { field: 'Количество', decrement: 'Уменьшить', increment: 'Увеличить' };
  return {
    field: `Количество: ${name}`,
    decrement: `Уменьшить количество: ${name}`,
    increment: `Увеличить количество: ${name}`,
  };
}
