/**
 * The support operators of the browser journeys. There is no way to become one from the site: the journeys'
 * server starts with these phones in OPERATOR_PHONES (playwright.config.ts), the setting a deployment on the
 * embedded database uses, whose data `npm run user:role` cannot reach while the server runs (ADR 033, 034).
 * One per journey: a second login to the same phone within a minute would wait for the resend interval.
 */
export const E2E_OPERATOR = { name: 'Ольга', phoneDigits: '9120000901', phone: '+79120000901' } as const;
export const E2E_OPERATOR_WITHOUT_JS = {
  name: 'Олег',
  phoneDigits: '9120000905',
  phone: '+79120000905',
} as const;
/** The operator of the two-browser journey (tests/e2e/support-live.spec.ts), in the console beside a customer. */
export const E2E_LIVE_OPERATOR = {
  name: 'Полина',
  phoneDigits: '9120000906',
  phone: '+79120000906',
} as const;
/** The operator who answers the customer's chat journeys (tests/e2e/pages/support.ts) through the API. */
export const E2E_SUPPORT_OPERATOR = { name: 'Ольга', phone: '+79990000042' } as const;

/**
 * The picker of the assembly journey (tests/e2e/assembly.spec.ts): weighs on the board and offers a
 * replacement on the order's assembly page.
 */
export const E2E_WEIGHING_OPERATOR = {
  name: 'Пётр',
  phoneDigits: '9120000907',
  phone: '+79120000907',
} as const;

export const E2E_OPERATORS = [
  E2E_OPERATOR,
  E2E_WEIGHING_OPERATOR,
  E2E_OPERATOR_WITHOUT_JS,
  E2E_LIVE_OPERATOR,
  E2E_SUPPORT_OPERATOR,
] as const;
