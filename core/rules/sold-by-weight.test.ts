import { describe, expect, it } from 'vitest';
import { nextQuantity, withPendingChanges } from './basket';
import { totalsWithFee } from './order-totals';
import {
  capAmount,
  formatDifference,
  formatLineAmount,
  formatPerKg,
  formatSize,
  formatStock,
  formatWeightAmount,
  formatWeightStep,
  isWithinTolerance,
  linePriceKopecks,
  maxWeighedKopecks,
  PIECE_UNIT,
  portionsAmount,
  saleUnitOf,
  WEIGHT_MAX_GRAMS,
  weighedPriceKopecks,
  weightAmountError,
} from './sold-by-weight';

const nbsp = (text: string) => text.replace(/\s/g, ' ');
const cheese = { step: 100, min: 200, piece: null };
const melon = { step: 350, min: 350, piece: 350 };

describe('weighedPriceKopecks', () => {
  it.each([
    // 1 090 ₽/кг × 300 г = 327 ₽ exactly
    [109_000, 300, 32_700],
    // 599,90 ₽/кг × 1 г = 59,99 kopecks → 60
    [59_990, 1, 60],
    // 1 234 kopecks/kg × 500 g = 617 exactly
    [1_234, 500, 617],
    // 1 235 × 0,5 = 617,5 → half up to 618
    [1_235, 500, 618],
    // 1 233 × 0,5 = 616,5 → 617
    [1_233, 500, 617],
    // 1 001 × 0,333 = 333,333 → 333
    [1_001, 333, 333],
    // 999 × 0,999 = 998,001 → 998; 999 × 0,9995 would not be whole grams
    [999, 999, 998],
    [10_000, 0, 0],
  ])('%i kopecks a kg × %i g = %i kopecks', (perKg, grams, expected) => {
    expect(weighedPriceKopecks(perKg, grams)).toBe(expected);
  });

  it('rounds half a kopeck up, and never by floating point error', () => {
    // 0,5 kopeck exactly: 1 kopeck a kg × 500 g
    expect(weighedPriceKopecks(1, 500)).toBe(1);
    expect(weighedPriceKopecks(1, 499)).toBe(0);
    // 33 333 kopecks × 0,3 is 9 999,9 in decimal, 9999.899999… in binary floating point
    expect(weighedPriceKopecks(33_333, 300)).toBe(10_000);
    // The largest line: a million roubles a kg times the cap stays exact
    expect(weighedPriceKopecks(100_000_000, WEIGHT_MAX_GRAMS)).toBe(2_000_000_000);
  });
});

describe('linePriceKopecks', () => {
  it('multiplies pieces and weighs grams', () => {
    expect(linePriceKopecks(12_345, 3, false)).toBe(37_035);
    expect(linePriceKopecks(12_345, 300, true)).toBe(3_704);
  });
});

describe('tolerance', () => {
  it('allows the estimate plus the percent, rounded down to a kopeck', () => {
    expect(maxWeighedKopecks(10_000, 10)).toBe(11_000);
    expect(maxWeighedKopecks(10_005, 10)).toBe(11_005);
    expect(maxWeighedKopecks(10_009, 10)).toBe(11_009);
    expect(maxWeighedKopecks(999, 10)).toBe(1_098);
    expect(maxWeighedKopecks(10_000, 0)).toBe(10_000);
  });

  it('accepts up to the edge and refuses a kopeck more; less than the estimate is always fine', () => {
    expect(isWithinTolerance(32_700, 35_970, 10)).toBe(true);
    expect(isWithinTolerance(32_700, 35_971, 10)).toBe(false);
    expect(isWithinTolerance(32_700, 1, 10)).toBe(true);
    expect(isWithinTolerance(32_700, 32_701, 0)).toBe(false);
  });
});

describe('portionsAmount', () => {
  it("counts a set's portions of goods sold by weight in their least amount, pieces as they are", () => {
    expect(portionsAmount(2, cheese)).toBe(400);
    expect(portionsAmount(1, melon)).toBe(350);
    expect(portionsAmount(3, { step: 100, min: 250, piece: null })).toBe(900);
    expect(portionsAmount(3, null)).toBe(3);
    expect(portionsAmount(3, undefined)).toBe(3);
  });
});

describe('saleUnitOf', () => {
  it('is pieces without weight terms', () => {
    expect(saleUnitOf(null)).toBe(PIECE_UNIT);
    expect(saleUnitOf(undefined)).toEqual({ step: 1, min: 1, max: 999 });
  });

  it('raises a minimum to whole steps and caps at whole steps', () => {
    expect(saleUnitOf(cheese)).toEqual({ step: 100, min: 200, max: 20_000 });
    expect(saleUnitOf({ step: 100, min: 250, piece: null }).min).toBe(300);
    expect(saleUnitOf({ step: 100, min: 0, piece: null }).min).toBe(100);
    expect(saleUnitOf(melon)).toEqual({ step: 350, min: 350, max: 19_950 });
  });
});

describe('capAmount', () => {
  const unit = saleUnitOf(cheese);

  it('rounds down to whole steps, at most the stock (itself in whole steps) and the cap', () => {
    expect(capAmount(450, 10_000, unit)).toBe(400);
    expect(capAmount(900, 750, unit)).toBe(700);
    expect(capAmount(50_000, 100_000, unit)).toBe(WEIGHT_MAX_GRAMS);
    expect(capAmount(Number.POSITIVE_INFINITY, 1_000, unit)).toBe(1_000);
  });

  it('is nothing below the minimum, for lack of stock too', () => {
    expect(capAmount(100, 10_000, unit)).toBe(0);
    expect(capAmount(500, 150, unit)).toBe(0);
    expect(capAmount(-300, 10_000, unit)).toBe(0);
    expect(capAmount(Number.NaN, 10_000, unit)).toBe(0);
    expect(capAmount(300, Number.NaN, unit)).toBe(0);
  });

  it('is SPEC §5 for pieces', () => {
    expect(capAmount(5.7, 10)).toBe(5);
    expect(capAmount(1_500, 5_000)).toBe(999);
    expect(capAmount(7, 3.9)).toBe(3);
    expect(capAmount(-1, 3)).toBe(0);
  });
});

describe('nextQuantity of a weighed line', () => {
  const unit = saleUnitOf(cheese);

  it('steps up from nothing to the minimum, then by steps, and down below the minimum removes', () => {
    expect(nextQuantity(0, { delta: 100 }, 5_000, unit)).toBe(200);
    expect(nextQuantity(0, { delta: 1 }, 5_000, unit)).toBe(200);
    expect(nextQuantity(200, { delta: 100 }, 5_000, unit)).toBe(300);
    expect(nextQuantity(300, { delta: -100 }, 5_000, unit)).toBe(200);
    expect(nextQuantity(200, { delta: -100 }, 5_000, unit)).toBe(0);
  });

  it('caps at the stock in grams', () => {
    expect(nextQuantity(400, { delta: 100 }, 450, unit)).toBe(400);
    expect(nextQuantity(0, { quantity: 1_000 }, 650, unit)).toBe(600);
    expect(nextQuantity(0, { delta: 100 }, 150, unit)).toBe(0);
  });

  it('goes to the minimum for a pending line the basket has not answered yet', () => {
    const { added } = withPendingChanges({}, [
      { pointId: 'p', productId: 'cheese', change: { delta: 100 }, unit },
      { pointId: 'p', productId: 'cheese', change: { delta: 100 }, unit },
    ]);
    expect(added.get('p:cheese')).toBe(300);
  });
});

describe('weightAmountError', () => {
  it('accepts whole steps from the minimum to the cap, and 0', () => {
    expect(weightAmountError(0, cheese)).toBeNull();
    expect(weightAmountError(200, cheese)).toBeNull();
    expect(weightAmountError(WEIGHT_MAX_GRAMS, cheese)).toBeNull();
  });

  it.each([
    [250, 'Вес — шагами по 100 г'],
    [-100, 'Вес — шагами по 100 г'],
    [100.5, 'Вес — шагами по 100 г'],
    [100, 'Минимум 200 г'],
    [WEIGHT_MAX_GRAMS + 100, 'Не больше 20 кг в одной строке'],
  ])('%i g: %s', (grams, message) => {
    expect(nbsp(weightAmountError(grams, cheese) ?? '')).toBe(message);
  });
});

describe('formatting', () => {
  it('shows grams, or pieces about so heavy', () => {
    expect(nbsp(formatWeightAmount(300, cheese))).toBe('300 г');
    expect(nbsp(formatWeightAmount(1_500, cheese))).toBe('1,5 кг');
    expect(nbsp(formatWeightAmount(350, melon))).toBe('≈ 1 шт · 350 г');
    expect(nbsp(formatWeightAmount(1_050, melon))).toBe('≈ 3 шт · 1,05 кг');
  });

  it('shows a stock in pieces or by weight', () => {
    expect(formatStock(12, undefined)).toBe('12 шт.');
    expect(nbsp(formatStock(4_500, cheese))).toBe('4,5 кг');
  });

  it('shows a line as it is bought', () => {
    const line = { name: 'Сыр', weight: 1_000, price: 109_000, quantity: 300 };
    expect(nbsp(formatLineAmount({ ...line, terms: cheese }))).toBe('≈ 300 г · 1 090 ₽/кг');
    expect(nbsp(formatLineAmount({ ...line, quantity: 700, terms: melon }))).toBe(
      '≈ 2 шт · 700 г · 1 090 ₽/кг',
    );
    expect(nbsp(formatLineAmount({ ...line, price: 8_900, quantity: 2 }))).toBe('1 кг · 89 ₽ × 2');
  });

  it('says how a product is bought', () => {
    expect(nbsp(formatWeightStep(cheese))).toBe('шаг 100 г, от 200 г');
    expect(nbsp(formatWeightStep({ step: 500, min: 500, piece: null }))).toBe('шаг 500 г');
    expect(nbsp(formatWeightStep(melon))).toBe('≈ 1 шт · 350 г');
    expect(nbsp(formatSize({ name: 'Сыр', weight: 1000, by_weight: cheese }))).toBe('шаг 100 г, от 200 г');
    expect(nbsp(formatSize({ name: 'Айран 0,5 л', weight: 500 }))).toBe('0,5 л');
  });

  it('shows the price per kg and a difference with its sign', () => {
    expect(nbsp(formatPerKg(109_000))).toBe('1 090 ₽/кг');
    expect(nbsp(formatDifference(1_240))).toBe('+12,40 ₽');
    expect(nbsp(formatDifference(-800))).toBe('−8 ₽');
    expect(nbsp(formatDifference(0))).toBe('0 ₽');
  });
});

describe('order totals with weighed lines', () => {
  it('weighs each line with the one rounding; pieces as before', () => {
    const totals = totalsWithFee(
      [
        // 1 235 kopecks a kg at 10 % off (full price ceil(1235 / 90) = 14 ₽ = 1 400 a kg) × 500 g
        { price: 1_235, discount: 10, quantity: 500, isByWeight: true },
        { price: 10_000, discount: 0, quantity: 2 },
      ],
      19_900,
    );
    expect(totals).toEqual({
      items: 700 + 20_000,
      savings: 700 - 618,
      goods: 618 + 20_000,
      fee: 19_900,
      total: 618 + 20_000 + 19_900,
    });
  });
});
