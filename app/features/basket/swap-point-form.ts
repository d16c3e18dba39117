/** The basket swap's resource route and its fields (browser and server; no Zod here). */
export const SWAP_ACTION = '/resources/basket-swap';

export const SWAP_FIELD = {
  /** GET: the products of the lines asked about, comma-separated. */
  products: 'products',
  product: 'product',
  from: 'from',
  to: 'to',
} as const;
