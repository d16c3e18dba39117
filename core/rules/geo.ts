/**
 * Point-in-zone rules for delivery areas. Coordinates are GeoJSON order: [longitude, latitude].
 * Pure and dependency-free so the browser (map clicks) and the server (address checks, seed) agree.
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

/**
 * Whether the point lies in the polygon: inside the outer ring and not inside a hole. Points on any boundary
 * count as inside, like turf's booleanPointInPolygon without ignoreBoundary, so a customer clicking exactly on
 * a zone's border is still served.
 */
export function isPointInPolygon(point: LngLat, rings: readonly (readonly LngLat[])[]): boolean {
  const [outer, ...holes] = rings;
  if (!outer || locatePointInRing(point, outer) === 'outside') return false;
  return !holes.some((hole) => locatePointInRing(point, hole) === 'inside');
}

/** The first zone whose polygon contains the point, or undefined when the point is outside every zone. */
export function findZoneForPoint<Zone extends { id: string; polygon: readonly (readonly LngLat[])[] }>(
  point: LngLat,
  zones: readonly Zone[],
): Zone | undefined {
  return zones.find((zone) => isPointInPolygon(point, zone.polygon));
}
