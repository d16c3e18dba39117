/**
 * The cities' delivery zones (their polygons), which only the address popup draws and checks a point against.
 * The root loader sends the cities without them (app/lib/root-data.server.ts): every page's data carried
 * about 3 KB of polygons for a popup most visits never open (ADR 044). The popup reads them from
 * GET /api/settings when it first opens (the provider starts the read with the popup's code), once per page
 * session; a failed read is tried again at the next opening.
 */
import type { Zone } from '@core/contracts/content';
import { api } from '~/lib/api-client';

/** Each city's zones by the city's id. */
export type CityZones = ReadonlyMap<string, readonly Zone[]>;

let read: Promise<CityZones | null> | null = null;
let hasFailed = false;

/**
 * Starts the read, or a new one when the last failed: the provider calls it as the popup opens (an event, so
 * a failing server is asked once per opening, never once per render).
 */
export function loadCityZones(): Promise<CityZones | null> {
  if (read === null || hasFailed) {
    hasFailed = false;
    read = api
      .get('/api/settings')
      .then((body): CityZones => {
        const cities = (body as { cities?: { _id: string; delivery_areas?: Zone[] }[] }).cities ?? [];
        return new Map(cities.map((city) => [city._id, city.delivery_areas ?? []] as const));
      })
      .catch(() => {
        hasFailed = true;
        return null;
      });
  }
  return read;
}

/** The read the popup renders from (React's `use`): the current one, started if none was. */
export function cityZonesRead(): Promise<CityZones | null> {
  return read ?? loadCityZones();
}
