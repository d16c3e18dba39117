/**
 * HTTP as a test needs it when the point is the connection itself: requests without a Host header or over
 * HTTP/1.0 (which Node's client never sends), and several requests on one kept-alive connection, to see that an
 * answer does not leave the connection waiting on a body nobody reads.
 */
import http from 'node:http';
import { connect } from 'node:net';

export type RawAnswer = { status: number; headers: Record<string, string>; body: string };

/** How long an answer may take before the test calls it a hang (no route takes a fraction of it). */
export const HANG_MS = 15_000;

/**
 * Writes `request` as given to a new connection and reads until the server closes it (HTTP/1.0, or a request
 * with `Connection: close`); the answer's status, headers (lower-case) and body.
 */
export function rawRequest(port: number, request: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    // Not half-closed: a server may take the client's end for a request given up on.
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${HANG_MS} ms`));
    }, HANG_MS);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const index = line.indexOf(':');
        if (index > 0) headers[line.slice(0, index).trim().toLowerCase()] = line.slice(index + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

/** One kept-alive connection: each request waits for the previous answer and goes out on the same socket. */
export function keptAliveClient(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    request(
      path: string,
      {
        method = 'GET',
        headers = {},
        body,
      }: { method?: string; headers?: Record<string, string | number>; body?: Buffer | string } = {},
    ): Promise<RawAnswer & { reusedSocket: boolean }> {
      return new Promise((resolve, reject) => {
        const outgoing = http.request({ host: '127.0.0.1', port, path, method, headers, agent });
        outgoing.setTimeout(HANG_MS, () => outgoing.destroy(new Error(`no answer within ${HANG_MS} ms`)));
        outgoing.on('error', reject);
        outgoing.on('response', (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: Object.fromEntries(
                Object.entries(response.headers).map(([name, value]) => [name, String(value)]),
              ),
              body: Buffer.concat(chunks).toString('utf8'),
              reusedSocket: outgoing.reusedSocket,
            }),
          );
        });
        outgoing.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}

/**
 * A client that writes its whole request before it reads a byte of the answer (as simple clients and many
 * proxies do): reading is paused until the last byte is written, so an answer the server sent early waits in
 * the socket — and is lost if the server reset the connection meanwhile.
 */
export function writeAllThenRead(port: number, head: string, body: Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.pause();
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${HANG_MS} ms`));
    }, HANG_MS);
    let writeError: Error | undefined;
    socket.on('error', (error) => {
      writeError ??= error;
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      if (!text) {
        reject(new Error(`no answer: ${writeError?.message ?? 'closed'}`));
        return;
      }
      const [headText = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = headText.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const index = line.indexOf(':');
        if (index > 0) headers[line.slice(0, index).trim().toLowerCase()] = line.slice(index + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body: rest.join('\r\n\r\n') });
    });
    socket.once('connect', async () => {
      socket.write(head);
      for (let offset = 0; offset < body.length && !socket.destroyed; offset += 64 * 1024) {
        if (!socket.write(body.subarray(offset, offset + 64 * 1024))) {
          await new Promise((drained) => {
            socket.once('drain', drained);
            socket.once('close', drained);
          });
        }
      }
      socket.resume();
    });
  });
}
