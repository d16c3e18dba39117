import { defineConfig } from 'vitest/config';
import { base } from './vitest.config';

/**
 * The tests that judge the mutants of `core/` (`stryker.config.mjs`). The Stryker runner chooses the pool
 * itself; the reporter turns a test file that fails to load into a failed run (ADR 018).
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['core/**/*.test.ts'],
    // Pure rules need none of the database templates the API tests share.
    globalSetup: [],
    reporters: ['./tests/mutation/load-failure-reporter.ts'],
  },
});
