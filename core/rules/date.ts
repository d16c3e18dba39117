/**
 * Dates and times as Russian readers write them, always on the Moscow clock: both demo cities and their stores
 * keep Moscow time, and the server and every browser must render the same day and hour whatever their own
 * time zone (no hydration mismatch around midnight). The time zone database (`Intl` with 'Europe/Moscow') is
 * the one source of that clock; nothing here adds a fixed offset by hand.
 */
export const MOSCOW_TIME_ZONE = 'Europe/Moscow';

/** A calendar day and a time of day on the Moscow clock; `weekday` is ISO (Monday 1 … Sunday 7). */
export type MoscowDateTime = {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: number;
};

/**
 * Built on first use, not when the module loads: the first `Intl` object a page builds loads the time zone
 * and locale data (tens of milliseconds on a phone), and a page that shows no date, the catalogue, never pays
 * it (its footer's year comes with the root loader's data: issue 23, ADR 044).
 */
let moscowParts: Intl.DateTimeFormat | undefined;

function moscowFormat(): Intl.DateTimeFormat {
  moscowParts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: MOSCOW_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    weekday: 'short',
  });
  return moscowParts;
}

const ISO_WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** What a Moscow wall clock and calendar show at this instant. */
export function toMoscow(date: Date): MoscowDateTime {
  const parts: Record<string, string> = {};
  for (const { type, value } of moscowFormat().formatToParts(date)) parts[type] = value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    // Stryker disable next-line StringLiteral: the format always has a weekday; the default is for the type checker
    weekday: ISO_WEEKDAYS[parts.weekday ?? ''] ?? 0,
  };
}

const MS_PER_DAY = 86_400_000;

/** Milliseconds the Moscow clock is ahead of UTC at this instant (a whole minute: no seconds are read). */
function moscowOffsetMs(date: Date): number {
  const { year, month, day, hour, minute } = toMoscow(date);
  return Date.UTC(year, month - 1, day, hour, minute) - date.getTime();
}

/**
 * The instant when the Moscow clock shows `minutes` past midnight of the given calendar day. Days and
 * minutes beyond their range roll over (day 32 of January is 1 February), as `Date.UTC` does.
 */
export function fromMoscow(day: { year: number; month: number; day: number }, minutes: number): Date {
  const wall = Date.UTC(day.year, day.month - 1, day.day, 0, minutes);
  // The offset at the wall time read as UTC is right except within hours of an offset change; one more
  // step settles those.
  const guess = wall - moscowOffsetMs(new Date(wall));
  return new Date(wall - moscowOffsetMs(new Date(guess)));
}

/** The Moscow calendar day of an instant as a day count since 1970-01-01: for «сегодня» and «завтра». */
export function moscowDayNumber(date: Date): number {
  const { year, month, day } = toMoscow(date);
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

/** «14:05» */
export function formatMoscowTime(date: Date): string {
  const { hour, minute } = toMoscow(date);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

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

/** «12 марта» in Moscow time; an empty string for an invalid date. */
export function formatDayMonth(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  const { day, month } = toMoscow(date);
  return `${day}\u00a0${MONTHS_GENITIVE[month - 1]}`;
}

/** «12 марта 2026» in Moscow time; an empty string for an invalid date. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  return `${formatDayMonth(date)} ${toMoscow(date).year}`;
}

/** «12 марта в 14:05» in Moscow time; an empty string for an invalid date. */
export function formatDayMonthTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  return `${formatDayMonth(date)} в ${formatMoscowTime(date)}`;
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
  const total = Number.isFinite(minutes) ? Math.max(0, Math.round(minutes)) : 0;
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  if (hours === 0) return `PT${rest}M`;
  return rest === 0 ? `PT${hours}H` : `PT${hours}H${rest}M`;
}
