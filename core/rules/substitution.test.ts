import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './orders';
import {
  ASSEMBLY_STATUSES,
  answerByDefault,
  answerDeadline,
  canOfferReplacement,
  countsOriginal,
  countsReplacement,
  DEFAULT_ON_MISSING,
  DEFAULT_REPLACEMENT_MINUTES,
  formatReplacementAmount,
  isAnswerable,
  isBeingAssembled,
  isOnMissing,
  isReplacementMinutes,
  lineChoice,
  minutesLeft,
  ON_MISSING,
  ON_MISSING_LABELS,
  REPLACEMENT_MINUTES_MAX,
  REPLACEMENT_MINUTES_MESSAGE,
  REPLACEMENT_MINUTES_MIN,
  replacementQuantity,
  SUBSTITUTION_STATE_LABELS,
  SUBSTITUTION_STATES,
} from './substitution';

const nbsp = (text: string) => text.replace(/\s/g, ' ');
const at = (iso: string) => new Date(iso);

describe('choices', () => {
  it('names the three choices as the big grocers do, and asks first by default', () => {
    expect(ON_MISSING.map((choice) => ON_MISSING_LABELS[choice])).toEqual([
      'Заменить на похожий',
      'Позвонить мне',
      'Убрать из заказа',
    ]);
    expect(DEFAULT_ON_MISSING).toBe('call');
    expect(SUBSTITUTION_STATES.map((state) => SUBSTITUTION_STATE_LABELS[state])).toEqual([
      'Нет в наличии',
      'Предложена замена',
      'Заменён',
      'Замена отклонена',
    ]);
  });

  it('knows a choice from anything else', () => {
    for (const choice of ON_MISSING) expect(isOnMissing(choice)).toBe(true);
    for (const value of ['', 'Similar', 'skip', null, undefined, 1, {}])
      expect(isOnMissing(value)).toBe(false);
  });

  it("takes the line's own choice, else the order's", () => {
    expect(lineChoice('remove', 'similar')).toBe('remove');
    expect(lineChoice(null, 'similar')).toBe('similar');
    expect(lineChoice(undefined, 'call')).toBe('call');
  });

  it('offers no replacement to a customer who asked to leave the line out', () => {
    expect(canOfferReplacement('similar')).toBe(true);
    expect(canOfferReplacement('call')).toBe(true);
    expect(canOfferReplacement('remove')).toBe(false);
  });

  it('answers by default with the replacement only for "similar"', () => {
    expect(answerByDefault('similar')).toBe('accepted');
    expect(answerByDefault('call')).toBe('rejected');
    expect(answerByDefault('remove')).toBe('rejected');
  });
});

describe('what counts in the total', () => {
  it.each([
    [null, true, false],
    ['missing', false, false],
    ['offered', false, true],
    ['accepted', false, true],
    ['rejected', false, false],
  ] as const)('%s: original %s, replacement %s', (state, original, replacement) => {
    expect(countsOriginal(state)).toBe(original);
    expect(countsReplacement(state)).toBe(replacement);
  });
});

describe('the time to answer', () => {
  const offered = at('2026-11-28T10:00:00Z');
  const deadline = answerDeadline(offered, 10);

  it('ends the given minutes after the offer', () => {
    expect(deadline.toISOString()).toBe('2026-11-28T10:10:00.000Z');
    expect(answerDeadline(offered, 1).toISOString()).toBe('2026-11-28T10:01:00.000Z');
  });

  it('is open only for an offer, before its deadline', () => {
    expect(isAnswerable('offered', deadline, at('2026-11-28T10:09:59.999Z'))).toBe(true);
    expect(isAnswerable('offered', deadline, deadline)).toBe(false);
    expect(isAnswerable('offered', null, offered)).toBe(false);
    for (const state of ['missing', 'accepted', 'rejected', null] as const) {
      expect(isAnswerable(state, deadline, offered)).toBe(false);
    }
  });

  it('counts whole minutes left, rounded up, never below zero', () => {
    expect(minutesLeft(deadline, offered)).toBe(10);
    expect(minutesLeft(deadline, at('2026-11-28T10:00:01Z'))).toBe(10);
    expect(minutesLeft(deadline, at('2026-11-28T10:09:00Z'))).toBe(1);
    expect(minutesLeft(deadline, at('2026-11-28T10:09:59Z'))).toBe(1);
    expect(minutesLeft(deadline, deadline)).toBe(0);
    expect(minutesLeft(deadline, at('2026-11-28T11:00:00Z'))).toBe(0);
  });
});

describe("the shop's time to answer", () => {
  it('is whole minutes from 1 to 60, the default among them', () => {
    expect([REPLACEMENT_MINUTES_MIN, REPLACEMENT_MINUTES_MAX]).toEqual([1, 60]);
    for (const minutes of [1, 2, DEFAULT_REPLACEMENT_MINUTES, 59, 60]) {
      expect(isReplacementMinutes(minutes), String(minutes)).toBe(true);
    }
    for (const minutes of [0, -1, 61, 120, 1.5, 59.9, 0.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(isReplacementMinutes(minutes), String(minutes)).toBe(false);
    }
  });

  it('says the bounds in Russian', () => {
    expect(REPLACEMENT_MINUTES_MESSAGE).toBe('Укажите время от 1 до 60 минут');
  });
});

describe('replacementQuantity', () => {
  const pack = (weightGrams: number) => ({
    soldBy: 'piece' as const,
    weightGrams,
    stepGrams: null,
    minGrams: null,
  });
  const byWeight = (stepGrams: number | null, minGrams: number | null) => ({
    soldBy: 'weight' as const,
    weightGrams: 1000,
    stepGrams,
    minGrams,
  });

  it('keeps the pieces for a piece', () => {
    expect(replacementQuantity({ soldBy: 'piece', quantity: 3, weightGrams: 300 }, pack(500))).toBe(3);
  });

  it('turns grams into pieces of the replacement, at least one', () => {
    expect(replacementQuantity({ soldBy: 'weight', quantity: 700, weightGrams: 1000 }, pack(350))).toBe(2);
    expect(replacementQuantity({ soldBy: 'weight', quantity: 100, weightGrams: 1000 }, pack(350))).toBe(1);
    expect(replacementQuantity({ soldBy: 'weight', quantity: 875, weightGrams: 1000 }, pack(350))).toBe(3);
    // A product without a weight counts as a gram each rather than dividing by zero.
    expect(replacementQuantity({ soldBy: 'weight', quantity: 5, weightGrams: 1000 }, pack(0))).toBe(5);
  });

  it("turns pieces into grams by the original's weight, in the replacement's steps, at least its minimum", () => {
    expect(replacementQuantity({ soldBy: 'piece', quantity: 2, weightGrams: 300 }, byWeight(100, 200))).toBe(
      600,
    );
    expect(replacementQuantity({ soldBy: 'piece', quantity: 1, weightGrams: 320 }, byWeight(100, 200))).toBe(
      300,
    );
    expect(replacementQuantity({ soldBy: 'piece', quantity: 1, weightGrams: 360 }, byWeight(100, 200))).toBe(
      400,
    );
    expect(replacementQuantity({ soldBy: 'piece', quantity: 1, weightGrams: 50 }, byWeight(100, 200))).toBe(
      200,
    );
  });

  it('keeps grams for grams, in the steps, at least the minimum or one step', () => {
    expect(
      replacementQuantity({ soldBy: 'weight', quantity: 740, weightGrams: 1000 }, byWeight(250, 500)),
    ).toBe(750);
    expect(
      replacementQuantity({ soldBy: 'weight', quantity: 300, weightGrams: 1000 }, byWeight(250, 500)),
    ).toBe(500);
    expect(
      replacementQuantity({ soldBy: 'weight', quantity: 40, weightGrams: 1000 }, byWeight(100, null)),
    ).toBe(100);
    expect(
      replacementQuantity({ soldBy: 'weight', quantity: 743, weightGrams: 1000 }, byWeight(null, null)),
    ).toBe(743);
    expect(replacementQuantity({ soldBy: 'weight', quantity: 743, weightGrams: 1000 }, byWeight(0, 0))).toBe(
      743,
    );
  });
});

describe('assembly', () => {
  it('is confirmed and assembling, nothing else', () => {
    expect(ASSEMBLY_STATUSES).toEqual(['confirmed', 'assembling']);
    expect(ORDER_STATUSES.filter(isBeingAssembled)).toEqual(['confirmed', 'assembling']);
  });

  it('says a replacement amount in pieces or grams', () => {
    expect(formatReplacementAmount('piece', 2)).toBe('2 шт.');
    expect(nbsp(formatReplacementAmount('weight', 350))).toBe('350 г');
    expect(nbsp(formatReplacementAmount('weight', 1500))).toMatch(/^1[,.]5 кг$/);
  });
});
