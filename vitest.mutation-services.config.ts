import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * The API tests that judge the services' mutants (`stryker.services.config.mjs`), on PGlite only, so a run
 * needs no servers and each mutant costs one embedded database, not two. Each service is judged by its own
 * module's tests only (MUTATION_SERVICE picks the group, see stryker.services.config.mjs): the orders tests
 * also run the basket, but a basket mutant should be caught by a basket rule, and every other file that
 * covers a mutant costs its whole setup again for that mutant.
 */
export const SERVICE_TESTS: Record<string, string[]> = {
  basket: [
    'server/modules/basket/basket.routes.test.ts',
    // A favourites set put into the basket: the basket's additions (capped, never lower, new lines limited).
    'server/modules/favourites/favourites.routes.test.ts',
  ],
  identity: [
    'server/modules/identity/identity.routes.test.ts',
    'server/modules/identity/login-limits.test.ts',
    // The failed-login limits and cooldowns are pinned here.
    'server/modules/identity/login-failures.test.ts',
  ],
  favourites: ['server/modules/favourites/favourites.routes.test.ts'],
  orders: ['server/modules/orders/orders.routes.test.ts', 'server/modules/orders/idempotency.test.ts'],
};

const group = process.env.MUTATION_SERVICE;

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: group ? (SERVICE_TESTS[group] ?? []) : Object.values(SERVICE_TESTS).flat(),
    env: { TEST_DATABASE_URL: '', TEST_REDIS_URL: '', REDIS_URL: '' },
    reporters: ['./tests/mutation/load-failure-reporter.ts'],
  },
});
