/**
 * Фреш's service worker (ADR 033): web push only. It shows what the server pushes (server/modules/notifications
 * push.ts, core/contracts/notifications.ts PushPayloadSchema: title, body, link, tag) and opens its link on a
 * click, in a tab of this site when one is open. It handles no fetches: pages and assets load as without it.
 */
const FALLBACK_LINK = '/lk?active=notification';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** A path of this site, or the notification list: a push never sends the customer elsewhere. */
function sameSiteLink(link) {
  try {
    const url = new URL(typeof link === 'string' ? link : FALLBACK_LINK, self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL(FALLBACK_LINK, self.location.origin).href;
  } catch {
    return new URL(FALLBACK_LINK, self.location.origin).href;
  }
}

function readPayload(data) {
  if (!data) return null;
  try {
    const payload = data.json();
    if (typeof payload !== 'object' || payload === null || typeof payload.title !== 'string') return null;
    return payload;
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      tag: typeof payload.tag === 'string' ? payload.tag : undefined,
      lang: 'ru',
      data: { link: sameSiteLink(payload.link) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = sameSiteLink(event.notification.data?.link);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      // navigate() works on a tab this worker controls; any other: a new tab.
      if (open)
        return open
          .focus()
          .then(() => open.navigate(link))
          .catch(() => self.clients.openWindow(link));
      return self.clients.openWindow(link);
    }),
  );
});
