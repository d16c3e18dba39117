/**
 * Russian plural forms (SPEC §9): one for 1 (and 21, 31 …), one for 2–4 (22–24 …) and one for 5 or more,
 * 0 and 11–14. Fractions take the 2–4 form: «1,5 порции».
 */
export type PluralForms = readonly [one: string, few: string, many: string];

export function pluralForm(count: number, forms: PluralForms): string {
  const [one, few, many] = forms;
  if (!Number.isFinite(count)) return many;
  const value = Math.abs(count);
  if (!Number.isInteger(value)) return few;
  const lastTwo = value % 100;
  const last = value % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return many;
  if (last === 1) return one;
  if (last >= 2 && last <= 4) return few;
  return many;
}

/** The count and its word: «1 порция», «3 порции», «5 порций», «21 порция». */
export function formatCount(count: number, forms: PluralForms): string {
  return `${count}\u00a0${pluralForm(count, forms)}`;
}
