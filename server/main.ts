import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pino from 'pino';
import type { ServerBuild } from 'react-router';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDb } from './db/client';
import { isDatabaseEmpty, seedDemo } from './db/seed/index';
import { openRedis } from './redis';
import { createShutdown } from './shutdown';

const SHUTDOWN_TIMEOUT_MS = 10_000;
const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.LOG_LEVEL, base: undefined });
  const startedAt = performance.now();
  const isDev = config.NODE_ENV === 'development';

  const dbHandle = await openDb({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  await dbHandle.migrate();
  const uploadDir = path.join(config.dataDir, 'uploads');
  if (config.SEED_ON_EMPTY && (await isDatabaseEmpty(dbHandle.db))) {
    logger.info('empty database: seeding the demo data');
    const summary = await seedDemo(dbHandle.db, { imagesDir: uploadDir, log: (msg) => logger.info(msg) });
    logger.info({ summary }, 'demo data seeded');
  }
  const redis = config.REDIS_URL
    ? openRedis(config.REDIS_URL, (error) => logger.warn({ err: error }, 'redis connection error'))
    : undefined;

  const vite = isDev
    ? await (await import('vite')).createServer({ server: { middlewareMode: true }, appType: 'custom' })
    : undefined;
  const clientDir = path.resolve(here, '../client');
  const serverBuildFile = path.resolve(here, '../server/index.js');
  if (!vite && !existsSync(serverBuildFile)) {
    throw new Error(`No production build at ${serverBuildFile}: run "npm run build" first`);
  }
  const build = vite
    ? () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
    : ((await import(pathToFileURL(serverBuildFile).href)) as ServerBuild);

  const app = await buildApp({
    config,
    dbHandle,
    redis,
    uploadDir,
    clientDir: vite ? undefined : clientDir,
    reactRouter: { build, mode: isDev ? 'development' : 'production', vite },
    logger,
  });

  const shutdown = createShutdown({
    app,
    closers: [() => vite?.close(), () => redis?.close(), () => dbHandle.close()],
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
    { address, database: dbHandle.kind, bootMs: Math.round(performance.now() - startedAt) },
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
