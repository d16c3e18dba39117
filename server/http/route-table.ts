import type { FastifyInstance } from 'fastify';

/** One method of one route, as registered. */
export type RouteEntry = { method: string; url: string; auth: 'user' | undefined };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, in the order registered: tests walk it so that no route can be forgotten. */
    routeTable: readonly RouteEntry[];
  }
}

/** Starts the route table; call before any route is added. */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, auth: route.config?.auth });
    }
  });
}
