/**
 * Plain node:http requests for the abuse checks: each from a chosen local address (Linux answers every
 * 127.0.0.0/8 address on loopback, so an attacker and a customer can be different clients on one machine),
 * over keep-alive connections, timed from the first byte sent to the last byte read.
 */
import http from 'node:http';

export type TimedAnswer = { status: number; ms: number; body: string; retryAfter?: string; error?: string };

export function createClient(localAddress: string, maxSockets = 4) {
  const agent = new http.Agent({ keepAlive: true, maxSockets, localAddress });
  return {
    request(
      url: string,
      {
        method = 'GET',
        headers = {},
        body,
      }: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
    ): Promise<TimedAnswer> {
      const startedAt = performance.now();
      return new Promise((resolve) => {
        const request = http.request(
          url,
          {
            method,
            agent,
            headers: {
              'accept-encoding': 'br, gzip',
              ...headers,
              ...(body ? { 'content-length': body.length } : {}),
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                ms: performance.now() - startedAt,
                body: Buffer.concat(chunks).toString('utf8'),
                retryAfter: response.headers['retry-after'],
              }),
            );
            response.on('error', (error) =>
              resolve({ status: 0, ms: performance.now() - startedAt, body: '', error: error.message }),
            );
          },
        );
        request.on('error', (error) =>
          resolve({ status: 0, ms: performance.now() - startedAt, body: '', error: error.message }),
        );
        request.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}
