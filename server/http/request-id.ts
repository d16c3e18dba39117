/**
 * Every request's id (docs/decisions/048): Fastify's `request.id`, which pino writes as `reqId` on every log
 * line of the request, returned in `X-Request-Id`, and shown on the error page as 'Код ошибки: …' so support
 * can find the log lines of a customer's failure. An id the proxy in front (or the client) sends is kept when
 * it looks like one — letters, digits and dashes, 8 to 64 of them — so one id follows a request through nginx
 * and the app; anything else (too long, log-breaking characters, several values) is replaced by a new UUID.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What an incoming id must look like to be kept. */
export const INCOMING_REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;

/** Fastify's `genReqId`: the incoming X-Request-Id when it looks like an id, otherwise a new UUID. */
export function requestIdOf(raw: IncomingMessage): string {
  const incoming = raw.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && INCOMING_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Every answer carries its request's id, errors and pages included. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
