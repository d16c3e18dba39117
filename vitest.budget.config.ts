import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:budget`: page weight against its budgets (tests/budget, ADR 040), on the built server. Byte
 * and file counts only: the same on any machine.
 */
export default defineConfig({
  resolve: {
    alias: {
      '~': path.resolve(import.meta.dirname, 'app'),
      '@core': path.resolve(import.meta.dirname, 'core'),
      '@server': path.resolve(import.meta.dirname, 'server'),
    },
  },
  test: {
    include: ['tests/budget/**/*.budget.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
