import booleanPointInPolygon from '@turf/boolean-point-in-polygon';

/**
 * Point-in-zone rules for delivery areas. Coordinates are GeoJSON order: [longitude, latitude].
 * Pure (turf does the geometry) so the browser (map clicks) and the server (address checks, seed) agree.
 */

/** [longitude, latitude] */
export type LngLat = [number, number];

/** Polygon rings: the first is the outer boundary, any further rings are holes. Closing point optional. */
export type PolygonRings = LngLat[][];

/**
 * Whether the point lies in the polygon: inside the outer ring and not inside a hole. Turf's
 * booleanPointInPolygon, the same function in the browser (map clicks) and on the server (saving an address);
 * points on a boundary count as inside, so a customer clicking exactly on a zone's border is still served.
 * A ring of fewer than three points encloses nothing, and makes its zone serve nobody.
 */
export function isPointInPolygon(point: LngLat, rings: readonly (readonly LngLat[])[]): boolean {
  if (rings.some((ring) => ring.length < 3)) return false;
  // Turf wants each ring closed (its first corner again at the end); repeating it on a closed ring only adds an
  // edge of no length.
  const polygon = rings.map((ring) => [...ring, ...ring.slice(0, 1)]);
  return booleanPointInPolygon(point, { type: 'Polygon', coordinates: polygon });
}

/** The first zone whose polygon contains the point, or undefined when the point is outside every zone. */
export function findZoneForPoint<Zone extends { id: string; polygon: readonly (readonly LngLat[])[] }>(
  point: LngLat,
  zones: readonly Zone[],
): Zone | undefined {
  return zones.find((zone) => isPointInPolygon(point, zone.polygon));
}
