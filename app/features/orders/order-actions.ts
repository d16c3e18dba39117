/** The order page's forms: which action a post asks for, and the answer to its confirmation. */
export const ORDER_INTENTS = ['cancel', 'repeat'] as const;
export type OrderIntent = (typeof ORDER_INTENTS)[number];

export const ORDER_FIELD = { intent: 'intent', confirm: 'confirm' } as const;

/** The confirmation's yes: with JavaScript the dialog sends it; without, the page asks and its form does. */
export const CONFIRMED = 'yes';
