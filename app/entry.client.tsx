import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { installChunkErrorReload } from './lib/chunk-reload.client';

installChunkErrorReload();

// The service worker (public/sw.js, ADR 050: the installable app's offline page, hashed files, push), once the
// page has loaded and the browser is idle: never in the way of the first load. The same URL and scope as
// push's registration (app/features/notifications/push.ts).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  // Safari has no requestIdleCallback yet.
  const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback : setTimeout;
  const register = () =>
    idle(() => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {}));
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
