/**
 * The support operator of the browser journeys. There is no way to become one from the site: the role is
 * granted before the journeys' server starts (prepare-server.ts), as `npm run user:role` grants it (ADR 034).
 */
export const E2E_OPERATOR = { name: 'Ольга', phoneDigits: '9120000901', phone: '+79120000901' } as const;
