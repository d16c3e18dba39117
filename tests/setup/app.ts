/** Builds the API the way server/main.ts does, over a test database and a temporary upload directory. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type App, buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { seedDemo } from '../../server/db/seed/index';
import { openRedis } from '../../server/redis';
import { openTestDatabase, type TestDatabase, type TestDatabaseKind } from './database';

export type TestApp = {
  app: App;
  db: TestDatabase;
  uploadDir: string;
  close(): Promise<void>;
};

export type TestAppOptions = {
  /** Seed the demo data first (default true). */
  seed?: boolean;
  /** Environment overrides, parsed by the real config schema. */
  env?: NodeJS.ProcessEnv;
  /** A Redis server to connect to (tests pass TEST_REDIS_URL). */
  redisUrl?: string;
};

export async function createTestApp(kind: TestDatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', ...options.env });
  const db = await openTestDatabase(kind);
  const uploadDir = await mkdtemp(path.join(tmpdir(), 'fresh-test-uploads-'));
  if (options.seed ?? true) await seedDemo(db.db, { imagesDir: uploadDir });
  const redis = options.redisUrl ? openRedis(options.redisUrl) : undefined;
  const app = await buildApp({ config, dbHandle: db, redis, uploadDir });
  return {
    app,
    db,
    uploadDir,
    close: async () => {
      await app.close();
      await redis?.close();
      await db.destroy();
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
}
