/**
 * The words that begin the accessible names of a grid's per-item controls ('В корзину: Молоко 3,2%'), written
 * once per page (ADR 044, "Names by reference"). A control in a grid names itself with
 * `aria-labelledby="<one of these> <its item's name element>"`: the browser joins the two texts with a space,
 * so the name reads exactly as the `aria-label` it replaces, without the product's name written into every
 * button of every card. A hidden element still lends its text to `aria-labelledby`.
 */
export const SHARED_LABEL = {
  buy: 'l-buy',
  favourite: 'l-fav',
  addToSet: 'l-set',
  inBasket: 'l-in',
  less: 'l-less',
  more: 'l-more',
} as const;

export type SharedLabel = keyof typeof SHARED_LABEL;

export const SHARED_LABEL_TEXT: Record<SharedLabel, string> = {
  buy: 'В корзину:',
  favourite: 'В избранное:',
  addToSet: 'Добавить в набор:',
  inBasket: 'В корзине:',
  less: 'Убрать одну штуку:',
  more: 'Добавить ещё одну:',
};

/**
 * The name of a control: by reference when its item's name element has an id (a grid's card), else the
 * label's words and the item's name written out (an item's own page, where there is one such control).
 */
export function labelProps(
  label: SharedLabel,
  name: string,
  nameId: string | undefined,
): { 'aria-label'?: string; 'aria-labelledby'?: string } {
  return nameId
    ? { 'aria-labelledby': `${SHARED_LABEL[label]} ${nameId}` }
    : { 'aria-label': `${SHARED_LABEL_TEXT[label]} ${name}` };
}

/** Once per page, in the root layout: the texts the grids' controls refer to. */
export function SharedLabels() {
  return (
    <div hidden>
      {(Object.keys(SHARED_LABEL) as SharedLabel[]).map((label) => (
        <span key={label} id={SHARED_LABEL[label]}>
          {SHARED_LABEL_TEXT[label]}
        </span>
      ))}
    </div>
  );
}
