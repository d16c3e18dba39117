/**
 * Errors that happen before a request reaches a route, answered in our shape and language (ADR 003) instead
 * of Fastify's and Node's English defaults: a path that is not valid percent-encoding or has an over-long
 * parameter (Fastify's `frameworkErrors`), and requests Node's HTTP parser refuses — headers too large,
 * malformed syntax, a request that took too long (the server's `clientError` event).
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorBody } from '@core/contracts/common';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_MESSAGES } from '../errors';
import { errorDocument, isBotRequest, wantsErrorPage } from './error-document';
import { LINGER_MS, sendError } from './error-handler';

export const BAD_URL_MESSAGE = 'Некорректный адрес запроса';
export const URL_TOO_LONG_MESSAGE = 'Слишком длинный адрес запроса';
export const HEADERS_TOO_LARGE_MESSAGE = 'Слишком большие заголовки запроса';
export const REQUEST_TIMEOUT_MESSAGE = 'Время ожидания запроса истекло';
export const BAD_HOST_MESSAGE = 'В запросе не указан адрес сайта или он указан неверно';

/** A Host header's value: a name or an IPv4 or bracketed IPv6 address, and perhaps a port; nothing else. */
const HOST_VALUE =
  /^([a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;

/**
 * The Host header (RFC 9112 §3.2): an HTTP/1.1 request must name the site, and a Host header, where there is
 * one, must be a host; otherwise 400 in our shape (Node's own check answers a bare 400 without a word, so it is
 * off: client-limits.ts). HTTP/1.0 may leave it out: such a request is served as this site's
 * (server/http/react-router.ts), where it used to be a 500.
 */
export function refuseBadHosts(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const host = request.headers.host;
    if (host === undefined ? request.raw.httpVersion === '1.0' : HOST_VALUE.test(host)) return;
    return sendError(reply, 400, body(BAD_HOST_MESSAGE));
  });
}

function body(message: string): ErrorBody {
  return { success: false, message };
}

/**
 * Fastify's `frameworkErrors` option: router errors that no route or error handler ever sees. A browser asking
 * for a page gets the error page with the same status and words; programs get our JSON (sendError).
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const [status, message] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, URL_TOO_LONG_MESSAGE]
      : error.code === 'FST_ERR_BAD_URL'
        ? [400, BAD_URL_MESSAGE]
        : [500, DEFAULT_MESSAGES.internal];
  void sendError(reply, status, body(message));
}

type ClientError = Error & { code?: string; rawPacket?: unknown };

const answered = new WeakSet<Socket>();

/**
 * Whether the refused request was a HEAD: its answer must have no body, or the client reads the body as the
 * start of another answer. Node hands over the bytes its parser was working on; the request line is in them
 * unless the headers arrived in several packets (then the body goes out, as before).
 */
function isHeadRequest(error: ClientError): boolean {
  return Buffer.isBuffer(error.rawPacket) && error.rawPacket.subarray(0, 5).toString('latin1') === 'HEAD ';
}

/**
 * Whether the refused request was a browser's page request (headers too large: a big cookie), as far as the
 * bytes Node hands over show: a request line for a page path and an Accept that asks for HTML. Then it gets
 * the error page (a crawler: the status alone); anything else, or bytes that do not show it, our JSON.
 */
function answerKind(error: ClientError): 'page' | 'bot' | 'program' {
  if (!Buffer.isBuffer(error.rawPacket)) return 'program';
  const head = error.rawPacket.subarray(0, 16_384).toString('latin1');
  const target = /^[A-Z]+ (\S+) HTTP\/1\.[01]\r\n/.exec(head)?.[1];
  if (!target) return 'program';
  const accept = /\r\naccept:([^\r\n]*)/i.exec(head)?.[1] ?? '';
  const userAgent = /\r\nuser-agent:([^\r\n]*)/i.exec(head)?.[1]?.trim() ?? '';
  const request = { url: target, headers: { accept, 'user-agent': userAgent } };
  if (!wantsErrorPage(request)) return 'program';
  return isBotRequest(request) ? 'bot' : 'page';
}

/**
 * Fastify's `clientErrorHandler` (the server's 'clientError' event): the request never became a request, so
 * the answer is written to the socket by hand, then the connection is closed.
 */
export function answerClientError(error: ClientError, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // The rest of a refused request: Node's parser reports each further packet; it is read and dropped.
  if (answered.has(socket)) return;
  answered.add(socket);
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, REQUEST_TIMEOUT_MESSAGE]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, HEADERS_TOO_LARGE_MESSAGE]
        : [400, DEFAULT_MESSAGES.bad_request];
  if (socket.writable) {
    const kind = answerKind(error);
    const [type, text] =
      kind === 'page'
        ? ['text/html; charset=utf-8', errorDocument(status, message)]
        : kind === 'bot'
          ? ['text/plain; charset=utf-8', String(status)]
          : ['application/json; charset=utf-8', JSON.stringify(body(message))];
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Type: ${type}\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\n` +
        'Connection: close\r\n\r\n' +
        (isHeadRequest(error) ? '' : text),
    );
  }
  // Lingering close: closing a socket with bytes still arriving resets the connection, and a client still
  // sending its body (a large upload with oversized headers) then loses the answer it had not read yet. End
  // our side after the answer, keep reading what comes for a moment, then close (found by the fuzz suite).
  socket.end();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
