/**
 * Web push (SPEC §4 'Push subscription is requested on start'; ADR 027, 037): payloads encrypted and signed
 * with the VAPID keys by the `web-push` library, sent to the browser's push service by our own request, so
 * that we decide where it may connect, how long it may take and how much of the answer we read.
 *
 * An endpoint is a URL a customer hands us, so every push is a request to a place of their choosing. It goes
 * only to `https:` on 443 at a public host name (core/rules/push.ts), and the connection is made only to
 * public addresses: the name is resolved by our lookup, which refuses it when any address it resolves to is
 * loopback, private, link-local or otherwise not public — at send time, so a name that later resolves to an
 * inside address (DNS rebinding) reaches nothing.
 */
import { type LookupAddress, type LookupOptions, lookup as systemLookup } from 'node:dns';
import { Agent, request } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { PushPayload } from '@core/contracts/notifications';
import { isPushEndpointAllowed } from '@core/rules/push';
import webpush from 'web-push';
import { createWorkQueue, WorkQueueFullError } from '../../lib/work-queue';

export type VapidKeys = { publicKey: string; privateKey: string };

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/**
 * 'sent'; 'gone': the push service no longer knows the subscription (404/410); 'refused': our rules will not
 * send there (not https on 443 at a public name, or it resolves to an address that is not public) — both
 * mean the subscription is to be removed; 'failed': the service refused or did not answer in time (counted
 * against the subscription); 'dropped': too many pushes were waiting, this one was not tried.
 */
export type PushOutcome = 'sent' | 'gone' | 'refused' | 'failed' | 'dropped';

export type PushSender = {
  readonly publicKey: string;
  /** Whether a subscription with this endpoint may be kept (the same rule `send` applies). */
  acceptsEndpoint(endpoint: string): boolean;
  send(target: PushTarget, payload: PushPayload): Promise<PushOutcome>;
  /** Closes the idle connections to push services. */
  close(): void;
};

/**
 * Where pushes may go and how they travel. Production leaves it empty: public names on 443, public addresses,
 * the system resolver and CAs. Tests allow their fake push service here explicitly.
 */
export type PushNetwork = {
  /** Origins accepted though the public rule refuses them (a test's fake push service on 127.0.0.1). */
  allowedOrigins?: readonly string[];
  /** Whether a resolved (or literal) address may be connected to; by default only public ones. */
  isAllowedAddress?: (address: string) => boolean;
  /** Resolves a host name to all its addresses; by default the system resolver (node:dns lookup). */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
  /** Certificate authorities to trust instead of the system's (a test's certificate). */
  ca?: string | Buffer;
  /** How long one push may take, from the request to the push service's answer. */
  timeoutMs?: number;
  /** Pushes under way at once in this process; more wait their turn. */
  concurrency?: number;
};

/** A push message waits at most a day at the push service for the browser to come online. */
const PUSH_TTL_S = 24 * 60 * 60;
/**
 * A push service answers in well under a second; one that has not answered in 5 s is down or slow on
 * purpose, and its subscription's push counts as failed.
 */
export const PUSH_TIMEOUT_MS = 5000;
/** Pushes under way at once per process: a dead endpoint holds one slot for at most PUSH_TIMEOUT_MS. */
export const PUSH_CONCURRENCY = 16;
/** Pushes waiting for a slot; beyond this (a flood of events) a push is dropped, not queued without end. */
const PUSH_QUEUE_LENGTH = 5000;

/**
 * Addresses a push service never has: unspecified, loopback, private (RFC 1918, unique local), shared
 * (carrier NAT), link-local (the cloud metadata service at 169.254.169.254 among them), documentation,
 * benchmarking, multicast, reserved, and the IPv6 transition ranges that embed an IPv4 address (NAT64, 6to4,
 * Teredo). IPv4-mapped IPv6 addresses are checked against the IPv4 ranges (BlockList does that).
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is a public unicast one (anything else, a name included, is not). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The error of a name that resolves to an address we do not connect to. */
const REFUSED_ADDRESS = 'EPUSHADDRESS';

const resolveWithSystem = (hostname: string): Promise<LookupAddress[]> =>
  new Promise((resolve, reject) =>
    systemLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/**
 * The connection's lookup: every address the name resolves to must be allowed, or the connection is refused
 * (one inside address among public ones is an attempt, not a mistake). Answers one address or all, as the
 * socket asks (Node asks for all when it tries both families).
 */
export function guardedLookup(
  resolve: (hostname: string) => Promise<LookupAddress[]>,
  isAllowedAddress: (address: string) => boolean,
): LookupFunction {
  return (hostname: string, options: LookupOptions, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = addresses.filter((entry) => family === 0 || entry.family === family);
        const [first] = usable;
        if (!first || addresses.some((entry) => !isAllowedAddress(entry.address))) {
          const error: NodeJS.ErrnoException = new Error(
            `push endpoint ${hostname} resolves to an address that is not public`,
          );
          error.code = REFUSED_ADDRESS;
          callback(error, '', 0);
          return;
        }
        if (options.all) callback(null, usable);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

export function generateVapidKeys(): string {
  return JSON.stringify(webpush.generateVAPIDKeys());
}

export function parseVapidKeys(text: string): VapidKeys {
  const value = JSON.parse(text) as Partial<VapidKeys>;
  if (typeof value.publicKey !== 'string' || typeof value.privateKey !== 'string') {
    throw new Error('stored VAPID keys are malformed');
  }
  return { publicKey: value.publicKey, privateKey: value.privateKey };
}

export function createWebPushSender(options: {
  keys: VapidKeys;
  /** The VAPID subject: the site's https URL or a mailto: address the push service may contact. */
  subject: string;
  network?: PushNetwork | undefined;
  onError?: (error: unknown, endpoint: string) => void;
}): PushSender {
  const network = options.network ?? {};
  const allowedOrigins = network.allowedOrigins ?? [];
  const isAllowedAddress = network.isAllowedAddress ?? isPublicAddress;
  const timeoutMs = network.timeoutMs ?? PUSH_TIMEOUT_MS;
  const concurrency = network.concurrency ?? PUSH_CONCURRENCY;
  const queue = createWorkQueue({ concurrency, maxWaiting: PUSH_QUEUE_LENGTH });
  const agent = new Agent({
    keepAlive: true,
    maxSockets: concurrency,
    lookup: guardedLookup(network.resolve ?? resolveWithSystem, isAllowedAddress),
    ...(network.ca ? { ca: network.ca } : {}),
  });
  const acceptsEndpoint = (endpoint: string) => isPushEndpointAllowed(endpoint, allowedOrigins);

  function post(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: options.subject, ...options.keys },
        TTL: PUSH_TTL_S,
        contentEncoding: 'aes128gcm',
      },
    );
    return new Promise((resolve) => {
      // The first outcome counts: a body still arriving when the time is up ends the socket, not the push.
      let isSettled = false;
      const settle = (outcome: PushOutcome) => {
        if (!isSettled) resolve(outcome);
        isSettled = true;
      };
      const failed = (error: unknown) => {
        if (!isSettled) options.onError?.(error, target.endpoint);
        settle('failed');
      };
      const pushRequest = request(
        target.endpoint,
        { method: details.method, headers: details.headers, agent },
        (response) => {
          // The answer's body says nothing we act on: it is not read (nor buffered, however long it is).
          response.on('error', () => {});
          response.resume();
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) settle('sent');
          else if (status === 404 || status === 410) settle('gone');
          else failed(new Error(`the push service answered ${status}`));
        },
      );
      const timer = setTimeout(
        () => pushRequest.destroy(new Error(`the push service did not answer in ${timeoutMs} ms`)),
        timeoutMs,
      );
      pushRequest.on('close', () => clearTimeout(timer));
      pushRequest.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === REFUSED_ADDRESS) settle('refused');
        else failed(error);
      });
      pushRequest.end(details.body);
    });
  }

  return {
    publicKey: options.keys.publicKey,
    acceptsEndpoint,
    async send(target, payload) {
      // Rows kept before these rules, or an address written as a literal (no lookup is made for one).
      if (!acceptsEndpoint(target.endpoint)) return 'refused';
      const host = new URL(target.endpoint).hostname.replace(/^\[(.*)\]$/, '$1');
      if (isIP(host) !== 0 && !isAllowedAddress(host)) return 'refused';
      try {
        return await queue.run(() => post(target, payload));
      } catch (error) {
        if (error instanceof WorkQueueFullError) return 'dropped';
        throw error;
      }
    },
    close: () => agent.destroy(),
  };
}
