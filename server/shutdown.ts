import type { App } from './app';

export type ShutdownOptions = {
  app: App;
  /** Called after the HTTP server has closed, in order: Vite, Redis, the database … */
  closers?: readonly (() => Promise<void> | void)[];
  log: { info(msg: string): void; error(msg: string): void };
  /** After this long the process gives up waiting for in-flight requests. */
  timeoutMs: number;
  onTimeout: () => void;
};

/**
 * Graceful shutdown: sockets are told the server is going away (close code 1001) so clients reconnect
 * elsewhere; the listener stops accepting, idle keep-alive connections close, and in-flight requests finish
 * before the database and cache connections are released. Safe to call more than once.
 */
export function createShutdown(options: ShutdownOptions): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => {
    running ??= (async () => {
      options.log.info('shutting down: finishing in-flight requests');
      const timer = setTimeout(() => {
        options.log.error('shutdown timed out');
        options.onTimeout();
      }, options.timeoutMs);
      timer.unref();
      options.app.sockets.closeAll();
      await options.app.close();
      for (const close of options.closers ?? []) await close();
      clearTimeout(timer);
      options.log.info('stopped');
    })();
    return running;
  };
}
