import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The files that compare latency in quiet and abused windows (tests/chaos/support/windows.ts): each runs
 * alone, with the two cores to itself.
 */
const LATENCY_FILES = ['abuse', 'pages', 'sockets'].map((name) => `tests/chaos/${name}.chaos.ts`);

/**
 * `npm run test:chaos`: fuzzing, faults and abuse against a real server (tests/chaos), in two runs one after
 * the other (CHAOS_PART): `others`, the files that judge answers and recovery but not latency, two at a time
 * (each starts its own server, database and Redis); then `latency`, the files of LATENCY_FILES, one at a time.
 * Unset, every file one at a time.
 */
const part = process.env.CHAOS_PART;
const include = part === 'latency' ? LATENCY_FILES : ['tests/chaos/**/*.chaos.ts'];

export default defineConfig({
  resolve: {
    alias: {
      '~': path.resolve(import.meta.dirname, 'app'),
      '@core': path.resolve(import.meta.dirname, 'core'),
      '@server': path.resolve(import.meta.dirname, 'server'),
    },
  },
  test: {
    include,
    exclude: part === 'others' ? LATENCY_FILES : [],
    globalSetup: ['tests/chaos/report-table.ts'],
    fileParallelism: part === 'others',
    maxWorkers: part === 'others' ? 2 : 1,
    pool: 'forks',
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
