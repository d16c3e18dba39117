/**
 * Web push (SPEC §4 'Push subscription is requested on start'; docs/decisions/025): payloads encrypted and
 * signed with the VAPID keys by the `web-push` library, sent to the browser's push service.
 */
import type { Agent } from 'node:https';
import type { PushPayload } from '@core/contracts/notifications';
import webpush from 'web-push';

export type VapidKeys = { publicKey: string; privateKey: string };

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** 'gone': the push service no longer knows the subscription (404/410): it is to be removed. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

export type PushSender = {
  readonly publicKey: string;
  send(target: PushTarget, payload: PushPayload): Promise<PushOutcome>;
};

/** A push message waits at most a day at the push service for the browser to come online. */
const PUSH_TTL_S = 24 * 60 * 60;
/** The push service must answer within this long. */
const PUSH_TIMEOUT_MS = 10_000;

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
  /** The HTTPS agent of the requests (tests trust their fake push service's certificate with it). */
  agent?: Agent;
  onError?: (error: unknown, endpoint: string) => void;
}): PushSender {
  return {
    publicKey: options.keys.publicKey,
    async send(target, payload) {
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: { subject: options.subject, ...options.keys },
            TTL: PUSH_TTL_S,
            timeout: PUSH_TIMEOUT_MS,
            contentEncoding: 'aes128gcm',
            ...(options.agent ? { agent: options.agent } : {}),
          },
        );
        return 'sent';
      } catch (error) {
        const status = (error as { statusCode?: unknown }).statusCode;
        if (status === 404 || status === 410) return 'gone';
        options.onError?.(error, target.endpoint);
        return 'failed';
      }
    },
  };
}
