// @ts-check
import core from './stryker.config.mjs';

/**
 * Mutation testing of the services that guard money, stock and access (ADR 018): `npm run
 * test:mutation:services`, run before a release, not in CI. Mutants are tested by the modules' API tests on
 * PGlite; each mutant runs only the tests that executed its code in the first run.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const config = {
  ...core,
  vitest: { configFile: 'vitest.mutation-services.config.ts' },
  mutate: [
    'server/modules/basket/basket.service.ts',
    'server/modules/identity/identity.service.ts',
    'server/modules/identity/login-limits.ts',
  ],
  incrementalFile: 'reports/mutation/services-incremental.json',
  htmlReporter: { fileName: 'reports/mutation/services.html' },
  jsonReporter: { fileName: 'reports/mutation/services.json' },
  thresholds: { high: 90, low: 80, break: 80 },
  // A database test is slower and noisier than a pure one.
  timeoutMS: 30_000,
};

export default config;
