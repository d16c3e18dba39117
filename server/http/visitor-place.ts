/**
 * Where a visitor without an address shops (issue 21, ADR 038): the city they chose (the area cookie's
 * `c.<city>`, or the city of their area), and where their IP address is, when the proxy in front says so in
 * the headers IP_LOCATION_HEADERS names. The geo service turns this into a city (`geo.cityFor`).
 */
import { DELIVERY_AREA_COOKIE, parseCityChoice } from '@core/rules/delivery-area';
import type { LngLat } from '@core/rules/geo';
import type { FastifyRequest } from 'fastify';

export type VisitorPlace = { chosenCityId?: string; near?: LngLat };

function header(request: FastifyRequest, name: string): number | undefined {
  const value = request.headers[name];
  if (typeof value !== 'string' || value.trim() === '' || value.length > 32) return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** The chosen city and the IP's place of a request; `ipHeaders` is IP_LOCATION_HEADERS (null: not known). */
export function visitorPlaceOf(
  request: FastifyRequest,
  ipHeaders: readonly [latitude: string, longitude: string] | null,
): VisitorPlace {
  const place: VisitorPlace = {};
  const chosenCityId = parseCityChoice(request.cookies?.[DELIVERY_AREA_COOKIE]);
  if (chosenCityId) place.chosenCityId = chosenCityId;
  if (ipHeaders) {
    const latitude = header(request, ipHeaders[0]);
    const longitude = header(request, ipHeaders[1]);
    if (
      latitude !== undefined &&
      longitude !== undefined &&
      Math.abs(latitude) <= 90 &&
      Math.abs(longitude) <= 180
    )
      place.near = [longitude, latitude];
  }
  return place;
}
