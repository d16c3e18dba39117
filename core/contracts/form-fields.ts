/**
 * A contract's input as an HTML form sends it (ADR 042): the same names, every value text (a number or a yes
 * is written as text: `formEntries`). A control that posts fixed values (a button's fetcher, hidden fields)
 * types them with it, `{ intent: 'clear-set', set } satisfies FavouriteForm`, so its names and intents are
 * the contract's without loading Zod in the browser.
 */
export type FormFields<T> = T extends string
  ? T
  : T extends readonly (infer Item)[]
    ? FormFields<Item>[]
    : T extends object
      ? { [K in keyof T]: FormFields<T[K]> }
      : string | number | boolean;

/**
 * A confirmation's yes as a form posts it (`confirm`: deleting a saved address, cancelling an order), after
 * the page or its dialog asked. Here, not beside the contracts that read it, so the controls that send it do
 * not load Zod in the browser (ADR 044).
 */
export const CONFIRMED = 'yes';

/**
 * Values as a form's entries, named as Conform names nested fields (`address.city`, `orders[0].slot`):
 * for hidden fields, a fetcher's post, or what the device kept that is no field of the page.
 */
export function formEntries(value: unknown, name = ''): [string, string][] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap((item, index) => formEntries(item, `${name}[${index}]`));
  if (typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => formEntries(item, name ? `${name}.${key}` : key));
  return [[name, String(value)]];
}

/** Every field name of a form's union of posts. */
type FieldNameOf<F> = F extends unknown ? Extract<keyof F, string> : never;

/**
 * A field's name in a plain form typed by its contract, `name={fieldName<LocationForm>('city')}`: a name the
 * contract does not have does not compile. For the small forms of every page, where Conform is not loaded.
 */
export function fieldName<F>(name: FieldNameOf<F>): string {
  return name;
}
