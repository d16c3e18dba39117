/**
 * Substitutions at assembly (issue 27, ADR 055): what happens to a line the picker cannot find. The customer
 * chooses per line (or once for the whole order at checkout): replace it with a similar product, call first,
 * or leave it out. The picker marks a line missing or offers a replacement; the customer accepts or rejects it
 * within the shop's time, and no answer means the line's choice. Each rule once, for the browser and the
 * server alike.
 */
import type { OrderStatus } from './orders';
import type { SoldBy } from './sold-by-weight';
import { formatWeight } from './weight';

/** A line's choice for when its product is missing. */
export const ON_MISSING = ['similar', 'call', 'remove'] as const;
export type OnMissing = (typeof ON_MISSING)[number];

export const ON_MISSING_LABELS: Readonly<Record<OnMissing, string>> = {
  similar: 'Заменить на похожий',
  call: 'Позвонить мне',
  remove: 'Убрать из заказа',
};

/** The order's choice when the customer picks none at checkout: ask before changing anything. */
export const DEFAULT_ON_MISSING: OnMissing = 'call';

/** How long a customer has to answer an offered replacement unless the shop sets otherwise (minutes). */
export const DEFAULT_REPLACEMENT_MINUTES = 10;
/**
 * The shop sets its time in whole minutes between these: at least a minute to read the offer, at most an
 * hour, so a picker is never kept from finishing the order for long.
 */
export const REPLACEMENT_MINUTES_MIN = 1;
export const REPLACEMENT_MINUTES_MAX = 60;
/** What the console and the API say of a time outside the bounds. */
export const REPLACEMENT_MINUTES_MESSAGE = `Укажите время от ${REPLACEMENT_MINUTES_MIN} до ${REPLACEMENT_MINUTES_MAX} минут`;

/** Whether a shop may set this as its time to answer: whole minutes within the bounds. */
export function isReplacementMinutes(value: number): boolean {
  return Number.isInteger(value) && value >= REPLACEMENT_MINUTES_MIN && value <= REPLACEMENT_MINUTES_MAX;
}

/**
 * Where a line stands: missing (left out for good), a replacement offered and waiting for the customer, or
 * the replacement accepted or rejected (a rejected line is left out too).
 */
export const SUBSTITUTION_STATES = ['missing', 'offered', 'accepted', 'rejected'] as const;
export type SubstitutionState = (typeof SUBSTITUTION_STATES)[number];

/**
 * Who settled an offered replacement: the customer, or the line's choice by default (the time ran out, or the
 * order moved on from assembly first).
 */
export const SUBSTITUTION_DECIDERS = ['customer', 'default'] as const;
export type SubstitutionDecider = (typeof SUBSTITUTION_DECIDERS)[number];

export const SUBSTITUTION_STATE_LABELS: Readonly<Record<SubstitutionState, string>> = {
  missing: 'Нет в наличии',
  offered: 'Предложена замена',
  accepted: 'Заменён',
  rejected: 'Замена отклонена',
};

export function isOnMissing(value: unknown): value is OnMissing {
  return typeof value === 'string' && (ON_MISSING as readonly string[]).includes(value);
}

/** A line's own choice, or the order's when the line has none. */
export function lineChoice(line: OnMissing | null | undefined, order: OnMissing): OnMissing {
  return line ?? order;
}

/** A line whose customer asked to leave it out gets no replacement offered. */
export function canOfferReplacement(choice: OnMissing): boolean {
  return choice !== 'remove';
}

/**
 * The answer no answer gives: a customer who chose 'Заменить на похожий' gets the replacement; one who asked
 * to be called, or to leave the line out, does not get a product they did not agree to.
 */
export function answerByDefault(choice: OnMissing): 'accepted' | 'rejected' {
  return choice === 'similar' ? 'accepted' : 'rejected';
}

/** The original line counts in the order's total only while nothing happened to it. */
export function countsOriginal(state: SubstitutionState | null): boolean {
  return state === null;
}

/** The replacement counts while it is offered (the total the customer is asked about) and once accepted. */
export function countsReplacement(state: SubstitutionState | null): boolean {
  return state === 'offered' || state === 'accepted';
}

/** Whether the customer may still answer an offer at `now`. */
export function isAnswerable(state: SubstitutionState | null, expiresAt: Date | null, now: Date): boolean {
  return state === 'offered' && expiresAt !== null && now.getTime() < expiresAt.getTime();
}

/** When an offer made at `offeredAt` is settled by default. */
export function answerDeadline(offeredAt: Date, minutes: number): Date {
  return new Date(offeredAt.getTime() + minutes * 60_000);
}

/** Whole minutes left to answer, rounded up (0 once the time is out). */
export function minutesLeft(expiresAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / 60_000));
}

/** What a line's amount is: pieces, or grams of a product sold by weight with its net or step weight. */
export type LineAmount = { soldBy: SoldBy; quantity: number; weightGrams: number };
/** How a replacement is sold: its unit, its net weight (pieces) or its step and minimum (by weight). */
export type ReplacementUnit = {
  soldBy: SoldBy;
  weightGrams: number;
  stepGrams: number | null;
  minGrams: number | null;
};

/**
 * How much of the replacement stands for the original line: as many pieces, or as many grams (in the
 * replacement's steps, at least its minimum); between pieces and weight, by the original's weight (a 300 g
 * pack of cheese becomes 300 g of cheese by weight; 700 g of apples, two 350 g packs).
 */
export function replacementQuantity(original: LineAmount, replacement: ReplacementUnit): number {
  const grams = original.soldBy === 'weight' ? original.quantity : original.quantity * original.weightGrams;
  if (replacement.soldBy === 'piece') {
    if (original.soldBy === 'piece') return original.quantity;
    return Math.max(1, Math.round(grams / Math.max(1, replacement.weightGrams)));
  }
  const step = Math.max(1, replacement.stepGrams ?? 1);
  const min = Math.max(step, replacement.minGrams ?? step);
  return Math.max(min, Math.round(grams / step) * step);
}

/** The statuses in which an order is put together: lines may be weighed, marked missing or replaced. */
export const ASSEMBLY_STATUSES: readonly OrderStatus[] = ['confirmed', 'assembling'];

export function isBeingAssembled(status: OrderStatus): boolean {
  return ASSEMBLY_STATUSES.includes(status);
}

/** A replacement's amount in words: '2 шт.' or '350 г'. */
export function formatReplacementAmount(soldBy: SoldBy, quantity: number): string {
  return soldBy === 'weight' ? formatWeight(quantity) : `${quantity} шт.`;
}
