import { mkdir } from 'node:fs/promises';
import { constants as zlibConstants } from 'node:zlib';
import { DELIVERY_AREA_COOKIE } from '@core/rules/delivery-area';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { assembleServices } from './app-services';
import type { Config } from './config';
import type { DbHandle } from './db/client';
import { areaOf, registerVisitorCity } from './http/area';
import { createPageSession, getViewer, isSecureRequest, registerAuth } from './http/auth';
import { answerClientError, answerFrameworkError } from './http/client-errors';
import { type ClientLimitsConfig, clientTimeouts, registerClientLimits } from './http/client-limits';
import { registerClosingResponses } from './http/closing';
import { acceptEmptyBodies } from './http/empty-body';
import { closeOnUnreadBodies, registerErrorHandler, sendApiNotFound } from './http/error-handler';
import { createAppMetrics, registerMetrics } from './http/metrics';
import { openApiRoutes, registerOpenApi } from './http/openapi';
import { createPageCache } from './http/page-cache';
import { type ReactRouterOptions, reactRouterPlugin } from './http/react-router';
import { registerRequestIdHeader, requestIdOf } from './http/request-id';
import { responseSerializerCompiler } from './http/response-serializer';
import { recordRoutes } from './http/route-table';
import { registerSecurityHeaders } from './http/security-headers';
import { registerClientAssets, registerUploads } from './http/static';
import { withUnavailablePages } from './http/unavailable';
import { visitorPlaceOf } from './http/visitor-place';
import { registerWebSocket, type SocketRegistry } from './http/websocket';
import { type Clock, systemClock } from './lib/clock';
import { isConnectionLoss } from './lib/connection-loss';
import type { WorkQueue } from './lib/work-queue';
import type { LimitStore } from './limits/limit-store';
import { basketRoutes } from './modules/basket/basket.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { contentRoutes } from './modules/content/content.routes';
import { favouritesRoutes } from './modules/favourites/favourites.routes';
import { feedbackRoutes, operatorInboxRoutes } from './modules/feedback/feedback.routes';
import { filesRoutes } from './modules/files/files.routes';
import { geoRoutes } from './modules/geo/geo.routes';
import type { GeocoderConfig } from './modules/geo/geocoder';
import { healthRoutes } from './modules/health/health.routes';
import { identityRoutes } from './modules/identity/identity.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import type { PushNetwork } from './modules/notifications/push';
import { ordersRoutes } from './modules/orders/orders.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { operatorReviewsRoutes, reviewsRoutes } from './modules/reviews/reviews.routes';
import { searchRoutes } from './modules/search/search.routes';
import { chatRoutes, operatorRoutes } from './modules/support/support.routes';
import type { RedisHandle } from './redis';
import type { LoadContext, Services } from './services';
import type { SmsConfig } from './sms/create-sms-sender';
import type { SmsSender } from './sms/sms';
import type { FileStorage } from './storage/storage';

export type AppDeps = {
  config: Pick<
    Config,
    | 'BODY_LIMIT_BYTES'
    | 'PAGE_BODY_LIMIT_BYTES'
    | 'PUBLIC_BASE_URL'
    | 'PORT'
    | 'SELLER_SITE_URL'
    | 'CONTENT_CACHE_TTL_S'
    | 'PAGE_CACHE_TTL_MS'
    | 'IMAGE_CONCURRENCY'
    | 'IMAGE_QUEUE_LENGTH'
    | 'CHAT_MESSAGES_PER_MINUTE'
  > &
    ClientLimitsConfig &
    Pick<Config, 'NODE_ENV' | 'TRUST_PROXY' | 'MAP_TILE_URL' | 'AUTH_SECRET'> &
    Partial<
      Pick<
        Config,
        'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'IP_LOCATION_HEADERS' | 'METRICS_TOKEN'
      >
    > &
    SmsConfig &
    GeocoderConfig;
  dbHandle: DbHandle;
  redis?: RedisHandle;
  /** Where uploaded and generated images live; served at /uploads/. */
  uploadDir: string;
  /** The client build (build/client); omitted in API-only tests and in development (Vite serves it). */
  clientDir?: string;
  /** React Router's server build; omitted in API-only tests. */
  reactRouter?: Omit<ReactRouterOptions, 'getLoadContext' | 'bodyLimitBytes' | 'origin'>;
  /** The process's pino logger; tests leave it out and log nothing. */
  logger?: FastifyBaseLogger;
  /** Time for expiry and cooldowns; tests pass a fake clock. */
  clock?: Clock;
  /** Overrides of the configured SMS provider, login limit store and upload storage (tests). */
  sms?: SmsSender;
  limits?: LimitStore;
  storage?: FileStorage;
  /** Where image work waits its turn; by default IMAGE_CONCURRENCY at once, IMAGE_QUEUE_LENGTH waiting. */
  imageQueue?: WorkQueue;
  /** Prefix of this app's Redis keys (tests give each app its own). */
  redisKeyPrefix?: string;
  /** Where web push may go (tests allow their fake push service); by default public push services only. */
  pushNetwork?: PushNetwork;
  /** How long a socket closed by the server waits for the client's close frame (tests shorten its 5 s). */
  socketCloseTimeoutMs?: number;
};

/** Distinct guest pages kept at once (URL × delivery area); the oldest go first. */
const PAGE_CACHE_MAX_ENTRIES = 1000;

/** Expired sessions, codes, limit counters and idempotency keys are deleted this often. */
const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;
/** How often the payments' job runs: an unpaid order is cancelled at most this long after its window. */
const PAYMENT_JOBS_INTERVAL_MS = 30 * 1000;
/** How often replacements past their time to answer are settled (ADR 055): a few seconds late at most. */
const REPLACEMENT_SWEEP_INTERVAL_MS = 15 * 1000;

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
    // The incoming X-Request-Id when it looks like one, else a new UUID; logged as reqId (ADR 048).
    genReqId: requestIdOf,
    // Off unless configured: believing any X-Forwarded-For would let a client pick its own IP and so
    // escape the per-IP limits (docs/decisions/005).
    trustProxy: deps.config.TRUST_PROXY,
    // Idle keep-alive sockets close at once on shutdown; in-flight requests still finish.
    forceCloseConnections: 'idle',
    // Requests arriving during shutdown get our 503 instead (http/closing.ts).
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
    // Errors before routing, in our shape and language (server/http/client-errors.ts).
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    ...clientTimeouts(deps.config),
  });
  registerRequestIdHeader(app);
  registerClientLimits(app, deps.config);
  recordRoutes(app);
  // GET /metrics and the request histogram, only with METRICS_TOKEN (ADR 048); before any route, to time all.
  const metricsToken = deps.config.METRICS_TOKEN;
  const metrics = metricsToken
    ? createAppMetrics({
        poolUsage: deps.dbHandle.poolUsage,
        openSockets: () => (app.hasDecorator('sockets') ? app.sockets.size : 0),
      })
    : undefined;
  if (metrics && metricsToken) registerMetrics(app, metrics, metricsToken);
  acceptEmptyBodies(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandler(app);
  closeOnUnreadBodies(app);
  registerClosingResponses(app);
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

  await registerOpenApi(app);
  const isHttpsSite = deps.config.PUBLIC_BASE_URL?.startsWith('https:') ?? false;
  await registerSecurityHeaders(app, {
    isDevelopment: deps.config.NODE_ENV === 'development',
    mapTileUrl: deps.config.MAP_TILE_URL,
    isHttpsSite,
  });
  await app.register(fastifyCookie);

  const clock = deps.clock ?? systemClock;
  const { services, realtime } = await assembleServices({
    ...deps,
    clock,
    counters: metrics?.counters,
    log: {
      warn: (details, message) => app.log.warn(details, message),
      error: (details, message) => app.log.error(details, message),
    },
  });
  app.addHook('onClose', async () => realtime.close());
  app.addHook('onClose', async () => services.notifications.close());
  // An import (ADR 049) tells every process on the bus; each drops its cached shop lists and typo dictionary.
  realtime.bus.subscribe((envelope) => {
    if (envelope.kind !== 'catalogue-changed') return;
    services.catalog.forgetCached();
    services.search.invalidate();
  });
  app.decorate('services', services);
  registerAuth(app, {
    identity: services.identity,
    secureCookies: isHttpsSite ? 'always' : 'auto',
  });
  const housekeeping = setInterval(() => {
    for (const purge of [services.identity.purgeExpired, services.orders.purgeExpiredKeys]) {
      purge().catch((error: unknown) => app.log.warn({ err: error }, 'housekeeping failed'));
    }
  }, HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();
  app.addHook('onClose', async () => clearInterval(housekeeping));
  // Substitutions (ADR 055): replacements unanswered in time are settled by each line's choice, from the
  // database each run, on any process (each order under its lock).
  const replacementSweep = setInterval(() => {
    services.orders
      .settleExpiredOffers()
      .catch((error: unknown) => app.log.warn({ err: error }, 'replacement sweep failed'));
  }, REPLACEMENT_SWEEP_INTERVAL_MS);
  replacementSweep.unref();
  app.addHook('onClose', async () => clearInterval(replacementSweep));
  // Online payment (issue 25): unpaid orders cancelled after their window, refunds sent; from the database
  // each run, so nothing is lost across restarts.
  const paymentJobs = setInterval(() => {
    services.payments
      .runJobs()
      .catch((error: unknown) => app.log.warn({ err: error }, 'payments job failed'));
  }, PAYMENT_JOBS_INTERVAL_MS);
  paymentJobs.unref();
  app.addHook('onClose', async () => clearInterval(paymentJobs));
  app.decorate(
    'sockets',
    await registerWebSocket(app, fastifyWebsocket, {
      realtime,
      notifications: services.notifications,
      support: services.support,
      identity: services.identity,
      clock,
      closeTimeoutMs: deps.socketCloseTimeoutMs,
    }),
  );

  // Before any address the API's assortment is the visitor's city's, as the pages' (ADR 038).
  registerVisitorCity(app, {
    cityFor: (place) => services.geo.cityFor(place),
    ipHeaders: deps.config.IP_LOCATION_HEADERS ?? null,
  });
  await app.register(healthRoutes, { dbHandle: deps.dbHandle, redis: deps.redis });
  await app.register(
    async (api) => {
      await api.register(contentRoutes, { content: services.content });
      await api.register(catalogRoutes, { catalog: services.catalog });
      await api.register(searchRoutes, { search: services.search });
      await api.register(openApiRoutes);
      await api.register(identityRoutes, { identity: services.identity, clock });
      await api.register(filesRoutes, { files: services.files });
      await api.register(basketRoutes, { basket: services.basket });
      await api.register(geoRoutes, {
        geo: services.geo,
        ipLocationHeaders: deps.config.IP_LOCATION_HEADERS ?? null,
      });
      await api.register(ordersRoutes, { orders: services.orders });
      await api.register(favouritesRoutes, { favourites: services.favourites });
      await api.register(notificationsRoutes, { notifications: services.notifications });
      await api.register(chatRoutes, { support: services.support });
      await api.register(operatorRoutes, { support: services.support });
      await api.register(reviewsRoutes, { reviews: services.reviews });
      await api.register(operatorReviewsRoutes, { reviews: services.reviews, support: services.support });
      await api.register(paymentsRoutes, { payments: services.payments });
      await api.register(feedbackRoutes, { feedback: services.feedback });
      await api.register(operatorInboxRoutes, { feedback: services.feedback, support: services.support });
      await api.register(async (unknown) => {
        // An unknown route is 404 whatever its body: don't parse (or reject) a body nobody will read.
        unknown.removeAllContentTypeParsers();
        unknown.addContentTypeParser('*', (_request, _payload, done) => done(null));
        unknown.all('/', async (_request, reply) => sendApiNotFound(reply));
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
    const sellerSiteUrl = deps.config.SELLER_SITE_URL;
    // Loaders and actions meeting a lost database connection render the 503 error page, not a 500.
    const pageServices = withUnavailablePages(services);
    // Per request: loaders see who is signed in (SPEC §6 guards run on the server render too).
    const getLoadContext = async (request: FastifyRequest): Promise<LoadContext> => {
      const viewer = await getViewer(request).catch((error: unknown) => {
        // A database that went away: the page is 503 (a customer shown a guest's page would be sent away
        // from the cabinet, and their posts refused as a guest's).
        if (isConnectionLoss(error)) throw error;
        request.log.error({ err: error }, 'session lookup failed; rendering for a guest');
        return null;
      });
      return {
        services: pageServices,
        publicBaseUrl,
        sellerSiteUrl,
        viewer: { user: viewer?.user ?? null },
        area: areaOf(request),
        visitorPlace: visitorPlaceOf(request, deps.config.IP_LOCATION_HEADERS ?? null),
        mapTileUrl: deps.config.MAP_TILE_URL,
        cspNonce: request.cspNonce,
        requestId: request.id,
        clientIp: request.ip,
        session: createPageSession({
          token: viewer?.via === 'cookie' ? viewer.token : null,
          isSecure: isSecureRequest(request),
          now: () => clock.now(),
        }),
        log: {
          error: (details, message) => request.log.error(details, message),
          warn: (details, message) => request.log.warn(details, message),
        },
      };
    };
    const pageCache = createPageCache({
      ttlMs: deps.config.PAGE_CACHE_TTL_MS,
      maxEntries: PAGE_CACHE_MAX_ENTRIES,
      variantCookies: [DELIVERY_AREA_COOKIE],
      variantHeaders: deps.config.IP_LOCATION_HEADERS ?? [],
      onLookup:
        metrics && ((isHit) => (isHit ? metrics.counters.pageCacheHit() : metrics.counters.pageCacheMiss())),
    });
    realtime.bus.subscribe((envelope) => {
      if (envelope.kind === 'catalogue-changed') pageCache.clear();
    });
    await app.register(reactRouterPlugin, {
      ...deps.reactRouter,
      getLoadContext,
      bodyLimitBytes: deps.config.PAGE_BODY_LIMIT_BYTES,
      origin: new URL(publicBaseUrl).origin,
      pageCache,
      isSecure: (request) => isHttpsSite || request.protocol === 'https',
    });
  }

  return app;
}
