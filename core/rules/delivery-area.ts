/**
 * The customer's delivery area as the server sees it: a cookie, so the first server render already shows
 * the assortment of their zone or pickup point (DESIGN.md §3). Session storage keeps the spec's own copy.
 */
export const DELIVERY_AREA_COOKIE = 'fresh_area';

/** A year: the area is a preference, not a secret. */
export const DELIVERY_AREA_MAX_AGE_S = 365 * 24 * 60 * 60;

export type DeliveryArea =
  | { mode: 'delivery'; cityId: string; zoneId: string }
  | { mode: 'pickup'; cityId: string; pointId: string };

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const COOKIE_PATTERN = new RegExp(`^([dp])\\.(${UUID})\\.(${UUID})$`, 'i');

/** `d.<city>.<zone>` or `p.<city>.<point>`: short, and nothing in it needs escaping. */
export function formatDeliveryArea(area: DeliveryArea): string {
  return area.mode === 'delivery' ? `d.${area.cityId}.${area.zoneId}` : `p.${area.cityId}.${area.pointId}`;
}

/** The area a cookie names, or undefined for anything else (a missing, stale or forged value). */
export function parseDeliveryArea(value: string | undefined): DeliveryArea | undefined {
  const match = value ? COOKIE_PATTERN.exec(value) : null;
  if (!match) return undefined;
  const [, mode, cityId = '', id = ''] = match;
  return mode === 'd' ? { mode: 'delivery', cityId, zoneId: id } : { mode: 'pickup', cityId, pointId: id };
}

/** Whose stock counts for this area: the points serving its zone, or its pickup point. */
export function scopeOf(area: DeliveryArea | undefined): { zoneId?: string; pointId?: string } | undefined {
  if (!area) return undefined;
  return area.mode === 'delivery' ? { zoneId: area.zoneId } : { pointId: area.pointId };
}
