/**
 * A push service on this machine (HTTPS with a test-only certificate, tests/fixtures/fake-push-*.pem): it
 * records what the web-push library sends and answers 201, or 410 for endpoints under /gone/ (a browser that
 * unsubscribed). A subscriber made here decrypts the payloads as a browser would.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const fixtures = path.join(import.meta.dirname, '..', 'fixtures');
const cert = readFileSync(path.join(fixtures, 'fake-push-cert.pem'));
const key = readFileSync(path.join(fixtures, 'fake-push-key.pem'));

type Ece = { decrypt(buffer: Buffer, params: Record<string, unknown>): Buffer };
const ece = createRequire(import.meta.url)('http_ece') as Ece;

export type PushedRequest = {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};

export type FakePushService = {
  origin: string;
  /** Trusts the service's certificate: the app's pushAgent. */
  agent: Agent;
  received: PushedRequest[];
  /** A browser's subscription at this service (`gone`: the service answers 410 for it). */
  subscriber(options?: { gone?: boolean }): {
    subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
    decrypt(body: Buffer): unknown;
  };
  close(): Promise<void>;
};

export async function startFakePushService(): Promise<FakePushService> {
  const received: PushedRequest[] = [];
  const server: Server = createServer({ cert, key }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = request.url?.startsWith('/gone/') ? 410 : 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: cert });
  return {
    origin,
    agent,
    received,
    subscriber({ gone = false } = {}) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      return {
        subscription: {
          endpoint: `${origin}/${gone ? 'gone' : 'push'}/${randomBytes(8).toString('hex')}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
        },
        decrypt: (body) =>
          JSON.parse(
            ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString(),
          ),
      };
    },
    close: async () => {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
