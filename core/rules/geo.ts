import booleanPointInPolygon from '@turf/boolean-point-in-polygon';

/**
 * Point-in-zone rules for delivery areas. Coordinates are GeoJSON order: [longitude, latitude].
 * Pure (turf does the geometry) so the browser (map clicks) and the server (address checks, seed) agree.
 */

/** [longitude, latitude] */
export type LngLat = [number, number];

/** Polygon rings: the first is the outer boundary, any further rings are holes. Closing point optional. */
export type PolygonRings = LngLat[][];

/** Tolerance (in degrees, ~1 cm) for treating a point as lying on a ring's edge. */
const BOUNDARY_EPSILON = 1e-7;

function isOnSegment(point: LngLat, a: LngLat, b: LngLat): boolean {
  const [px, py] = point;
  const [ax, ay] = a;
  const [bx, by] = b;
  const cross = (px - ax) * (by - ay) - (py - ay) * (bx - ax);
  const length = Math.hypot(bx - ax, by - ay);
  if (Math.abs(cross) > BOUNDARY_EPSILON * Math.max(length, 1)) return false;
  return (
    px >= Math.min(ax, bx) - BOUNDARY_EPSILON &&
    px <= Math.max(ax, bx) + BOUNDARY_EPSILON &&
    py >= Math.min(ay, by) - BOUNDARY_EPSILON &&
    py <= Math.max(ay, by) + BOUNDARY_EPSILON
  );
}

/** Where a point is relative to one ring: strictly inside, on its boundary, or outside. */
export function locatePointInRing(point: LngLat, ring: readonly LngLat[]): 'inside' | 'boundary' | 'outside' {
  const count = ring.length;
  if (count < 3) return 'outside';
  const [px, py] = point;
  let isInside = false;
  for (let i = 0; i < count; i += 1) {
    const a = ring[i];
    const b = ring[(i + count - 1) % count];
    if (!a || !b) continue;
    if (isOnSegment(point, a, b)) return 'boundary';
    const [ax, ay] = a;
    const [bx, by] = b;
    // Ray casting towards +x: count the edges that straddle the point's latitude to its right.
    if (ay > py !== by > py && px < ((bx - ax) * (py - ay)) / (by - ay) + ax) isInside = !isInside;
  }
  return isInside ? 'inside' : 'outside';
}

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

/**
 * SPEC §9: the zone selection falls back to the first zone when none matches — for choosing which zone a
 * city's view starts on (a stored zone id that no longer exists). Never used to accept a map point: a point
 * outside every zone is refused (SPEC §5).
 */
export function selectZone<Zone extends { _id: string }>(
  zones: readonly Zone[],
  zoneId: string | undefined,
): Zone | undefined {
  return zones.find((zone) => zone._id === zoneId) ?? zones[0];
}
