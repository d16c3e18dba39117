/**
 * The customer's delivery area as the server sees it: a cookie, so the first server render already shows
 * the assortment of their zone or pickup point (DESIGN.md §3). Session storage keeps the spec's own copy.
 */
export const DELIVERY_AREA_COOKIE = 'fresh_area';

/** A year: the area is a preference, not a secret. */
export const DELIVERY_AREA_MAX_AGE_S = 365 * 24 * 60 * 60;

/** `label` is what the header shows: the short delivery address, or the pickup point. */
export type DeliveryArea =
  | { mode: 'delivery'; cityId: string; zoneId: string; label?: string }
  | { mode: 'pickup'; cityId: string; pointId: string; label?: string };

/** Longer labels are cut: the header shows one line. */
export const AREA_LABEL_MAX_LENGTH = 120;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const COOKIE_PATTERN = new RegExp(`^([dp])\\.(${UUID})\\.(${UUID})(?:\\.([A-Za-z0-9_-]{1,640}))?$`, 'i');
const CITY_PATTERN = new RegExp(`^c\\.(${UUID})$`, 'i');
const AREA_CITY_PATTERN = new RegExp(`^[dp]\\.(${UUID})\\.`, 'i');

function encodeLabel(label: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(label.slice(0, AREA_LABEL_MAX_LENGTH)))
    binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replaceAll('=', '');
}

function decodeLabel(encoded: string | undefined): string | undefined {
  // Stryker disable next-line ConditionalExpression: an empty label decodes to '' and is dropped below anyway
  if (!encoded) return undefined;
  let label: string;
  try {
    const binary = atob(encoded.replaceAll('-', '+').replaceAll('_', '/'));
    label = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (char) => char.charCodeAt(0)),
    );
  } catch {
    return undefined;
  }
  return label.slice(0, AREA_LABEL_MAX_LENGTH) || undefined;
}

/**
 * `d.<city>.<zone>[.<label>]` or `p.<city>.<point>[.<label>]`, the label base64url-encoded: nothing in the
 * value needs escaping in a cookie.
 */
export function formatDeliveryArea(area: DeliveryArea): string {
  const ids =
    area.mode === 'delivery' ? `d.${area.cityId}.${area.zoneId}` : `p.${area.cityId}.${area.pointId}`;
  return area.label ? `${ids}.${encodeLabel(area.label)}` : ids;
}

/** The area a cookie names, or undefined for anything else (a missing, stale or forged value). */
export function parseDeliveryArea(value: string | undefined): DeliveryArea | undefined {
  const match = value ? COOKIE_PATTERN.exec(value) : null;
  if (!match) return undefined;
  // Stryker disable next-line StringLiteral: both groups are required by the pattern; the defaults are for the type checker
  const [, mode, cityId = '', id = '', encoded] = match;
  const label = decodeLabel(encoded);
  const area: DeliveryArea =
    mode === 'd' ? { mode: 'delivery', cityId, zoneId: id } : { mode: 'pickup', cityId, pointId: id };
  return label ? { ...area, label } : area;
}

/**
 * A city chosen without an address (issue 21: location first): the same cookie as `c.<city>`, so the page
 * cache, which keys guests' pages by this cookie, keeps a city's pages apart with no change. It is no
 * delivery area: `parseDeliveryArea` reads it as none.
 */
export function formatCityChoice(cityId: string): string {
  return `c.${cityId}`;
}

/**
 * The Set-Cookie (or document.cookie) text of the area cookie: a value for a year, or null to forget it. The
 * browser's popups and the form without JavaScript (ADR 038) write the same cookie.
 */
export function deliveryAreaCookie(value: string | null, isSecure: boolean): string {
  const secure = isSecure ? '; Secure' : '';
  return value
    ? `${DELIVERY_AREA_COOKIE}=${value}; Path=/; Max-Age=${DELIVERY_AREA_MAX_AGE_S}; SameSite=Lax${secure}`
    : `${DELIVERY_AREA_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

/** The city a cookie names: a chosen city (`c.<city>`), or the city of a delivery or pickup area. */
export function parseCityChoice(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return (CITY_PATTERN.exec(value) ?? AREA_CITY_PATTERN.exec(value))?.[1]?.toLowerCase();
}

/**
 * Whose stock counts: the points serving a delivery zone, one pickup point, or — before any address — the
 * points of one city (ADR 038). Without a scope every point counts (the API for clients without a cookie).
 */
export type AssortmentScope = { zoneId?: string; pointId?: string; cityId?: string };

/**
 * Whose stock counts for this area: the points serving its zone, or its pickup point; with no area, the
 * points of the visitor's city when one is known.
 */
export function scopeOf(
  area: DeliveryArea | undefined,
  cityId?: string | undefined,
): AssortmentScope | undefined {
  if (area) return area.mode === 'delivery' ? { zoneId: area.zoneId } : { pointId: area.pointId };
  return cityId ? { cityId } : undefined;
}
