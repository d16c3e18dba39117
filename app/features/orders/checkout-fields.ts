/**
 * The checkout form's field names, and the form read back into the PlaceOrders input that the action checks
 * with the API's contract (PlaceOrdersSchema). Flat names, one set per point, so the form is a plain HTML
 * form: it posts the same fields with or without JavaScript.
 */

/** The form-wide fields. `point` is repeated: one hidden field per group, in the order the page shows them. */
export const CHECKOUT_FIELD = {
  key: 'key',
  point: 'point',
  phone: 'phone',
  payment: 'payment',
  comment: 'comment',
} as const;

export type GroupFieldName = 'fulfilment' | 'address' | 'slot' | 'flat' | 'entrance' | 'floor' | 'courier';

/** A group's own field: `fulfilment.<point id>`, `address.<point id>` … */
export function groupField(name: GroupFieldName, pointId: string): string {
  return `${name}.${pointId}`;
}

/** What was posted, field by field (text fields only): refills the form after a refused post. */
export type CheckoutValues = Readonly<Record<string, string>>;

export function checkoutValues(form: FormData): CheckoutValues {
  const values: Record<string, string> = {};
  for (const [name, value] of form)
    if (typeof value === 'string' && name !== CHECKOUT_FIELD.point) values[name] = value;
  return values;
}

/**
 * The posted form as the API's request body: each group's delivery fields only when it is delivered (a
 * pickup group carries none, whatever the hidden delivery fields of the page held), empty optional fields
 * left out so the contract names what is missing.
 */
export function checkoutInput(form: FormData): unknown {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const points = form
    .getAll(CHECKOUT_FIELD.point)
    .filter((value): value is string => typeof value === 'string');
  return {
    orders: points.map((point) => {
      const fulfilment = text(groupField('fulfilment', point));
      if (fulfilment !== 'delivery') return { point, fulfilment };
      const address = text(groupField('address', point));
      const slot = text(groupField('slot', point));
      return {
        point,
        fulfilment,
        ...(slot ? { slot } : {}),
        ...(address
          ? {
              address: {
                id: address,
                flat: text(groupField('flat', point)),
                entrance: text(groupField('entrance', point)),
                floor: text(groupField('floor', point)),
                comment: text(groupField('courier', point)),
              },
            }
          : {}),
      };
    }),
    phone: text(CHECKOUT_FIELD.phone),
    payment: text(CHECKOUT_FIELD.payment),
    comment: text(CHECKOUT_FIELD.comment),
  };
}
