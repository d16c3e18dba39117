/**
 * The words that begin the accessible names of a grid's per-item controls ('В корзину: Молоко 3,2%'), written
 * once per page (ADR 044, "Names by reference"). A control in a grid names itself with
 * `aria-labelledby="<one of these> <its item's name element>"`: the browser joins the two texts with a space,
 * so the name reads exactly as the `aria-label` it replaces, without the product's name written into every
 * button of every card. A hidden element still lends its text to `aria-labelledby`.
 */
const SHARED_LABELS = {
  buy: { id: 'l-buy', text: 'В корзину:' },
  favourite: { id: 'l-fav', text: 'В избранное:' },
  addToSet: { id: 'l-set', text: 'Добавить в набор:' },
  inBasket: { id: 'l-in', text: 'В корзине:' },
  less: { id: 'l-less', text: 'Убрать одну штуку:' },
  more: { id: 'l-more', text: 'Добавить ещё одну:' },
} as const;

export type SharedLabel = keyof typeof SHARED_LABELS;

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
    ? { 'aria-labelledby': `${SHARED_LABELS[label].id} ${nameId}` }
    : { 'aria-label': `${SHARED_LABELS[label].text} ${name}` };
}

/** Once per page, in the root layout: the texts the grids' controls refer to. */
export function SharedLabels() {
  return (
    <div hidden>
      {Object.values(SHARED_LABELS).map(({ id, text }) => (
        <span key={id} id={id}>
          {text}
        </span>
      ))}
    </div>
  );
}
