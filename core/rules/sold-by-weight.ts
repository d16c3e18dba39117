/**
 * Goods sold by weight (issue 27, ADR 054): meat, cheese, fish, fruit and vegetables are priced per kilogram
 * and bought in grams, in steps from a minimum ('300 г', or '≈ 1 шт · 350 г' for a melon). The amount a
 * customer orders is an estimate; the picker weighs the line at assembly and its price follows the weight.
 * Each rule once, for the browser and the server alike.
 */
import { COUNTER_MAX } from './counter';
import { formatRoubles } from './price';
import { formatPackSize, formatWeight } from './weight';

export const GRAMS_PER_KG = 1000;

/** How a product is sold: by the piece, or by weight (price per kg, quantity in grams). */
export const SOLD_BY = ['piece', 'weight'] as const;
export type SoldBy = (typeof SOLD_BY)[number];

/** A weighed line holds at most this much (20 kg): a sane cap on one line of a grocery order. */
export const WEIGHT_MAX_GRAMS = 20_000;

/** How far the weighed total may exceed the estimate unless configured otherwise (server/config.ts). */
export const DEFAULT_WEIGHT_TOLERANCE_PERCENT = 10;

/**
 * How a product sold by weight is bought (the API's `by_weight`): the step and the minimum in grams, and for
 * goods bought by the piece but priced by weight (a melon, a fish) what one piece weighs about (its step).
 */
export type WeightTerms = { step: number; min: number; piece: number | null };

/**
 * What a line's quantity counts and how it moves: pieces from 1 to 999 one at a time, or grams in steps
 * from a minimum up to WEIGHT_MAX_GRAMS.
 */
export type SaleUnit = { step: number; min: number; max: number };

export const PIECE_UNIT: SaleUnit = { step: 1, min: 1, max: COUNTER_MAX };

/** The unit a product is bought in: its weight terms, or pieces when it has none. */
export function saleUnitOf(terms: WeightTerms | null | undefined): SaleUnit {
  if (!terms) return PIECE_UNIT;
  const step = Math.max(1, Math.floor(terms.step));
  // A minimum that is not a whole number of steps is raised to the next one, so every amount is a step multiple.
  const min = Math.max(step, Math.ceil(terms.min / step) * step);
  return { step, min, max: Math.floor(WEIGHT_MAX_GRAMS / step) * step };
}

/**
 * A favourites set counts its lines in portions (1–99, ADR 019): for goods sold by weight a portion is the
 * least amount they are sold in (the minimum, or one piece's weight), so '2' of cheese from 200 г is 400 г.
 * Pieces are the count itself.
 */
export function portionsAmount(count: number, terms: WeightTerms | null | undefined): number {
  return terms ? count * saleUnitOf(terms).min : count;
}

/** `value` rounded down to a whole number of steps. */
function toSteps(value: number, step: number): number {
  return Math.floor(value / step) * step;
}

/**
 * A quantity as it can be bought: a whole number of steps, at most the unit's cap and the stock (itself
 * rounded down to steps); below the minimum it is 0 (nothing, or the line goes). For pieces this is SPEC §5's
 * 0–999 capped at the stock.
 */
export function capAmount(wanted: number, stock: number, unit: SaleUnit = PIECE_UNIT): number {
  if (Number.isNaN(wanted) || wanted <= 0) return 0;
  const available = Number.isFinite(stock) ? Math.max(0, stock) : 0;
  const amount = Math.min(toSteps(wanted, unit.step), unit.max, toSteps(available, unit.step));
  return amount < unit.min ? 0 : amount;
}

/**
 * What an amount the customer typed or posted is wrong with, in Russian; null when it is a whole number of
 * steps between the minimum and the cap (0 removes a line and is always fine). The stock is not checked
 * here: above it an amount is capped, as for pieces.
 */
export function weightAmountError(grams: number, terms: WeightTerms): string | null {
  const unit = saleUnitOf(terms);
  if (grams === 0) return null;
  if (!Number.isInteger(grams) || grams < 0 || grams % unit.step !== 0) {
    return `Вес — шагами по ${formatWeight(unit.step)}`;
  }
  if (grams < unit.min) return `Минимум ${formatWeight(unit.min)}`;
  if (grams > unit.max) return `Не больше ${formatWeight(unit.max)} в одной строке`;
  return null;
}

/**
 * The price of `grams` of a product at `perKg` kopecks a kilogram, rounded half up to a whole kopeck: the
 * one rounding of weighed goods, for the estimate and for the weighed line alike. Integer arithmetic: the
 * product stays far below 2^53 (a price of a million roubles a kg times 20 kg).
 */
export function weighedPriceKopecks(perKg: number, grams: number): number {
  return Math.floor((perKg * grams + GRAMS_PER_KG / 2) / GRAMS_PER_KG);
}

/** What a line costs at `price` each (a piece) or a kilogram (weighed goods, `quantity` in grams). */
export function linePriceKopecks(price: number, quantity: number, isByWeight: boolean): number {
  return isByWeight ? weighedPriceKopecks(price, quantity) : price * quantity;
}

/** The most a weighed estimate may become: the estimate plus the tolerance, rounded down to a kopeck. */
export function maxWeighedKopecks(estimateKopecks: number, tolerancePercent: number): number {
  return Math.floor((estimateKopecks * (100 + tolerancePercent)) / 100);
}

/** A weighed price within the tolerance over its estimate (less than the estimate is always fine). */
export function isWithinTolerance(
  estimateKopecks: number,
  finalKopecks: number,
  tolerancePercent: number,
): boolean {
  return finalKopecks <= maxWeighedKopecks(estimateKopecks, tolerancePercent);
}

/** '≈ 2 шт · 700 г' for goods bought by the piece, '300 г' otherwise. */
export function formatWeightAmount(grams: number, terms: WeightTerms): string {
  if (terms.piece) {
    const pieces = Math.max(1, Math.round(grams / terms.piece));
    return `≈ ${pieces} шт · ${formatWeight(grams)}`;
  }
  return formatWeight(grams);
}

/**
 * What a product sold by weight says beside its name: how it is bought — '≈ 1 шт · 350 г' by the piece,
 * 'шаг 100 г, от 200 г' otherwise.
 */
export function formatWeightStep(terms: WeightTerms): string {
  if (terms.piece) return formatWeightAmount(terms.piece, terms);
  const unit = saleUnitOf(terms);
  const step = `шаг ${formatWeight(unit.step)}`;
  return unit.min > unit.step ? `${step}, от ${formatWeight(unit.min)}` : step;
}

/** A product's pack size, or for goods sold by weight how they are bought (cards, the product page, the basket). */
export function formatSize(product: {
  name: string;
  weight: number;
  by_weight?: WeightTerms | null | undefined;
}): string {
  return product.by_weight ? formatWeightStep(product.by_weight) : formatPackSize(product);
}

/** A point's stock as a shopper reads it: '12 шт.', or for goods sold by weight '4,5 кг'. */
export function formatStock(count: number, terms: WeightTerms | null | undefined): string {
  return terms ? formatWeight(count) : `${count} шт.`;
}

/**
 * A basket's, checkout's or order's line as it is bought: '0,5 л · 89 ₽ × 2', or for goods sold by weight
 * '≈ 2 шт · 700 г · 599 ₽/кг' ('≈' in front of a plain weight: an estimate until weighed).
 */
export function formatLineAmount(line: {
  name: string;
  weight: number;
  price: number;
  quantity: number;
  terms?: WeightTerms | null | undefined;
}): string {
  if (!line.terms) return `${formatPackSize(line)} · ${formatRoubles(line.price)} × ${line.quantity}`;
  const amount = formatWeightAmount(line.quantity, line.terms);
  return `${amount.startsWith('≈') ? amount : `≈ ${amount}`} · ${formatPerKg(line.price)}`;
}

/** '1 190 ₽/кг'. */
export function formatPerKg(perKgKopecks: number): string {
  return `${formatRoubles(perKgKopecks)}/кг`;
}

/** The difference a weighing made, for the customer: '+12,40 ₽', '−8 ₽', '0 ₽'. */
export function formatDifference(kopecks: number): string {
  if (kopecks > 0) return `+${formatRoubles(kopecks)}`;
  if (kopecks < 0) return `−${formatRoubles(-kopecks)}`;
  return formatRoubles(0);
}
