/**
 * Dates and durations as Russian readers write them. Dates are shown in Moscow time (both demo cities use it,
 * and Russia has no daylight saving time since 2014) so the server and every browser render the same day,
 * whatever their own time zone: no hydration mismatch around midnight.
 */
export const MOSCOW_UTC_OFFSET_MIN = 180;

/** Month names in the genitive, as a date is read: «12 марта». */
export const MONTHS_GENITIVE = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
] as const;

export type DateInput = Date | string | number;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** «12 марта 2026»; an empty string for an invalid date. */
export function formatDate(value: DateInput, utcOffsetMinutes: number = MOSCOW_UTC_OFFSET_MIN): string {
  const date = toDate(value);
  if (!date) return '';
  const local = new Date(date.getTime() + utcOffsetMinutes * 60_000);
  return `${local.getUTCDate()}\u00a0${MONTHS_GENITIVE[local.getUTCMonth()]} ${local.getUTCFullYear()}`;
}

/** A cooking time: «45 мин», «1 ч», «1 ч 30 мин»; an empty string for nonsense. */
export function formatDuration(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes <= 0) return '';
  const total = Math.round(minutes);
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  if (hours === 0) return `${rest}\u00a0мин`;
  return rest === 0 ? `${hours}\u00a0ч` : `${hours}\u00a0ч ${rest}\u00a0мин`;
}

/** An ISO 8601 duration for schema.org (`totalTime`): 90 → 'PT1H30M'. */
export function toIsoDuration(minutes: number): string {
  const total = Number.isFinite(minutes) && minutes > 0 ? Math.round(minutes) : 0;
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  if (hours === 0) return `PT${rest}M`;
  return rest === 0 ? `PT${hours}H` : `PT${hours}H${rest}M`;
}
