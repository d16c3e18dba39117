import booleanPointInPolygon from '@turf/boolean-point-in-polygon';

/**
 * Point-in-zone rules for delivery areas. Coordinates are GeoJSON order: [longitude, latitude].
 * Pure (turf does the geometry) so the browser (map clicks) and the server (address checks, seed) agree.
 */

/** [longitude, latitude] */
export type LngLat = [number, number];

/** Polygon rings: the first is the outer boundary, any further rings are holes. Closing point optional. */
export type PolygonRings = LngLat[][];

function closed(ring: readonly LngLat[]): LngLat[] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (!first || !last) return [];
  return first[0] === last[0] && first[1] === last[1] ? [...ring] : [...ring, first];
}

/**
 * Whether the point lies in the polygon: inside the outer ring and not inside a hole. Turf's
 * booleanPointInPolygon, the same function in the browser (map clicks) and on the server (saving an address);
 * points on a boundary count as inside, so a customer clicking exactly on a zone's border is still served.
 */
export function isPointInPolygon(point: LngLat, rings: readonly (readonly LngLat[])[]): boolean {
  const polygon = rings.map(closed);
  if (polygon.length === 0 || polygon.some((ring) => ring.length < 4)) return false;
  return booleanPointInPolygon(point, { type: 'Polygon', coordinates: polygon });
}

/** The first zone whose polygon contains the point, or undefined when the point is outside every zone. */
export function findZoneForPoint<Zone extends { id: string; polygon: readonly (readonly LngLat[])[] }>(
  point: LngLat,
  zones: readonly Zone[],
): Zone | undefined {
  return zones.find((zone) => isPointInPolygon(point, zone.polygon));
}
