/**
 * The journeys that run beside Vitest when the rest wait for it (`E2E_AFTER_UNIT=1`, scripts/test-stages.ts;
 * ADR 004). Vitest leaves part of the two cores idle while its files wait on PostgreSQL, Redis and sockets, and
 * one journey worker, itself mostly waiting on its server and browser, fills that time; the rest start when
 * Vitest ends, with two workers. These are about half the journeys' summed time (measured 2026-11-28), chosen
 * among the journeys whose waits are on pages rather than on timers or live pushes.
 */
export const JOURNEYS_BESIDE_UNIT = [
  'address.spec.ts',
  'bonus-points.spec.ts',
  'cabinet-addresses.spec.ts',
  'catalog.spec.ts',
  'content.spec.ts',
  'discount-card.spec.ts',
  'location.spec.ts',
  'online-payment.spec.ts',
  'orders.spec.ts',
  'pwa.spec.ts',
  'recipe-basket.spec.ts',
  'reviews-feedback.spec.ts',
  'shell.spec.ts',
];

/** `E2E_GROUP`: `beside-unit` runs the files above, `after-unit` the others; unset, all of them. */
export function journeyFiles(group = process.env.E2E_GROUP): { testMatch: string[]; testIgnore: string[] } {
  const beside = JOURNEYS_BESIDE_UNIT.map((file) => `**/${file}`);
  if (group === 'beside-unit') return { testMatch: beside, testIgnore: [] };
  if (group === 'after-unit') return { testMatch: ['**/*.spec.ts'], testIgnore: beside };
  if (group) throw new Error(`E2E_GROUP is 'beside-unit', 'after-unit' or unset, not '${group}'`);
  return { testMatch: ['**/*.spec.ts'], testIgnore: [] };
}
