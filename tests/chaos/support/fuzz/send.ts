/** Sends a generated request exactly as generated (raw path, chosen headers) over node:http. */
import http from 'node:http';
import type { BodySpec, FuzzRequest } from './arbitraries';
import type { FuzzAnswer } from './judge';

/** No route takes this long; a request still unanswered then is a hang, and a failure. */
const ANSWER_TIMEOUT_MS = 30_000;

export function bodyBytes(body: BodySpec): Buffer | undefined {
  switch (body.kind) {
    case 'none':
      return undefined;
    case 'text':
      return Buffer.from(body.text, 'utf8');
    case 'bytes':
      return Buffer.from(body.bytes);
    case 'repeat':
      return Buffer.from(body.head + body.unit.repeat(body.times) + body.tail, 'utf8');
  }
}

export function createSender(origin: string, sockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const { hostname, port } = new URL(origin);
  return {
    send(request: FuzzRequest, authHeaders: Record<string, string>): Promise<FuzzAnswer> {
      const payload = bodyBytes(request.body);
      const headers: Record<string, string | number> = { ...request.headers, ...authHeaders };
      if (payload) headers['content-length'] = payload.length;
      return new Promise((resolve) => {
        let settled = false;
        const finish = (answer: FuzzAnswer) => {
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
          });
        } catch (error) {
          // Node refused to send it (a character it never puts on the wire): not the server's fault.
          finish({ status: -1, contentType: '', body: '', error: (error as Error).message });
          return;
        }
        outgoing.setTimeout(ANSWER_TIMEOUT_MS, () => {
          outgoing.destroy(new Error(`no answer in ${ANSWER_TIMEOUT_MS} ms`));
        });
        let headStatus: number | undefined;
        outgoing.on('response', (response) => {
          headStatus = response.statusCode;
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            finish({
              status: response.statusCode ?? 0,
              contentType: String(response.headers['content-type'] ?? ''),
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          response.on('error', (error) =>
            finish({ status: 0, contentType: '', body: '', error: error.message }),
          );
        });
        outgoing.on('error', (error) => {
          // A HEAD refused before routing (431): the server cannot always tell it was a HEAD (the request line
          // may have arrived in an earlier packet than the one that overflowed), so a body may follow the
          // headers, which Node's client refuses to parse. The answer itself came: judge it by its status.
          if (
            request.method === 'HEAD' &&
            headStatus &&
            /Data after `Connection: close`/.test(error.message)
          ) {
            finish({ status: headStatus, contentType: '', body: '' });
            return;
          }
          finish({ status: 0, contentType: '', body: '', error: error.message });
        });
        outgoing.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}
