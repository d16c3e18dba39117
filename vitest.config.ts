import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '~': path.resolve(import.meta.dirname, 'app'),
      '@core': path.resolve(import.meta.dirname, 'core'),
      '@server': path.resolve(import.meta.dirname, 'server'),
    },
  },
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: [
      '**/node_modules/**',
      'build/**',
      'build-*/**',
      'tmp/**',
      'tests/e2e/**',
      'data/**',
      'bench/peers/next/**',
    ],
    globalSetup: ['tests/setup/templates.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
