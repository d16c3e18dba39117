/** A salary offer as job sites in Russia write it: «от 45 000 до 60 000 ₽». Amounts are whole roubles. */
export const SALARY_BY_AGREEMENT = 'Доход по договорённости';

/** 45000 → «45 000» (thousands separated by a non-breaking space, as Russian typography does). */
export function groupThousands(value: number): string {
  const whole = Math.round(Math.abs(value));
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  // Stryker disable next-line EqualityOperator: at 0 the whole part is 0 too, and no sign is written either way
  return value < 0 && whole !== 0 ? `−${grouped}` : grouped;
}

const isAmount = (value: number | null | undefined): value is number =>
  // Stryker disable next-line ConditionalExpression,LogicalOperator: Number.isFinite is false for null and undefined already; typeof narrows the type
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/** «от 45 000 ₽», «до 60 000 ₽», «от 45 000 до 60 000 ₽», «50 000 ₽», or «Доход по договорённости». */
export function formatSalary(from: number | null | undefined, to: number | null | undefined): string {
  const low = isAmount(from) ? from : null;
  const high = isAmount(to) ? to : null;
  if (low !== null && high !== null) {
    if (low === high) return `${groupThousands(low)}\u00a0₽`;
    // Stryker disable next-line EqualityOperator: equal bounds returned above
    const [min, max] = low < high ? [low, high] : [high, low];
    return `от ${groupThousands(min)} до ${groupThousands(max)}\u00a0₽`;
  }
  if (low !== null) return `от ${groupThousands(low)}\u00a0₽`;
  if (high !== null) return `до ${groupThousands(high)}\u00a0₽`;
  return SALARY_BY_AGREEMENT;
}
