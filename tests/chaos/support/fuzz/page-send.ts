/**
 * Sends a generated page request (./pages.ts) as generated: over kept-alive node:http connections — so an
 * answer that leaves a body half read shows up as the next request on that connection hanging — or, for
 * HTTP/1.0, over a raw socket read to its end. Compressed answers are decoded for the judge.
 */
import http from 'node:http';
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FuzzAnswer } from './judge';
import type { PageRequest } from './pages';
import { bodyBytes } from './send';

/** No page takes this long; a request still unanswered then is a hang (or a connection left waiting). */
const ANSWER_TIMEOUT_MS = 30_000;

export type PageAnswer = FuzzAnswer & { headers: Record<string, string> };

function decode(body: Buffer, encoding: string | undefined): string {
  try {
    if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
    if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  } catch {
    return `(undecodable ${encoding} body)`;
  }
  return body.toString('utf8');
}

/** The headers a request carries once its origin, host and session are filled in. */
export function wireHeaders(
  request: PageRequest,
  origin: string,
  session: string | undefined,
): Record<string, string> {
  const headers = { ...request.headers };
  const from = headers['x-fuzz-origin'];
  delete headers['x-fuzz-origin'];
  if (from === 'ours') headers.origin = origin;
  if (from === 'referer') headers.referer = `${origin}/catalog`;
  if (from === 'foreign') headers.origin = 'https://evil.example';
  if (from === 'null') headers.origin = 'null';
  const cookie =
    request.auth === 'customer' && session
      ? `fresh_session=${session}`
      : request.auth === 'forged'
        ? 'fresh_session=forged-session-token'
        : undefined;
  if (cookie) headers.cookie = headers.cookie ? `${headers.cookie}; ${cookie}` : cookie;
  if (request.host === 'empty') headers.host = '';
  if (request.host === 'malformed') headers.host = 'a b/c';
  if (request.host === 'foreign') headers.host = 'evil.example';
  return headers;
}

function rawHttp10(
  port: number,
  request: PageRequest,
  headers: Record<string, string>,
  body: Buffer | undefined,
): Promise<PageAnswer> {
  return new Promise((resolve) => {
    const lines = [`${request.method} ${request.path} HTTP/1.0`];
    if (request.host === 'ours') lines.push(`Host: 127.0.0.1:${port}`);
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    if (body) lines.push(`Content-Length: ${body.length}`);
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'));
      if (body) socket.write(body);
    });
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (answer: PageAnswer) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(ANSWER_TIMEOUT_MS, () =>
      finish({
        status: 0,
        contentType: '',
        body: '',
        headers: {},
        error: `no answer in ${ANSWER_TIMEOUT_MS} ms`,
      }),
    );
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      if (split === -1) {
        finish({
          status: 0,
          contentType: '',
          body: '',
          headers: {},
          error: 'connection closed without an answer',
        });
        return;
      }
      const [statusLine = '', ...headerLines] = all.subarray(0, split).toString('latin1').split('\r\n');
      const answerHeaders: Record<string, string> = {};
      for (const line of headerLines) {
        const index = line.indexOf(':');
        if (index > 0)
          answerHeaders[line.slice(0, index).trim().toLowerCase()] = line.slice(index + 1).trim();
      }
      finish({
        status: Number(statusLine.split(' ')[1] ?? 0),
        contentType: answerHeaders['content-type'] ?? '',
        body: decode(all.subarray(split + 4), answerHeaders['content-encoding']),
        headers: answerHeaders,
      });
    });
  });
}

export function createPageSender(origin: string, sockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const { hostname, port } = new URL(origin);
  return {
    send(request: PageRequest, session: string | undefined): Promise<PageAnswer> {
      const payload = bodyBytes(request.body);
      const headers = wireHeaders(request, origin, session);
      if (request.http10) return rawHttp10(Number(port), request, headers, payload);
      if (payload && !request.chunked) headers['content-length'] = String(payload.length);
      // Said outright: Node's client chunks a DELETE's or an OPTIONS' body only when told, and would otherwise
      // send the bytes with no length at all (the server then reads them as the next request).
      if (payload && request.chunked) headers['transfer-encoding'] = 'chunked';
      return new Promise((resolve) => {
        let settled = false;
        const finish = (answer: PageAnswer) => {
          if (settled) return;
          settled = true;
          resolve(answer);
        };
        let outgoing: http.ClientRequest;
        try {
          outgoing = http.request({
            hostname,
            port,
            method: request.method,
            path: request.path,
            headers,
            agent,
            setHost: request.host === 'ours',
          });
        } catch (error) {
          // Node refused to send it (a character it never puts on the wire): not the server's fault.
          finish({ status: -1, contentType: '', body: '', headers: {}, error: (error as Error).message });
          return;
        }
        outgoing.setTimeout(ANSWER_TIMEOUT_MS, () => {
          outgoing.destroy(new Error(`no answer in ${ANSWER_TIMEOUT_MS} ms`));
        });
        let answered: { status: number; headers: Record<string, string> } | undefined;
        outgoing.on('response', (response) => {
          const answerHeaders = Object.fromEntries(
            Object.entries(response.headers).map(([name, value]) => [name, String(value)]),
          );
          answered = { status: response.statusCode ?? 0, headers: answerHeaders };
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            finish({
              status: response.statusCode ?? 0,
              contentType: answerHeaders['content-type'] ?? '',
              body: decode(Buffer.concat(chunks), answerHeaders['content-encoding']),
              headers: answerHeaders,
            }),
          );
          response.on('error', (error) =>
            finish({ status: 0, contentType: '', body: '', headers: answerHeaders, error: error.message }),
          );
        });
        outgoing.on('error', (error) => {
          // The server answered (a refused body) and closed while the rest was still being sent: the answer
          // came, and a HEAD refused before routing may carry a body Node's client will not parse.
          if (answered && /EPIPE|ECONNRESET|Data after `Connection: close`/.test(error.message)) {
            finish({
              status: answered.status,
              contentType: answered.headers['content-type'] ?? '',
              body: '',
              headers: answered.headers,
              error: `the answer's head came, then ${error.message} while the body was still being sent`,
            });
            return;
          }
          finish({ status: 0, contentType: '', body: '', headers: {}, error: error.message });
        });
        if (payload && request.chunked) {
          // Two chunks, so the length is only known at the end.
          const half = Math.floor(payload.length / 2);
          outgoing.write(payload.subarray(0, half));
          outgoing.end(payload.subarray(half));
        } else {
          outgoing.end(payload);
        }
      });
    },
    close: () => agent.destroy(),
  };
}
