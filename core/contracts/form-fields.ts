/**
 * A contract's input as an HTML form sends it (ADR 042): every value text, the same names. A control that
 * posts fixed values (a button's fetcher) types them with it, `{ intent: 'clear-set', set } satisfies
 * FavouriteForm`, so its names and intents are the contract's without loading Zod in the browser.
 */
export type FormFields<T> = T extends string
  ? T
  : T extends readonly (infer Item)[]
    ? FormFields<Item>[]
    : T extends object
      ? { [K in keyof T]: FormFields<T[K]> }
      : string;
