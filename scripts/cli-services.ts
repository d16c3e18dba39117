/**
 * The app's services for a command-line script: the database opened and migrated, Redis when REDIS_URL is
 * set (the running app processes then hear what the script changes, on the bus), and every service built as
 * the server builds them (server/app-services.ts). Scripts use the data only through these, never a module's
 * repository or tables (docs/decisions/025, 031).
 */
import path from 'node:path';
import { assembleServices } from '../server/app-services';
import type { Config } from '../server/config';
import { openDb } from '../server/db/client';
import { systemClock } from '../server/lib/clock';
import type { Envelope } from '../server/realtime/bus';
import { createRealtime } from '../server/realtime/realtime';
import { openRedis } from '../server/redis';
import type { Services } from '../server/services';

export type CliServices = { services: Services; close(): Promise<void> };

/** The app's database as the server opens it (PostgreSQL, or the embedded one in the data directory). */
export function openCliDatabase(config: Config) {
  return openDb({ databaseUrl: config.DATABASE_URL, pgliteDir: path.join(config.dataDir, 'pglite') });
}

/** Where uploads are stored, as the server stores them. */
export function uploadDirOf(config: Config): string {
  return path.resolve(config.UPLOAD_DIR ?? path.join(config.dataDir, 'uploads'));
}

export async function openCliServices(config: Config): Promise<CliServices> {
  const dbHandle = await openCliDatabase(config);
  const redis = config.REDIS_URL ? openRedis(config.REDIS_URL) : undefined;
  try {
    await dbHandle.exclusively(() => dbHandle.migrate());
    const { services, realtime } = await assembleServices({
      config,
      dbHandle,
      redis,
      // The running processes' own prefix: what a script announces on the bus reaches them (ADR 027).
      redisKeyPrefix: config.REDIS_KEY_PREFIX,
      uploadDir: uploadDirOf(config),
      clock: systemClock,
      log: {
        warn: (details, message) => console.error(message, details),
        error: (details, message) => console.error(message, details),
      },
    });
    return {
      services,
      async close() {
        await realtime.close();
        await redis?.close();
        await dbHandle.close();
      },
    };
  } catch (error) {
    await redis?.close();
    await dbHandle.close();
    throw error;
  }
}

/**
 * Tells the running app processes something on their bus, when there is one (REDIS_URL): false without Redis,
 * where each process is alone and hears nothing from outside.
 */
export async function announceToServers(config: Config, envelope: Envelope): Promise<boolean> {
  if (!config.REDIS_URL) return false;
  const redis = openRedis(config.REDIS_URL);
  const realtime = createRealtime({
    clock: systemClock,
    redis: redis.client,
    prefix: config.REDIS_KEY_PREFIX,
  });
  try {
    await realtime.bus.publish(envelope);
    return true;
  } finally {
    await realtime.close();
    await redis.close();
  }
}
