/**
 * Answers while the server shuts down (server/shutdown.ts). Requests already in flight finish normally, but
 * their keep-alive connections must not outlive them, or close() would wait for the keep-alive timeout. A
 * request that still arrives (pipelined, or on a connection that was busy when shutdown began) is not
 * started: 503 with Retry-After, so a proxy or client tries another process, in our error shape (Fastify's
 * own return503OnClosing answer is English and of another shape, so it is turned off in server/app.ts).
 */
import type { ErrorBody } from '@core/contracts/common';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_MESSAGES } from '../errors';
import { UNAVAILABLE_RETRY_AFTER_S } from './unavailable';

export function registerClosingResponses(app: FastifyInstance): void {
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!isClosing) return;
    reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S)).status(503);
    if (request.url === '/api' || request.url.startsWith('/api/')) {
      const body: ErrorBody = { success: false, message: DEFAULT_MESSAGES.unavailable };
      return reply.type('application/json; charset=utf-8').send(body);
    }
    return reply.type('text/plain; charset=utf-8').send(DEFAULT_MESSAGES.unavailable);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (isClosing) reply.header('connection', 'close');
  });
}
