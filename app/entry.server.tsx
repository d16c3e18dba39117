import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import { NonceProvider } from './lib/nonce';
import { RequestIdProvider } from './lib/request-id';
import { lowPriorityModulePreloads } from './lib/script-priority.server';

export const streamTimeout = 5_000;

/** Crawlers get a plain status page instead of the interactive error page (SPEC §2, DESIGN.md "Bots"). */
function botErrorResponse(status: number, headers: Headers): Response {
  headers.set('Content-Type', 'text/plain; charset=utf-8');
  headers.set('Cache-Control', 'no-store');
  return new Response(`${status}`, { status, headers });
}

/**
 * Errors of loaders, actions and rendering on the server go to the request's pino logger (the load context's
 * `log`, server/app.ts), with its request id, instead of React Router's console.error. A request the client
 * gave up on is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const details = { method: request.method, url: new URL(request.url).pathname };
  // React Router's own refusals (a post to a page without an action: 405) wrap their cause in an error
  // response; a client's mistake is a warning. A loader's thrown data() or redirect never gets here.
  if (isRouteErrorResponse(error)) {
    const cause = 'error' in error ? error.error : undefined;
    const log = error.status < 500 ? context.log.warn : context.log.error;
    log({ ...details, err: cause, status: error.status }, 'page request refused');
    return;
  }
  context.log.error({ ...details, err: error }, 'page request failed');
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Response | Promise<Response> {
  // The CSP nonce of this response (server/http/security-headers.ts): on every script React renders.
  const nonce = loadContext.cspNonce || undefined;
  // A signed-in customer's page carries their name and data: never kept by a shared cache.
  if (loadContext.viewer?.user) responseHeaders.set('Cache-Control', 'private, no-store');
  const userAgent = request.headers.get('user-agent');
  const isBot = userAgent !== null && isbot(userAgent);
  if (isBot && responseStatusCode >= 500) return botErrorResponse(responseStatusCode, responseHeaders);
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Crawlers wait for the whole document; people get the shell streamed as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      isBot || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <RequestIdProvider id={loadContext.requestId}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </RequestIdProvider>
      </NonceProvider>,
      {
        nonce,
        // A finished Suspense boundary is written in place, however large. By default React writes one over
        // 12.8 KB after the shell, hidden, for a script to move: a browser without JavaScript would never show
        // it (the cabinet's chat tab, lazyFirstUse; ADR 044). Still-loading boundaries stream as before.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body.pipe(lowPriorityModulePreloads())), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Before the shell, onShellError rejects and handleError logs it; after, only this sees it.
          if (shellRendered) loadContext.log.error({ err: error }, 'server rendering failed after the shell');
        },
      },
    );
  });
}
