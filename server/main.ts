import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pino, { type Logger } from 'pino';
import type { ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import { type Config, ConfigError, loadConfig } from './config';
import { type DbHandle, openDb } from './db/client';
import { isDatabaseEmpty } from './db/seed/empty';
import { createShutdown } from './shutdown';

const SHUTDOWN_TIMEOUT_MS = 10_000;
const here = path.dirname(fileURLToPath(import.meta.url));

const since = (startedAt: number) => Math.round(performance.now() - startedAt);

/** Opens the database, applies the committed migrations and seeds the demo data into an empty one. */
async function prepareDatabase(config: Config, uploadDir: string, logger: Logger): Promise<DbHandle> {
  const startedAt = performance.now();
  const dbHandle = await openDb({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    pgliteSharedBuffers: config.PGLITE_SHARED_BUFFERS,
    onConnectionError: (error) =>
      logger.warn({ err: error }, 'database connection lost; the pool reconnects'),
  });
  // Several processes started together on one empty database: one migrates and seeds, the others wait and
  // then find both done (ADR 052).
  await dbHandle.exclusively(async () => {
    await dbHandle.migrate();
    if (config.SEED_ON_EMPTY && (await isDatabaseEmpty(dbHandle.db))) {
      logger.info('empty database: seeding the demo data');
      const { seedDemo } = await import('./db/seed/demo');
      const summary = await seedDemo(dbHandle.db, { imagesDir: uploadDir, log: (msg) => logger.info(msg) });
      logger.info({ summary }, 'demo data seeded');
    }
  });
  logger.debug({ ms: since(startedAt), at: Math.round(performance.now()) }, 'database ready');
  return dbHandle;
}

/** The React Router build: the production bundle, or Vite in middleware mode for `npm run dev`. */
async function loadRenderer(
  isDev: boolean,
  logger: Logger,
): Promise<{ build: ServerBuild | (() => Promise<ServerBuild>); vite?: ViteDevServer }> {
  const startedAt = performance.now();
  if (isDev) {
    // A variable specifier keeps the bundler from following Vite into the production server bundle.
    const viteModule = 'vite';
    const vite = await ((await import(viteModule)) as typeof import('vite')).createServer({
      server: { middlewareMode: true },
      appType: 'custom',
    });
    const build = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
    return { build, vite };
  }
  const serverBuildFile = path.resolve(here, '../server/index.js');
  if (!existsSync(serverBuildFile)) {
    throw new Error(`No production build at ${serverBuildFile}: run "npm run build" first`);
  }
  const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
  logger.debug({ ms: since(startedAt), at: Math.round(performance.now()) }, 'server build loaded');
  return { build };
}

async function main(): Promise<void> {
  const config = loadConfig();
  // React and React Router choose their production or development build from this when first imported.
  process.env.NODE_ENV = config.NODE_ENV;
  const logger = pino({ level: config.LOG_LEVEL, base: undefined });
  const startedAt = performance.now();
  const isDev = config.NODE_ENV === 'development';
  // Seeded images and customers' uploads share the directory served at /uploads/.
  const uploadDir = path.resolve(config.UPLOAD_DIR ?? path.join(config.dataDir, 'uploads'));
  if (config.SMS_PROVIDER === 'console' && !isDev) {
    logger.warn('SMS_PROVIDER=console: login codes are printed to stdout and no SMS is sent');
  }

  // Opening PGlite is mostly WebAssembly compilation off the main thread: meanwhile load the HTTP stack and
  // the page renderer, which are imported lazily for that reason.
  const [dbHandle, renderer, { buildApp }] = await Promise.all([
    prepareDatabase(config, uploadDir, logger),
    loadRenderer(isDev, logger),
    import('./app'),
  ]);
  const redis = config.REDIS_URL
    ? (await import('./redis')).openRedis(config.REDIS_URL, (error) =>
        logger.warn({ err: error }, 'redis connection error'),
      )
    : undefined;

  const app = await buildApp({
    config,
    dbHandle,
    redis,
    redisKeyPrefix: config.REDIS_KEY_PREFIX,
    uploadDir,
    clientDir: renderer.vite ? undefined : path.resolve(here, '../client'),
    reactRouter: { build: renderer.build, mode: isDev ? 'development' : 'production', vite: renderer.vite },
    logger,
  });
  if (config.OPERATOR_PHONES.length > 0) {
    const { grantOperatorsAtStart } = await import('./operators-at-start');
    await grantOperatorsAtStart(app.services, config.OPERATOR_PHONES);
    logger.info({ operators: config.OPERATOR_PHONES.length }, 'OPERATOR_PHONES are operators');
  }

  const shutdown = createShutdown({
    app,
    closers: [() => renderer.vite?.close(), () => redis?.close(), () => dbHandle.close()],
    log: { info: (msg) => logger.info(msg), error: (msg) => logger.error(msg) },
    timeoutMs: SHUTDOWN_TIMEOUT_MS,
    onTimeout: () => process.exit(1),
  });
  const stop = (signal: string) => {
    logger.info({ signal }, 'signal received');
    void shutdown().then(() => process.exit(0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  logger.info(
    {
      address,
      database: dbHandle.kind,
      importMs: Math.round(startedAt),
      bootMs: Math.round(performance.now()),
    },
    'Фреш is listening',
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
