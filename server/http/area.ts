import {
  type AssortmentScope,
  DELIVERY_AREA_COOKIE,
  type DeliveryArea,
  parseDeliveryArea,
  scopeOf,
} from '@core/rules/delivery-area';
import type { FastifyRequest } from 'fastify';

/** The delivery area the request's cookie names (a stale or forged value counts as none). */
export function areaOf(request: FastifyRequest): DeliveryArea | undefined {
  return parseDeliveryArea(request.cookies?.[DELIVERY_AREA_COOKIE]);
}

/** Whose stock counts for this request's catalogue, product and search answers. */
export function scopeOfRequest(request: FastifyRequest): AssortmentScope | undefined {
  return scopeOf(areaOf(request));
}
