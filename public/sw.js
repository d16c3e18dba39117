/**
 * Фреш's service worker: web push (ADR 033) and the installable app's offline page (ADR 050). Hand-written,
 * and it caches only what can never be personal:
 * - the offline page (/offline.html and its /offline.js), precached on install, answered in place of a page
 *   the network cannot bring;
 * - the build's hashed files under /assets/ (their names change with their bytes), cache-first, kept as they
 *   came: GET, 200, same origin, no Set-Cookie, not private or no-store; at most MAX_ASSETS of them.
 * Pages are never stored (a signed-in customer's page is theirs alone): navigations go to the network, with
 * navigation preload, and only a failed one gets the offline page. The API (/api/), the resource routes
 * (/resources/), uploads, posts and anything else are not handled here at all: they load as without a worker.
 * Caches are named by VERSION; a new worker deletes every other cache of this origin on activate. VERSION
 * carries the first 10 hex digits of sha256(offline.html + offline.js), so their new bytes are precached: a
 * test (tests/pwa/sw-version.test.ts) fails when either changes without it.
 */
const VERSION = 'offline-a299f0fdd2';
const SHELL_CACHE = `fresh-shell-${VERSION}`;
const ASSET_CACHE = `fresh-assets-${VERSION}`;
const OFFLINE_PAGE = '/offline.html';
const PRECACHE = [OFFLINE_PAGE, '/offline.js'];
/** A visit loads a few dozen hashed files; deploys add new names. The oldest go first past this many. */
const MAX_ASSETS = 200;
const FALLBACK_LINK = '/lk?active=notification';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      // Past the HTTP cache: the offline page of this version, not an hour-old copy.
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([SHELL_CACHE, ASSET_CACHE]);
      const names = await caches.keys();
      await Promise.all(names.filter((name) => !keep.has(name)).map((name) => caches.delete(name)));
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

/** Whether a response may be kept: a whole, public, same-origin answer that sets no cookie. */
function isStorable(response) {
  if (response.status !== 200 || response.type !== 'basic') return false;
  if (response.headers.has('Set-Cookie')) return false;
  return !/\b(?:no-store|private)\b/i.test(response.headers.get('Cache-Control') ?? '');
}

/** Keeps the newest MAX_ASSETS entries (a cache lists its keys in the order they were put). */
async function trim(cache) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((key) => cache.delete(key)));
}

async function hashedAsset(event) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(event.request);
  if (cached) return cached;
  const response = await fetch(event.request);
  if (isStorable(response)) {
    const copy = response.clone();
    event.waitUntil(cache.put(event.request, copy).then(() => trim(cache)));
  }
  return response;
}

/** The network's page (stored nowhere); the offline page only when there is no network to ask. */
async function page(event) {
  try {
    const preloaded = await event.preloadResponse;
    return preloaded ?? (await fetch(event.request));
  } catch (error) {
    const offline = await caches.match(OFFLINE_PAGE, { cacheName: SHELL_CACHE });
    if (offline) return offline;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(page(event));
  else if (url.pathname.startsWith('/assets/') && !request.headers.has('Range'))
    event.respondWith(hashedAsset(event));
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
