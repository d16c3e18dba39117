import {
  type AssortmentScope,
  DELIVERY_AREA_COOKIE,
  type DeliveryArea,
  parseDeliveryArea,
  scopeOf,
} from '@core/rules/delivery-area';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type VisitorPlace, visitorPlaceOf } from './visitor-place';

/** The delivery area the request's cookie names (a stale or forged value counts as none). */
export function areaOf(request: FastifyRequest): DeliveryArea | undefined {
  return parseDeliveryArea(request.cookies?.[DELIVERY_AREA_COOKIE]);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The city a visitor without an area shops in (ADR 038); set by registerVisitorCity. */
    visitorCity?: (request: FastifyRequest) => Promise<string | undefined>;
  }
}

/**
 * Lets the API work out a visitor's city the way pages do (ADR 038): the city they chose (`c.<city>` in the
 * area cookie), else the nearest to where the proxy says their IP is, else the default city.
 */
export function registerVisitorCity(
  app: FastifyInstance,
  options: {
    cityFor: (place: VisitorPlace) => Promise<string | undefined>;
    ipHeaders: readonly [string, string] | null;
  },
): void {
  app.decorate('visitorCity', (request: FastifyRequest) =>
    options.cityFor(visitorPlaceOf(request, options.ipHeaders)),
  );
}

/**
 * Whose stock counts for this request's catalogue, product and search answers: the area of its cookie, or
 * before any address the visitor's city (ADR 038), as on the pages.
 */
export async function scopeOfRequest(request: FastifyRequest): Promise<AssortmentScope | undefined> {
  const area = areaOf(request);
  if (area) return scopeOf(area);
  return scopeOf(undefined, await request.server.visitorCity?.(request));
}
