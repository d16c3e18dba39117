import { mkdir } from 'node:fs/promises';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DbHandle } from './db/client';
import { registerErrorHandler, sendApiNotFound } from './http/error-handler';
import { type ReactRouterOptions, reactRouterPlugin } from './http/react-router';
import { registerClientAssets, registerUploads } from './http/static';
import { registerWebSocket, type SocketRegistry } from './http/websocket';
import { contentRoutes } from './modules/content/content.routes';
import { healthRoutes } from './modules/health/health.routes';
import type { RedisHandle } from './redis';
import { createServices, type LoadContext, type Services } from './services';

export type AppDeps = {
  config: Pick<
    Config,
    'BODY_LIMIT_BYTES' | 'PUBLIC_BASE_URL' | 'PORT' | 'SELLER_SITE_URL' | 'CONTENT_CACHE_TTL_S'
  >;
  dbHandle: DbHandle;
  redis?: RedisHandle;
  /** Where uploaded and generated images live; served at /uploads/. */
  uploadDir: string;
  /** The client build (build/client); omitted in API-only tests and in development (Vite serves it). */
  clientDir?: string;
  /** React Router's server build; omitted in API-only tests. */
  reactRouter?: Omit<ReactRouterOptions, 'getLoadContext'>;
  /** The process's pino logger; tests leave it out and log nothing. */
  logger?: FastifyBaseLogger;
};

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    sockets: SocketRegistry;
  }
}

export type App = FastifyInstance;

export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    bodyLimit: deps.config.BODY_LIMIT_BYTES,
    trustProxy: true,
    // Idle keep-alive sockets close at once on shutdown; in-flight requests still finish.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Requests already in flight when shutdown begins finish normally, but their keep-alive connections must
  // not outlive them, or close() would wait for the keep-alive timeout.
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (isClosing) reply.header('connection', 'close');
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') return sendApiNotFound(reply);
    return reply.status(404).type('text/plain; charset=utf-8').send('Не найдено');
  });

  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Dynamic responses: a fast brotli level; static files come pre-compressed at the highest level.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });

  const services = createServices({
    dbHandle: deps.dbHandle,
    contentCacheTtlMs: deps.config.CONTENT_CACHE_TTL_S * 1000,
    onCacheError: (error) => app.log.error({ err: error }, 'content cache refresh failed'),
  });
  app.decorate('services', services);
  app.decorate('sockets', await registerWebSocket(app, fastifyWebsocket));

  await app.register(healthRoutes, { dbHandle: deps.dbHandle, redis: deps.redis });
  await app.register(
    async (api) => {
      await api.register(contentRoutes, { content: services.content });
      await api.register(async (unknown) => {
        // An unknown route is 404 whatever its body: don't parse (or reject) a body nobody will read.
        unknown.removeAllContentTypeParsers();
        unknown.addContentTypeParser('*', (_request, _payload, done) => done(null));
        unknown.all('/*', async (_request, reply) => sendApiNotFound(reply));
      });
    },
    { prefix: '/api' },
  );

  await mkdir(deps.uploadDir, { recursive: true });
  await registerUploads(app, deps.uploadDir);
  if (deps.clientDir) await registerClientAssets(app, deps.clientDir);

  if (deps.reactRouter) {
    const publicBaseUrl = deps.config.PUBLIC_BASE_URL ?? `http://localhost:${deps.config.PORT}`;
    const context: LoadContext = { services, publicBaseUrl, sellerSiteUrl: deps.config.SELLER_SITE_URL };
    await app.register(reactRouterPlugin, { ...deps.reactRouter, getLoadContext: () => context });
  }

  return app;
}
