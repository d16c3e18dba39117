/**
 * The support operators of the browser journeys. There is no way to become one from the site: the role is
 * granted before the journeys' server starts (prepare-server.ts), as `npm run user:role` grants it (ADR 034).
 * One per journey: a second login to the same phone within a minute would wait for the resend interval.
 */
export const E2E_OPERATOR = { name: 'Ольга', phoneDigits: '9120000901', phone: '+79120000901' } as const;
export const E2E_OPERATOR_WITHOUT_JS = {
  name: 'Олег',
  phoneDigits: '9120000905',
  phone: '+79120000905',
} as const;

export const E2E_OPERATORS = [E2E_OPERATOR, E2E_OPERATOR_WITHOUT_JS] as const;
