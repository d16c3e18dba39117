/** SPEC §9: the SMS code has 4 digits and may be sent again after 15 seconds. */
export const CODE_LENGTH = 4;
export const RESEND_INTERVAL_S = 15;

/** Keeps what a person may type into the code field: digits, at most four. */
export function sanitiseCodeInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

export function isValidCode(value: string): boolean {
  return /^\d{4}$/.test(value);
}

/** Whole seconds left of a countdown started at startedAtMs, never below 0 (the resend timer). */
export function countdownSecondsLeft(
  startedAtMs: number,
  nowMs: number,
  intervalS = RESEND_INTERVAL_S,
): number {
  const left = Math.ceil((startedAtMs + intervalS * 1000 - nowMs) / 1000);
  return Math.min(intervalS, Math.max(0, left));
}
