/**
 * Vitest global setup: builds each test database once per run, the way the Epic Stack's global setup does,
 * instead of creating, migrating and seeding one per suite. Suites then open copies:
 * - PGlite: the data directory of a migrated (and of a seeded) database, dumped to a tarball that every
 *   suite loads (`loadDataDir`), which skips initdb, the migrations and the seed;
 * - PostgreSQL (TEST_DATABASE_URL): two template databases that suites clone with `create database … template`.
 * The seed's pictures are written once too and copied into each suite's upload directory.
 * It runs once per Vitest project (vitest.config.ts) and builds the templates of the project's database kind
 * (TEST_DATABASE_KIND), so the PGlite and the PostgreSQL projects make theirs side by side.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type DbHandle, openDb } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed/index';
import { dropDatabase, newDatabaseName, openPostgresDatabase, TEST_ADMIN_URL } from './postgres';

/** What the global setup built: PGlite tarballs, PostgreSQL template names, the seed's pictures. */
export type TestTemplates = {
  pglite: { migrated: string; seeded: string } | undefined;
  postgres: { migrated: string; seeded: string } | undefined;
  imagesDir: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplates: TestTemplates | undefined;
  }
}

async function dumpTo(file: string, handle: DbHandle): Promise<void> {
  if (!handle.dump) throw new Error('only a PGlite database can be dumped');
  const dump = await handle.dump();
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
}

async function buildPgliteTemplates(dir: string, imagesDir: string) {
  const handle = await openDb({});
  try {
    await handle.migrate();
    const migrated = path.join(dir, 'pglite-migrated.tar');
    await dumpTo(migrated, handle);
    await seedDemo(handle.db, { imagesDir });
    const seeded = path.join(dir, 'pglite-seeded.tar');
    await dumpTo(seeded, handle);
    return { migrated, seeded };
  } finally {
    await handle.close();
  }
}

async function buildPostgresTemplates(imagesDir: string) {
  const migrated = newDatabaseName('fresh_template');
  const seeded = newDatabaseName('fresh_template');
  const first = await openPostgresDatabase(migrated);
  await first.migrate();
  await first.close();
  // Clones of a template need it free of connections: each handle is closed before the next clone.
  const second = await openPostgresDatabase(seeded, migrated);
  await seedDemo(second.db, { imagesDir });
  await second.close();
  return { migrated, seeded };
}

export default async function setup(project: TestProject) {
  // With projects, Vitest runs the global setup for the root config too. The projects build their own, so the
  // root's would only build both kinds again in the same process, its embedded database's synchronous work
  // starving the PostgreSQL connection beside it (a connect timeout in CI under load).
  if (project.isRootProject() && project.vitest.projects.some((other) => other !== project)) return;
  const dir = await mkdtemp(path.join(tmpdir(), 'fresh-test-templates-'));
  const imagesDir = path.join(dir, 'images');
  // A project of one kind builds that kind's templates; a run without projects builds both.
  const kind = project.config.env?.TEST_DATABASE_KIND;
  const [pglite, postgres] = await Promise.all([
    kind !== 'postgres' ? buildPgliteTemplates(dir, imagesDir) : undefined,
    TEST_ADMIN_URL && kind !== 'pglite'
      ? buildPostgresTemplates(kind === 'postgres' ? imagesDir : path.join(dir, 'images-postgres'))
      : undefined,
  ]);
  project.provide('testTemplates', { pglite, postgres, imagesDir });
  return async () => {
    if (postgres) await Promise.all([dropDatabase(postgres.seeded), dropDatabase(postgres.migrated)]);
    await rm(dir, { recursive: true, force: true });
  };
}
