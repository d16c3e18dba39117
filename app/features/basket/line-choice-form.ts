/**
 * A basket line's choice for a missing item (issue 27, ADR 055): the basket form's intent and its own fields
 * (PUT /api/user/me/basket/choice's names), beside BASKET_FIELD's point and product. Kept apart from
 * basket-form.ts, which every page loads: only the basket page's lines post these.
 */
import type { OnMissing } from '@core/rules/substitution';

export const CHOICE_INTENT = 'choice';

export const CHOICE_FIELD = {
  /** One of ON_MISSING, or '' for the order's choice at checkout. */
  onMissing: 'on_missing',
  /** With 'similar': the picked similar product's id, or '' for any. */
  replacement: 'replacement',
} as const;

/**
 * The select's answers: ON_MISSING in its order with ON_MISSING_LABELS' words (line-choice-form.test.ts keeps
 * them equal). A copy on purpose: importing the rules' module gave the basket's first load a file of its own
 * shared with the order pages (0.6 KB gzip, above the page's budget).
 */
export const CHOICE_OPTIONS = [
  ['similar', 'Заменить на похожий'],
  ['call', 'Позвонить мне'],
  ['remove', 'Убрать из заказа'],
] as const satisfies readonly (readonly [OnMissing, string])[];
