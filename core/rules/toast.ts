/**
 * What every toast caller needs (SPEC §4 and §9): whether a toast has anything to show, and how long one
 * stays. The queue itself (core/rules/toast-queue.ts) loads with the first toast a page shows, not with the
 * page (ADR 044); this is the part the shell carries.
 */
export const TOAST_MAX_VISIBLE = 5;
export const TOAST_DEFAULT_DURATION_MS = 5_000;

export function hasText(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== '';
}

/** SPEC §4: a toast with neither title nor content is not shown. */
export function isShowable(input: { title?: string; content?: string }): boolean {
  return hasText(input.title) || hasText(input.content);
}
