/**
 * Caps what one client can hold open (docs/decisions/022), following TRUST_PROXY:
 *
 * - a peer that is not a trusted proxy is the client itself: at most `maxPerIp` open connections per address,
 *   counted on the raw socket; one more is destroyed at once, before a byte of it is parsed — 2,000 idle
 *   sockets from one address cost 64 sockets, and those end at the headers timeout;
 * - a trusted proxy speaks for many customers: its connections are not counted, but the requests it forwards
 *   are, per forwarded client address (request.ip), while in flight; one more is answered 429 with
 *   Retry-After before its body is read.
 */
import type { Socket } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import { AppError, DEFAULT_MESSAGES } from '../errors';

/** Seconds a client over its cap is asked to wait. */
export const CONNECTION_CAP_RETRY_AFTER_S = 5;

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

export function registerConnectionLimits(
  app: FastifyInstance,
  { maxPerIp, trustProxy }: { maxPerIp: number; trustProxy: boolean | string },
): void {
  if (maxPerIp <= 0) return;
  const isTrustedProxy = trustedProxyTest(trustProxy);

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
