import type { Socket } from 'node:net';
import type { ErrorBody } from '@core/contracts/common';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type AppError, DEFAULT_MESSAGES, isAppError } from '../errors';
import { errorDocument, isBotRequest, sameSiteBackPath, wantsErrorPage } from './error-document';
import { REQUEST_ID_HEADER } from './request-id';
import { asUnavailable } from './unavailable';

export const EMPTY_BODY_MESSAGE = 'Пустое тело запроса';

/** How long a refused request's socket is still read after the answer, before it is closed. */
export const LINGER_MS = 2_000;

/** Fastify's own error codes that a client causes, with the Russian message a person reads. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Некорректный JSON в теле запроса' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: EMPTY_BODY_MESSAGE },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Слишком большой запрос' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Неподдерживаемый тип данных' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Некорректная длина запроса' },
};

export const API_NOT_FOUND_MESSAGE = 'Запрашиваемый ресурс не найден';

/**
 * A refused body (too large, unreadable) still arriving is read to its end and dropped, up to this size,
 * instead of closing the connection on it.
 */
export const REFUSED_BODY_DRAIN_BYTES = 8 * 1024 * 1024;

/**
 * Fastify answers a body it could not parse (or would not read: over the limit) with `Connection: close`. Node
 * then closes the socket while the client may still be sending, and a socket closed with unread bytes is
 * reset — the reset can throw away the answer before the client reads it, so a client uploading 2 MB saw a
 * broken pipe instead of 413 (found by the fuzz suite). A body of known, bounded length is instead left to
 * Node, which reads the rest and drops it after the answer, and the connection stays usable; a larger one is
 * still cut off. A body read to its end (a form the page plugin refused after reading it) leaves nothing
 * behind: the connection stays open.
 */
function drainRefusedBody(request: FastifyRequest, reply: FastifyReply): void {
  if (reply.getHeader('connection') !== 'close') return;
  if (request.raw.complete) {
    reply.removeHeader('connection');
    return;
  }
  if (isDrainable(request)) reply.removeHeader('connection');
}

/** Whether what is left of an unread body is of known length and small enough for Node to read and drop. */
function isDrainable(request: FastifyRequest): boolean {
  if (request.headers['transfer-encoding'] !== undefined) return false;
  const length = Number(request.headers['content-length'] ?? 0);
  return Number.isInteger(length) && length <= REFUSED_BODY_DRAIN_BYTES;
}

/**
 * Any answer sent before its request's body was read (a route that reads none, like the logout; a refusal
 * before parsing, like 415 or a 413 by Content-Length): Node reads the rest and drops it, which is right for a
 * small body and wrong for 50 MB or an endless chunked one — then the connection closes after the answer
 * instead, with a lingering close. Either way the keep-alive connection never waits on a body nobody reads.
 * A connection that ends with its answer anyway (HTTP/1.0, or `Connection: close` asked for) lingers too:
 * closed at once while the body still arrived, it was reset and the answer lost (the pages fuzz: an HTTP/1.0
 * post of 2 MB of JSON got no 415).
 */
export function closeOnUnreadBodies(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.raw.complete) return;
    const isKeptAlive = reply.raw.shouldKeepAlive && reply.getHeader('connection') !== 'close';
    if (isKeptAlive) {
      if (isDrainable(request)) return;
      reply.header('connection', 'close');
    }
    lingerOnClose(request.raw.socket);
  });
}

/**
 * Closing a socket while the client still sends its body resets the connection, and the reset can throw away
 * the answer before the client reads it: a client posting 9 MB to a page saw a broken pipe instead of 413 (the
 * pages fuzz suite). So, as `client-errors.ts` does before routing, our side ends after the answer and what
 * still arrives is read and dropped (Node dumps the unread request) for LINGER_MS, then the socket closes.
 * Node closes a `Connection: close` answer's socket with `destroySoon()`; this socket's does the above.
 */
function lingerOnClose(socket: Socket | null): void {
  if (!socket || lingering.has(socket)) return;
  lingering.add(socket);
  socket.destroySoon = function lingeringClose(this: Socket) {
    this.end();
    setTimeout(() => this.destroy(), LINGER_MS).unref();
  };
}

const lingering = new WeakSet<Socket>();

/**
 * Sends an error: `{success:false, message, errors?}` in JSON, or, to a browser asking for a page, the error
 * page with the same status and message (server/http/error-document.ts; crawlers: the status alone).
 */
export function sendError(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  const { request } = reply;
  // Refusals before routing (a malformed address: client-errors.ts) skip the hook that sets it (ADR 048).
  if (request) reply.header(REQUEST_ID_HEADER, request.id);
  if (request && wantsErrorPage(request)) {
    reply.status(status).header('cache-control', 'no-store');
    if (isBotRequest(request)) return reply.type('text/plain; charset=utf-8').send(String(status));
    const isPost = request.method !== 'GET' && request.method !== 'HEAD';
    const backPath = isPost ? sameSiteBackPath(request.headers.referer, request.host) : undefined;
    // A failure of ours shows the request's id, for support to find its log lines (ADR 048).
    const requestId = status >= 500 ? request.id : undefined;
    return reply
      .type('text/html; charset=utf-8')
      .send(errorDocument(status, body.message, { backPath, ...(requestId ? { requestId } : {}) }));
  }
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

function toBody(message: string, fields?: Record<string, string>): ErrorBody {
  return fields && Object.keys(fields).length > 0
    ? { success: false, message, errors: fields }
    : { success: false, message };
}

/** Maps every error to the `{success:false, message}` convention; stack traces only reach the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    // A dropped database or Redis connection: 503 and Retry-After, not 500 (server/http/unavailable.ts).
    const error = asUnavailable(thrown) ?? thrown;
    drainRefusedBody(request, reply);
    if (isAppError(error)) {
      if (error.retryAfterS !== undefined) reply.header('Retry-After', String(Math.ceil(error.retryAfterS)));
      if (error.status >= 500) request.log.error({ err: error }, 'service error');
      return sendError(reply, error.status, toBody(error.message, error.fields));
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      // A route that needs a body got none (an empty JSON body is let through: server/http/empty-body.ts).
      if (error.validationContext === 'body' && (request.body === undefined || request.body === null)) {
        return sendError(reply, 400, toBody(EMPTY_BODY_MESSAGE));
      }
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        if (key && !(key in fields)) fields[key] = issue.message ?? DEFAULT_MESSAGES.bad_request;
      }
      const first = error.validation[0]?.message ?? DEFAULT_MESSAGES.bad_request;
      return sendError(reply, 400, toBody(first, fields));
    }

    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return sendError(reply, known.status, toBody(known.message));

    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = status === 404 ? 'not_found' : status === 429 ? 'too_many_requests' : 'bad_request';
      return sendError(
        reply,
        status,
        toBody(status === 404 ? API_NOT_FOUND_MESSAGE : DEFAULT_MESSAGES[code]),
      );
    }

    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, toBody(DEFAULT_MESSAGES.internal));
  });
}

export function sendApiNotFound(reply: FastifyReply): FastifyReply {
  return sendError(reply, 404, toBody(API_NOT_FOUND_MESSAGE));
}
