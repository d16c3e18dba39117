import { defineConfig } from 'vitest/config';
import { base } from './vitest.config';

/**
 * The tests that judge the services' mutants (`stryker.services.config.mjs`), on PGlite only, so a run needs
 * no servers. Each group is judged by its module's service tests (`*.service.test.ts`): they state the rules
 * over one migrated database per file and rows they insert, with no Fastify and no demo seed, so a mutant
 * costs one database load and a few queries (ADR 018, second amendment). The API tests stay out: each file
 * that covers a mutant costs its whole setup again for that mutant, and their races of twenty requests (kept
 * in `npm test`) would run for most mutants. MUTATION_SERVICE picks the group.
 */
export const SERVICE_TESTS: Record<string, string[]> = {
  basket: ['server/modules/basket/basket.service.test.ts'],
  identity: [
    'server/modules/identity/identity.service.test.ts',
    // The limits' numbers and the wait's wording: pure, no database.
    'server/modules/identity/login-limits.test.ts',
  ],
  favourites: ['server/modules/favourites/favourites.service.test.ts'],
  orders: ['server/modules/orders/orders.service.test.ts'],
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
