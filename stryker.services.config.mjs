// @ts-check
import core from './stryker.config.mjs';

/**
 * Mutation testing of the services that guard money, stock and access (ADR 018): `npm run
 * test:mutation:services`, run before a release, not in CI. One Stryker run per service group
 * (scripts/mutation-services.mjs runs them all), each judged by its own module's service test on PGlite
 * (vitest.mutation-services.config.ts reads the same MUTATION_SERVICE); each mutant runs only the tests that
 * executed its code in the first run.
 * One group by hand: `MUTATION_SERVICE=basket npx stryker run stryker.services.config.mjs`; a few lines of it:
 * add `--mutate server/modules/basket/basket.service.ts:92-120`. Without MUTATION_SERVICE: every file
 * against every group's tests in one run.
 */
export const SERVICE_FILES = {
  basket: ['server/modules/basket/basket.service.ts'],
  identity: ['server/modules/identity/identity.service.ts', 'server/modules/identity/login-limits.ts'],
  favourites: [
    'server/modules/favourites/favourites.deps.ts',
    'server/modules/favourites/toggle-favourite.ts',
    'server/modules/favourites/list-favourites.ts',
    'server/modules/favourites/read-sets.ts',
    'server/modules/favourites/change-sets.ts',
    'server/modules/favourites/set-to-basket.ts',
  ],
  orders: [
    'server/modules/orders/place-orders.ts',
    'server/modules/orders/slots.ts',
    'server/modules/orders/idempotency.ts',
    'server/modules/orders/cancel-order.ts',
  ],
};

const group = /** @type {keyof typeof SERVICE_FILES | undefined} */ (process.env.MUTATION_SERVICE);
const name = group ? `services-${group}` : 'services';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  ...core,
  vitest: { configFile: 'vitest.mutation-services.config.ts' },
  mutate: group ? SERVICE_FILES[group] : Object.values(SERVICE_FILES).flat(),
  incrementalFile: `reports/mutation/${name}-incremental.json`,
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  thresholds: { high: 90, low: 80, break: 80 },
  // A database test is slower and noisier than a pure one.
  timeoutMS: 30_000,
};

export default config;
