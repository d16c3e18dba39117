/**
 * Which city a visitor without an address shops in (issue 21, ADR 038: location first). Their own choice
 * (the city select) wins; else the city nearest to where their IP address is, when the deployment knows it;
 * else the default city of the settings, else the first. Pure: the server decides the first render with it.
 */
import type { LngLat } from './geo';

export type CityPlace = { id: string; isDefault: boolean; center: LngLat };

const EARTH_RADIUS_M = 6_371_000;

/** Great-circle distance in metres (haversine). */
export function distanceM([lng1, lat1]: LngLat, [lng2, lat2]: LngLat): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(a));
}

/** The city whose centre is nearest to the point (the first of equals); undefined without cities. */
export function nearestCity<City extends CityPlace>(
  cities: readonly City[],
  point: LngLat,
): City | undefined {
  let best: { city: City; distance: number } | undefined;
  for (const city of cities) {
    const distance = distanceM(point, city.center);
    if (!best || distance < best.distance) best = { city, distance };
  }
  return best?.city;
}

/** The visitor's city: chosen (if it is one of the cities), nearest to their IP's place, default, first. */
export function cityForVisitor<City extends CityPlace>(
  cities: readonly City[],
  visitor: { chosenCityId?: string | undefined; near?: LngLat | undefined },
): City | undefined {
  const chosen = visitor.chosenCityId ? cities.find((city) => city.id === visitor.chosenCityId) : undefined;
  if (chosen) return chosen;
  const near = visitor.near ? nearestCity(cities, visitor.near) : undefined;
  return near ?? cities.find((city) => city.isDefault) ?? cities[0];
}
