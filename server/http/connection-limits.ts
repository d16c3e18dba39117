/**
 * Caps what one client can hold open (docs/decisions/022), following TRUST_PROXY:
 *
 * - a peer that is not a trusted proxy is the client itself: at most `maxPerIp` open connections per address,
 *   counted on the raw socket; one more is destroyed at once, before a byte of it is parsed — 2,000 idle
 *   sockets from one address cost 64 sockets, and those end at the headers timeout;
 * - a trusted proxy speaks for many customers: its connections are not counted, but the requests it forwards
 *   are, per forwarded client address (request.ip), while in flight; one more is answered 429 with
 *   Retry-After before its body is read;
 * - and, either way, WebSocket upgrades per client address (request.ip) have a rate
 *   (SOCKET_UPGRADE_RATE_PER_ADDRESS, docs/decisions/035): one more is answered 429 with Retry-After before
 *   the upgrade's session is looked up or the socket exists.
 */
import type { Socket } from 'node:net';
import { createKeyedRate, type Rate } from '@core/rules/socket-limits';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, DEFAULT_MESSAGES } from '../errors';

/** Seconds a client over its cap is asked to wait. */
export const CONNECTION_CAP_RETRY_AFTER_S = 5;

/**
 * New WebSockets (upgrades) per client address: 120 at once, then 120 a minute. Our page opens one per signed-in
 * tab and reconnects with a backoff, so even an office behind one address reloading together stays inside it;
 * a client that opens sockets in a loop (a guest's upgrade costs a session lookup and a 401, a customer's a
 * socket's greeting) does not. Per user, core/rules/socket-limits.ts has its own, stricter rate.
 */
export const SOCKET_UPGRADE_RATE_PER_ADDRESS: Rate = { burst: 120, perMinute: 120 };
/** Seconds an address over its upgrade rate is asked to wait: until its next upgrade is allowed. */
export const SOCKET_UPGRADE_RETRY_AFTER_S = Math.ceil(60 / SOCKET_UPGRADE_RATE_PER_ADDRESS.perMinute);

/** Whether a request asks to become a WebSocket (RFC 6455 §4.1: `Upgrade: websocket`). */
export function isWebSocketUpgrade(request: Pick<FastifyRequest, 'headers'>): boolean {
  const upgrade = request.headers.upgrade;
  return typeof upgrade === 'string' && upgrade.trim().toLowerCase() === 'websocket';
}

/** The TRUST_PROXY setting as a test of the peer's address (what Fastify's trustProxy does with it). */
export function trustedProxyTest(trustProxy: boolean | string): (address: string) => boolean {
  if (trustProxy === true) return () => true;
  if (trustProxy === false || trustProxy === '') return () => false;
  const isTrusted = proxyAddr.compile(trustProxy.split(',').map((entry) => entry.trim()));
  return (address) => isTrusted(address, 0);
}

/** One key for an address however the socket spells it (IPv4 arrives as ::ffff:a.b.c.d on a dual-stack socket). */
const addressKey = (address: string) => (address.startsWith('::ffff:') ? address.slice(7) : address);

function createCounter(max: number) {
  const counts = new Map<string, number>();
  return {
    /** Counts one more for `key`; false (and nothing counted) when it already has `max`. */
    take(key: string): boolean {
      const count = counts.get(key) ?? 0;
      if (count >= max) return false;
      counts.set(key, count + 1);
      return true;
    },
    release(key: string): void {
      const count = (counts.get(key) ?? 1) - 1;
      if (count <= 0) counts.delete(key);
      else counts.set(key, count);
    },
  };
}

/**
 * An upgrade request refused with an HTTP answer — this file's 429, a bad Host's 400, a 503 while closing —
 * leaves a socket Node's HTTP server no longer looks after (it handed it to the 'upgrade' event), and
 * @fastify/websocket closes only those that got past its own onRequest hook: one refused before it stayed
 * open, half-closed, until the client went away (a flooding client's would pile up). Registered before any
 * hook that may refuse: the socket is closed once the answer is written. An upgrade that succeeds answers on
 * the socket itself, never through this response.
 */
export function closeRefusedUpgrades(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    // Node's parser marks a request that came through the 'upgrade' event (untyped in @types/node).
    const raw = request.raw;
    if (!('upgrade' in raw) || raw.upgrade !== true) return;
    reply.raw.once('finish', () => request.raw.socket?.destroySoon());
  });
}

export function registerConnectionLimits(
  app: FastifyInstance,
  {
    maxPerIp,
    trustProxy,
    upgradeRate = SOCKET_UPGRADE_RATE_PER_ADDRESS,
    now = Date.now,
  }: {
    maxPerIp: number;
    trustProxy: boolean | string;
    /** WebSocket upgrades per client address (tests pass a smaller one). */
    upgradeRate?: Rate;
    /** The upgrade rate's clock. */
    now?: () => number;
  },
): void {
  // 0 turns every per-address limit off (the socket bench opens thousands of sockets from one address).
  if (maxPerIp <= 0) return;
  const isTrustedProxy = trustedProxyTest(trustProxy);

  // First of the hooks: a refused upgrade costs no session lookup, whatever it carries (ADR 035).
  const upgrades = createKeyedRate(upgradeRate);
  app.addHook('onRequest', async (request) => {
    if (!isWebSocketUpgrade(request)) return;
    if (!upgrades.take(addressKey(request.ip), now())) {
      throw new AppError('too_many_requests', DEFAULT_MESSAGES.too_many_requests, {
        retryAfterS: SOCKET_UPGRADE_RETRY_AFTER_S,
      });
    }
  });

  const sockets = createCounter(maxPerIp);
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || isTrustedProxy(address)) return;
    const key = addressKey(address);
    if (!sockets.take(key)) {
      socket.destroy();
      return;
    }
    socket.once('close', () => sockets.release(key));
  });

  const requests = createCounter(maxPerIp);
  app.addHook('onRequest', async (request, reply) => {
    const peer = request.socket.remoteAddress;
    if (!peer || !isTrustedProxy(peer)) return;
    const key = addressKey(request.ip);
    if (!requests.take(key)) {
      throw new AppError('too_many_requests', DEFAULT_MESSAGES.too_many_requests, {
        retryAfterS: CONNECTION_CAP_RETRY_AFTER_S,
      });
    }
    // 'close' comes once whether the answer was sent or the client went away.
    reply.raw.once('close', () => requests.release(key));
  });
}
