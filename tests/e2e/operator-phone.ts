/** The journeys' support operator: playwright.config.ts makes this phone an operator (OPERATOR_PHONES). */
export const E2E_OPERATOR_PHONE = '+79990000042';
