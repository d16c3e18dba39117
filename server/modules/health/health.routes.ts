import type { FastifyPluginAsync } from 'fastify';
import type { DbHandle } from '../../db/client';
import type { RedisHandle } from '../../redis';

type Check = { ok: boolean; latencyMs: number; error?: string };

/** A dependency that has not answered within this long counts as down. */
const CHECK_TIMEOUT_MS = 2_000;

async function timeCheck(probe: () => Promise<void>): Promise<Check> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return { ok: true, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch (error) {
    return {
      ok: false,
      latencyMs: Math.round(performance.now() - started),
      error: error instanceof Error ? error.message : 'unknown',
    };
  } finally {
    clearTimeout(timer);
  }
}

/** GET /healthz: 200 when the database (and Redis, when configured) answer, 503 otherwise. */
export const healthRoutes: FastifyPluginAsync<{ dbHandle: DbHandle; redis?: RedisHandle }> = async (
  app,
  { dbHandle, redis },
) => {
  app.get('/healthz', async (_request, reply) => {
    const [database, cache] = await Promise.all([
      timeCheck(dbHandle.ping),
      redis ? timeCheck(redis.ping) : Promise.resolve(undefined),
    ]);
    const ok = database.ok && (cache?.ok ?? true);
    reply.header('Cache-Control', 'no-store');
    return reply.status(ok ? 200 : 503).send({
      status: ok ? 'ok' : 'degraded',
      database: { kind: dbHandle.kind, ...database },
      ...(cache ? { redis: cache } : {}),
    });
  });
};
