import { ON_MISSING, ON_MISSING_LABELS } from '@core/rules/substitution';
import { describe, expect, it } from 'vitest';
import { CHOICE_OPTIONS } from './line-choice-form';

describe('the basket line’s choice for a missing item', () => {
  it('offers every answer of ON_MISSING, in its order, in ON_MISSING_LABELS’ words', () => {
    expect(CHOICE_OPTIONS).toEqual(ON_MISSING.map((value) => [value, ON_MISSING_LABELS[value]]));
  });
});
