/**
 * What a slow or hostile client may cost the process (issue 12, docs/decisions/022): request and header
 * timeouts, open connections (or, behind a trusted proxy, requests in flight) per client address, and the
 * nesting depth of a JSON body. The numbers are configuration (server/config.ts).
 */
import type { ServerOptions } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { refuseBadHosts } from './client-errors';
import { closeRefusedUpgrades, registerConnectionLimits } from './connection-limits';
import { registerJsonBodyParser } from './json-body';

export type ClientLimitsConfig = Pick<
  Config,
  'REQUEST_TIMEOUT_MS' | 'HEADERS_TIMEOUT_MS' | 'MAX_CONNECTIONS_PER_IP' | 'JSON_MAX_DEPTH' | 'TRUST_PROXY'
>;

/**
 * How often Node looks for requests past their timeouts. Its default (30 s) would let a trickling client stay
 * up to 30 s past the limit; looking every second costs one walk over the open connections.
 */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/**
 * Fastify's server options for the timeouts. Node ends a connection whose headers have not all arrived after
 * HEADERS_TIMEOUT_MS (a connection that never sends a byte included) and one whose whole request has not
 * arrived after REQUEST_TIMEOUT_MS — a body sent a byte every few seconds is cut off, answered 408.
 */
export function clientTimeouts(config: ClientLimitsConfig): { requestTimeout: number; http: ServerOptions } {
  return {
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(config.HEADERS_TIMEOUT_MS, config.REQUEST_TIMEOUT_MS),
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
      // Node answers an HTTP/1.1 request without Host with a bare 400 of its own; ours says it in our shape
      // and language, and refuses an empty or malformed Host too (client-errors.ts, refuseBadHosts).
      requireHostHeader: false,
    },
  };
}

/**
 * The per-address caps (connections, requests in flight, WebSocket upgrades) and the JSON body parser with its
 * depth check; before any route is registered.
 */
export function registerClientLimits(app: FastifyInstance, config: ClientLimitsConfig): void {
  closeRefusedUpgrades(app);
  refuseBadHosts(app);
  registerConnectionLimits(app, { maxPerIp: config.MAX_CONNECTIONS_PER_IP, trustProxy: config.TRUST_PROXY });
  registerJsonBodyParser(app, { maxDepth: config.JSON_MAX_DEPTH });
}
