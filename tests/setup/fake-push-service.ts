/**
 * A push service on this machine (HTTPS with a test-only certificate for 127.0.0.1 and localhost,
 * tests/fixtures/fake-push-*.pem): it records what the web-push library sends and answers 201, or 410 for
 * endpoints under /gone/ (a browser that unsubscribed), and holds requests under /slow/ unanswered (a dead or
 * slow service) until released or closed. A subscriber made here decrypts the payloads as a browser would.
 *
 * It listens on 127.0.0.1, which the app's push rules refuse (ADR 037): `network` is what an app is built
 * with to allow this service explicitly — its origin, its address and its certificate.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { isPublicAddress, type PushNetwork } from '../../server/modules/notifications/push';

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

export type FakeSubscriber = {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  decrypt(body: Buffer): unknown;
};

export type FakePushService = {
  /** https://127.0.0.1:<port> */
  origin: string;
  port: number;
  /** The app's push network: this origin and 127.0.0.1 allowed, this certificate trusted. */
  network: PushNetwork;
  received: PushedRequest[];
  /** Requests held unanswered now (slow endpoints), and the most ever held at once. */
  held(): number;
  maxHeld(): number;
  /**
   * A browser's subscription at this service (`gone`: answered 410; `slow`: never answered until released;
   * `origin`: another spelling of this service, e.g. https://localhost:<port>).
   */
  subscriber(options?: { gone?: boolean; slow?: boolean; origin?: string }): FakeSubscriber;
  /** Answers the held requests (201). */
  releaseSlow(): void;
  close(): Promise<void>;
};

export async function startFakePushService(): Promise<FakePushService> {
  const received: PushedRequest[] = [];
  const holding = new Set<ServerResponse>();
  let mostHeld = 0;
  const server: Server = createServer({ cert, key }, (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      if (request.url?.startsWith('/slow/')) {
        holding.add(response);
        mostHeld = Math.max(mostHeld, holding.size);
        response.on('close', () => holding.delete(response));
        return;
      }
      response.statusCode = request.url?.startsWith('/gone/') ? 410 : 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `https://127.0.0.1:${port}`;
  return {
    origin,
    port,
    network: {
      allowedOrigins: [origin],
      isAllowedAddress: (address) => address === '127.0.0.1' || isPublicAddress(address),
      ca: cert,
    },
    received,
    held: () => holding.size,
    maxHeld: () => mostHeld,
    subscriber({ gone = false, slow = false, origin: at = origin } = {}) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      const folder = gone ? 'gone' : slow ? 'slow' : 'push';
      return {
        subscription: {
          endpoint: `${at}/${folder}/${randomBytes(8).toString('hex')}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
        },
        decrypt: (body) =>
          JSON.parse(
            ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString(),
          ),
      };
    },
    releaseSlow() {
      const released = [...holding];
      holding.clear();
      for (const response of released) {
        response.statusCode = 201;
        response.end();
      }
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
