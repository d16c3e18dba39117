import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

const root = import.meta.dirname;
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL?.trim());

const include = ['**/*.test.ts', '**/*.test.tsx'];
const exclude = [
  '**/node_modules/**',
  'build/**',
  'build-*/**',
  'tmp/**',
  'tests/e2e/**',
  'data/**',
  'bench/peers/next/**',
];

/**
 * The test files that run on each database kind: those that ask for the kinds (`TEST_DATABASE_KINDS`) or
 * for one of them (`runsOn(kind)`, tests/setup/database.ts). The PostgreSQL project runs these again; the rest
 * (pure rules, components, checks that need no database) run once, in the PGlite project.
 */
function filesOnEachDatabase(): string[] {
  const files: string[] = [];
  for (const dir of ['app', 'core', 'server', 'scripts', 'tests']) {
    for (const entry of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.test\.tsx?$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      if (/TEST_DATABASE_KINDS|runsOn\(/.test(readFileSync(file, 'utf8')))
        files.push(path.relative(root, file));
    }
  }
  return files;
}

/** What every Vitest config of the project shares (the mutation configs build on it). */
export const base = {
  resolve: {
    alias: {
      '~': path.resolve(root, 'app'),
      '@core': path.resolve(root, 'core'),
      '@server': path.resolve(root, 'server'),
    },
  },
  test: {
    include,
    exclude,
    globalSetup: ['tests/setup/templates.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
} satisfies ViteUserConfig;

/**
 * `npm run test:unit`: two projects that run side by side, one per database kind (ADR 004). `pglite` runs
 * every file on the embedded database; `postgres` (when TEST_DATABASE_URL is set) runs the files that use a
 * database again on PostgreSQL and Redis. Each project builds its own templates (tests/setup/templates.ts).
 */
// A project that extends the root joins its arrays to the root's: `include` is each project's own.
const { include: _include, ...shared } = base.test;

/**
 * Test files at once: one more than the cores, because much of a file's time is spent waiting on PostgreSQL,
 * Redis or a socket (TEST_WORKERS overrides it).
 */
const workers = Number(process.env.TEST_WORKERS) || availableParallelism() + 1;

export default defineConfig({
  ...base,
  test: {
    ...shared,
    // One process per worker that runs file after file, each file with its own database, app and Redis
    // prefix: the modules are loaded once per worker instead of once per file (ADR 004).
    poolOptions: { forks: { isolate: false } },
    // As many workers from the start as at most: Vitest 3.2's pool otherwise retires idle workers on a timer
    // that can fire during a worker's own shutdown, an unhandled "Terminating worker thread" ending the run.
    maxWorkers: workers,
    minWorkers: workers,
    projects: [
      { extends: true as const, test: { name: 'pglite', include, env: { TEST_DATABASE_KIND: 'pglite' } } },
      ...(hasPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: filesOnEachDatabase(),
                env: { TEST_DATABASE_KIND: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
