// @ts-check
/**
 * Mutation testing of `core/` (ADR 018): `npm run test:mutation:core`. CI runs this after `npm test` and fails
 * below `thresholds.break`. `stryker.services.config.mjs` builds the services part on top of this file.
 * While working on one file: `npx stryker run --mutate core/rules/price.ts` (incremental keeps the rest).
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const config = {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  // Each mutant runs only the tests that executed it in the first, instrumented run.
  coverageAnalysis: 'perTest',
  mutate: [
    'core/**/*.ts',
    '!core/**/*.test.ts',
    // Zod schemas are built when the module loads, so every mutant in them is static and re-runs the whole
    // suite (about 10 s each here): 400 of them would not fit CI. The API tests pin their limits and messages.
    '!core/contracts/**',
  ],
  // The machine has two cores shared with other work.
  concurrency: 2,
  // A static mutant (one in a module-level value) reloads the whole test suite, which takes longer than the
  // tests' own time that Stryker's default timeout is based on; without this margin such mutants "time out"
  // and are counted as detected when nothing noticed them.
  timeoutMS: 20_000,
  // Copy only what the tests need into the sandbox, not builds, databases or reports.
  ignorePatterns: [
    '/build',
    '/build-*',
    '/data',
    '/tmp',
    '/reports',
    '/test-results',
    '/playwright-report',
    '/.react-router',
    '/bench',
    '/docs',
  ],
  incremental: true,
  incrementalFile: 'reports/mutation/core-incremental.json',
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/core.html' },
  jsonReporter: { fileName: 'reports/mutation/core.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, skipFull: false },
  thresholds: { high: 95, low: 90, break: 90 },
  tempDirName: 'tmp/stryker',
  cleanTempDir: 'always',
};

export default config;
