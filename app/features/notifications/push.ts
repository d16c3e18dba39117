/**
 * Web push in the browser (SPEC §4 'Push subscription is requested on start', ADR 033): the service worker at
 * /sw.js (public/sw.js) shows what the server pushes, and a subscription made with the server's VAPID key is
 * handed to the notifications service through /resources/notifications. The permission prompt only ever
 * follows a press of 'Включить уведомления'; on later starts an existing subscription is quietly handed over
 * again (the browser may have renewed it, or another customer signed in on this browser since).
 */

import { formEntries } from '@core/contracts/form-fields';
import type { NotificationForm } from '@core/contracts/notifications';
import { base64UrlToBytes, bytesToBase64Url } from '@core/rules/push';

export const SERVICE_WORKER_URL = '/sw.js';

export type PushState = 'unsupported' | 'denied' | 'granted' | 'default';

export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export function pushPermission(): PushState {
  if (!isPushSupported()) return 'unsupported';
  return Notification.permission;
}

/** The post of the resource route's 'subscribe' (NotificationFormSchema); null when the browser gave no keys. */
export function subscriptionForm(
  subscription: PushSubscriptionJSON,
): { endpoint: string; body: URLSearchParams } | null {
  const { endpoint, keys } = subscription;
  if (!endpoint || !keys?.p256dh || !keys.auth) return null;
  const post = {
    intent: 'subscribe',
    subscription: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } },
  } satisfies NotificationForm;
  return { endpoint, body: new URLSearchParams(formEntries(post)) };
}

export class PushRefusedError extends Error {
  override name = 'PushRefusedError';
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** A subscription made with another key (the server's keys changed) cannot be used: it is replaced. */
function isForKey(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options.applicationServerKey;
  return key === null || bytesToBase64Url(key) === publicKey;
}

/**
 * After a press of the button: asks for the permission, registers the service worker and subscribes with
 * the server's key. Throws PushRefusedError when the customer says no.
 */
export async function subscribeToPush(publicKey: string): Promise<PushSubscriptionJSON> {
  const applicationServerKey = base64UrlToBytes(publicKey);
  if (!applicationServerKey) throw new Error('the VAPID public key is not URL-safe base64');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushRefusedError(permission);
  const { pushManager } = await registration();
  const existing = await pushManager.getSubscription();
  if (existing && isForKey(existing, publicKey)) return existing.toJSON();
  await existing?.unsubscribe();
  const subscription = await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  return subscription.toJSON();
}

/** On start, with the permission already given: this browser's subscription, if it has one (no prompt). */
export async function existingSubscription(): Promise<PushSubscriptionJSON | null> {
  if (pushPermission() !== 'granted') return null;
  const found = await navigator.serviceWorker.getRegistration('/');
  const subscription = await found?.pushManager.getSubscription();
  return subscription ? subscription.toJSON() : null;
}
