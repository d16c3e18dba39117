import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * The API tests that judge the services' mutants (`stryker.services.config.mjs`): on PGlite only, so a run
 * needs no servers and each mutant costs one embedded database, not two.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [
      'server/modules/basket/basket.routes.test.ts',
      'server/modules/identity/identity.routes.test.ts',
      'server/modules/identity/login-limits.test.ts',
      // The failed-login limits and cooldowns are pinned here.
      'server/modules/identity/login-failures.test.ts',
    ],
    env: { TEST_DATABASE_URL: '', TEST_REDIS_URL: '', REDIS_URL: '' },
    reporters: ['./tests/mutation/load-failure-reporter.ts'],
  },
});
