/**
 * GET /metrics in Prometheus's text format (docs/decisions/048), off unless METRICS_TOKEN is set, then only
 * for `Authorization: Bearer <METRICS_TOKEN>`. Each app has a registry of its own (tests build several apps in
 * one process; nothing goes to prom-client's global registry).
 *
 * What is measured: every answered request in one histogram labelled by method, route pattern and status (the
 * pattern Fastify matched, never the URL: a product's id or a hostile path cannot make a new series; every
 * page React Router renders is `page`, an unmatched path `unmatched`); the PostgreSQL pool; SMS sent and
 * failed; orders placed; open sockets; the guest page cache's hits and misses; and prom-client's process
 * metrics, event-loop lag among them. The modules count through `AppCounters`, passed to them as a dependency.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolUsage } from '../db/client';
import { AppError } from '../errors';

/** What the modules count; every method is cheap and never throws. */
export type AppCounters = {
  smsSent(): void;
  smsFailed(): void;
  ordersPlaced(count: number): void;
  pageCacheHit(): void;
  pageCacheMiss(): void;
};

/** What is read when Prometheus scrapes, not counted as it happens. */
export type MetricsSources = {
  /** The PostgreSQL pool's connections; absent on the embedded database (one connection, no pool). */
  poolUsage?: (() => PoolUsage) | undefined;
  /** WebSockets open on this process. */
  openSockets: () => number;
};

export type AppMetrics = {
  readonly registry: Registry;
  readonly counters: AppCounters;
  /** One answered request: its method, matched route pattern (undefined: none matched), status and time. */
  observeRequest(method: string, route: string | undefined, status: number, seconds: number): void;
};

/** Seconds; from a cached guest page (~1 ms) to a checkout under load. */
const LATENCY_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of React Router's catch-all (server/http/react-router.ts): every page. */
const PAGE_ROUTE = '/*';

type Observer = { observe(value: number): void };

/** The map's value at the key, made and kept the first time. */
function entryOf<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  const found = map.get(key);
  if (found !== undefined) return found;
  const made = make();
  map.set(key, made);
  return made;
}

export function createAppMetrics(sources: MetricsSources): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const requests = new Histogram({
    name: 'fresh_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status (its _count is the request count)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS_S,
    registers,
  });
  const counter = (name: string, help: string) => new Counter({ name, help, registers });
  const smsSent = counter('fresh_sms_sent_total', 'Text messages the SMS gateway accepted');
  const smsFailed = counter(
    'fresh_sms_failed_total',
    'Text messages the SMS gateway refused or never answered',
  );
  const ordersPlaced = counter(
    'fresh_orders_placed_total',
    'Orders placed (a checkout of several shops: each)',
  );
  const cacheHits = counter('fresh_page_cache_hits_total', 'Guest pages answered from the page cache');
  const cacheMisses = counter('fresh_page_cache_misses_total', 'Guest pages the page cache could not answer');
  new Gauge({
    name: 'fresh_websockets_open',
    help: 'WebSockets open on this process',
    registers,
    collect() {
      this.set(sources.openSockets());
    },
  });
  const { poolUsage } = sources;
  if (poolUsage) {
    new Gauge({
      name: 'fresh_db_pool_connections',
      help: 'PostgreSQL pool: connections open (total), idle, and queries waiting for one (waiting)',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const usage = poolUsage();
        this.set({ state: 'total' }, usage.total);
        this.set({ state: 'idle' }, usage.idle);
        this.set({ state: 'waiting' }, usage.waiting);
      },
    });
  }

  // The histogram's children by method, route and status, so that a request costs one observe and no
  // label object or key string (the labels are few: methods × routes × statuses).
  const observers = new Map<string, Map<string, Map<number, Observer>>>();
  const observerFor = (method: string, route: string, status: number): Observer => {
    const byRoute = entryOf(observers, method, () => new Map<string, Map<number, Observer>>());
    const byStatus = entryOf(byRoute, route, () => new Map<number, Observer>());
    return entryOf(byStatus, status, () =>
      requests.labels(method, route === PAGE_ROUTE ? 'page' : route, String(status)),
    );
  };

  return {
    registry,
    counters: {
      smsSent: () => smsSent.inc(),
      smsFailed: () => smsFailed.inc(),
      ordersPlaced: (count) => ordersPlaced.inc(count),
      pageCacheHit: () => cacheHits.inc(),
      pageCacheMiss: () => cacheMisses.inc(),
    },
    observeRequest(method, route, status, seconds) {
      observerFor(method, route ?? 'unmatched', status).observe(seconds);
    },
  };
}

/** Whether the Authorization header carries the token, compared in constant time (as hashes: equal length). */
function hasBearerToken(header: string | undefined, tokenHash: Buffer): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1];
  if (given === undefined) return false;
  return timingSafeEqual(createHash('sha256').update(given).digest(), tokenHash);
}

/**
 * Times every answer into the histogram, and adds GET /metrics behind the token. Call before any route is
 * registered: the timing hook then covers them all.
 */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics, token: string): void {
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  const tokenHash = createHash('sha256').update(token).digest();
  app.get('/metrics', async (request, reply) => {
    if (!hasBearerToken(request.headers.authorization, tokenHash)) {
      reply.header('WWW-Authenticate', 'Bearer');
      throw new AppError('unauthorized');
    }
    const text = await metrics.registry.metrics();
    return reply.header('Cache-Control', 'no-store').type(metrics.registry.contentType).send(text);
  });
}
