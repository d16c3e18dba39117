/** Builds the API the way server/main.ts does, over a test database and a temporary upload directory. */
import { copyFile, link, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type App, type AppDeps, buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDb } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed/index';
import type { Clock } from '../../server/lib/clock';
import type { WorkQueue } from '../../server/lib/work-queue';
import { openRedis } from '../../server/redis';
import type { SmsSender } from '../../server/sms/sms';
import { openTestDatabase, type TestDatabase, type TestDatabaseKind, testTemplates } from './database';
import { TEST_ADMIN_URL } from './postgres';

/**
 * The template's seed pictures (some 700 small files) into an app's upload directory, as hard links: each app
 * still has its own directory, to add files to and delete from, at a small part of a copy's cost (Node's
 * recursive `cp` took about 0.8 s of CPU per app, a link per file 0.04 s). Nothing writes a stored file in
 * place (storage writes beside the name and renames over it, and deletes unlink), so no app can change the
 * template's files or another app's. Another file system than the template's gets copies.
 */
async function linkTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  await Promise.all(
    (await readdir(from, { withFileTypes: true })).map(async (entry) => {
      const source = path.join(from, entry.name);
      const target = path.join(to, entry.name);
      if (entry.isDirectory()) return linkTree(source, target);
      await link(source, target).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EXDEV') throw error;
        await copyFile(source, target);
      });
    }),
  );
}

/** A second handle on another app's PostgreSQL database; closing it leaves the database to its owner. */
async function openSharedDatabase(owner: TestDatabase): Promise<TestDatabase> {
  if (!owner.name || !TEST_ADMIN_URL) throw new Error('only a PostgreSQL test database can be shared');
  const url = new URL(TEST_ADMIN_URL);
  url.pathname = `/${owner.name}`;
  const handle = await openDb({ databaseUrl: url.toString(), poolSize: 10 });
  return { ...handle, isSeeded: owner.isSeeded, name: owner.name, destroy: () => handle.close() };
}

export type TestApp = {
  app: App;
  db: TestDatabase;
  uploadDir: string;
  /** The file SMS provider's outbox (unless the test chose another provider): read codes with readSmsOutbox. */
  smsOutbox: string;
  close(): Promise<void>;
};

export type TestAppOptions = {
  /** Seed the demo data first (default true). */
  seed?: boolean;
  /** Environment overrides, parsed by the real config schema. */
  env?: NodeJS.ProcessEnv;
  /** A Redis server to connect to (tests pass TEST_REDIS_URL). */
  redisUrl?: string;
  /** A fake clock for expiry and cooldowns. */
  clock?: Clock;
  /** Replaces the configured SMS provider. */
  sms?: SmsSender;
  /** Redis key prefix; by default each app gets its own (share one to act as processes of one deployment). */
  redisKeyPrefix?: string;
  /** A logger to inspect what the app logs (default: none). */
  logger?: FastifyBaseLogger;
  /** React Router's server build, to render pages as well (tests/setup/server-build.ts); default: API only. */
  reactRouter?: AppDeps['reactRouter'];
  /** Replaces the image work queue (a test holds its slots to see the queue full). */
  imageQueue?: WorkQueue;
  /**
   * Another app's PostgreSQL database, opened over a handle of this app's own: two apps act as two processes
   * of one deployment (with the same redisUrl and redisKeyPrefix). Its SMS outbox and uploads are shared too.
   */
  shareDatabaseOf?: TestApp;
  /** Replaces the limits' store (Redis with redisUrl, else identity's table): a test keeps it apart from Redis. */
  limits?: AppDeps['limits'];
  /** Where web push may go: a fake push service's `network` (tests/setup/fake-push-service.ts). */
  pushNetwork?: AppDeps['pushNetwork'];
  /** How long a socket the server closed waits for the client's close frame (default 5 s). */
  socketCloseTimeoutMs?: number;
};

export async function createTestApp(kind: TestDatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const shared = options.shareDatabaseOf;
  const uploadDir = shared?.uploadDir ?? (await mkdtemp(path.join(tmpdir(), 'fresh-test-uploads-')));
  const smsOutbox = shared?.smsOutbox ?? `${uploadDir}-sms-outbox.jsonl`;
  const config = loadConfig({
    NODE_ENV: 'test',
    SMS_PROVIDER: 'file',
    SMS_OUTBOX: smsOutbox,
    ...options.env,
  });
  const shouldSeed = !shared && (options.seed ?? true);
  const db = shared
    ? await openSharedDatabase(shared.db)
    : await openTestDatabase(kind, { seeded: shouldSeed });
  if (shouldSeed) {
    const templateImages = testTemplates()?.imagesDir;
    if (db.isSeeded && templateImages) await linkTree(templateImages, uploadDir);
    else await seedDemo(db.db, { imagesDir: uploadDir });
  }
  const redis = options.redisUrl ? openRedis(options.redisUrl) : undefined;
  const app = await buildApp({
    config,
    dbHandle: db,
    redis,
    uploadDir,
    clock: options.clock,
    sms: options.sms,
    logger: options.logger,
    reactRouter: options.reactRouter,
    imageQueue: options.imageQueue,
    pushNetwork: options.pushNetwork,
    socketCloseTimeoutMs: options.socketCloseTimeoutMs,
    ...(options.limits ? { limits: options.limits } : {}),
    // Each app its own Redis keys: suites run in parallel against one server.
    redisKeyPrefix: options.redisKeyPrefix ?? `fresh-test:${path.basename(uploadDir)}:`,
  });
  return {
    app,
    db,
    uploadDir,
    smsOutbox,
    close: async () => {
      await app.close();
      await redis?.close();
      await db.destroy();
      if (shared) return;
      await rm(uploadDir, { recursive: true, force: true });
      await rm(smsOutbox, { force: true });
    },
  };
}
