import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:chaos`: fuzzing, faults and abuse against a real server (tests/chaos). Files run one at a
 * time, because the abuse suite measures latency and must not share the two cores with the others.
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
    include: ['tests/chaos/**/*.chaos.ts'],
    globalSetup: ['tests/chaos/report-table.ts'],
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
