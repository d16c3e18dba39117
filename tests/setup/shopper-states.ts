/**
 * The states real shoppers are in (HELPERS: guest with no area, guest with a delivery zone, guest with a
 * pickup point, signed in with a saved address), built from the seeded demo data through the real API, and
 * what each may see: the products in stock at a point of its area and the shops with a point in it, worked
 * out here with plain queries, independently of the catalogue's own SQL.
 */
import { SavedAddressSchema } from '@core/contracts/geo';
import { type AssortmentScope, DELIVERY_AREA_COOKIE, formatDeliveryArea } from '@core/rules/delivery-area';
import { findZoneForPoint } from '@core/rules/geo';
import { and, eq, gt, inArray } from 'drizzle-orm';
import { cities, deliveryZones, points, pointZones, stock } from '../../server/db/schema/index';
import type { TestApp } from './app';
import { type SignedInCustomer, signIn } from './identity';

export type ShopperStateName =
  | 'guest, no area'
  | 'guest, delivery zone'
  | 'guest, pickup point'
  | 'signed in';

export type ShopperState = {
  name: ShopperStateName;
  /** Cookies the browser sends in this state. */
  cookies: Record<string, string>;
  /** Headers of a state-changing call (the session's same-origin header), for signed-in calls. */
  headers: Record<string, string>;
  /**
   * Whose stock pages and the API show: the zone's points, the pickup point, or — before any address — the
   * default city's points (ADR 038: a fresh visitor shops in a city, not in whichever city has the most stock).
   */
  scope: AssortmentScope | undefined;
  customer?: SignedInCustomer;
};

/** The Cookie header of a state. */
export function cookieHeader(state: Pick<ShopperState, 'cookies'>): string {
  return Object.entries(state.cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}

/**
 * The four states over the demo data: the zone and the saved address are at Ярославль's centre (the zone
 * with the most shops), the pickup point is the city’s first pickup point by slug.
 */
export async function createShopperStates(t: TestApp, phone: string): Promise<ShopperState[]> {
  const [city] = await t.db.db.select().from(cities).where(eq(cities.slug, 'yaroslavl'));
  if (!city) throw new Error('the demo data has no Ярославль');
  const zones = await t.db.db.select().from(deliveryZones).where(eq(deliveryZones.cityId, city.id));
  const centre = { longitude: city.centerLongitude, latitude: city.centerLatitude };
  const zone = findZoneForPoint([centre.longitude, centre.latitude], zones);
  if (!zone) throw new Error('Ярославль’s centre lies in no zone');
  const [pickup] = await t.db.db
    .select({ id: points.id })
    .from(points)
    .where(and(eq(points.cityId, city.id), eq(points.isPickup, true)))
    .orderBy(points.slug)
    .limit(1);
  if (!pickup) throw new Error('the demo data has no pickup point');

  const customer = await signIn(t, phone, 'Матрица');
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/user/me/addresses',
    headers: customer.headers,
    payload: {
      address: 'г. Ярославль, ул. Свободы, 1',
      shortAddress: 'ул. Свободы, 1',
      deliveryArea: zone.id,
      city: city.id,
      coordinates: centre,
    },
  });
  if (saved.statusCode !== 200) throw new Error(`saving the address failed: ${saved.body}`);
  const address = SavedAddressSchema.parse(saved.json());

  const delivery = formatDeliveryArea({ mode: 'delivery', cityId: city.id, zoneId: zone.id, label: 'Центр' });
  return [
    // Ярославль is the default city: a guest without an address shops there.
    { name: 'guest, no area', cookies: {}, headers: {}, scope: { cityId: city.id } },
    {
      name: 'guest, delivery zone',
      cookies: { [DELIVERY_AREA_COOKIE]: delivery },
      headers: {},
      scope: { zoneId: zone.id },
    },
    {
      name: 'guest, pickup point',
      cookies: {
        [DELIVERY_AREA_COOKIE]: formatDeliveryArea({ mode: 'pickup', cityId: city.id, pointId: pickup.id }),
      },
      headers: {},
      scope: { pointId: pickup.id },
    },
    {
      name: 'signed in',
      // The browser writes the area cookie when the address is saved (ADR 012).
      cookies: {
        fresh_session: customer.token,
        [DELIVERY_AREA_COOKIE]: formatDeliveryArea({
          mode: 'delivery',
          cityId: address.city,
          zoneId: address.deliveryArea,
          label: address.shortAddress,
        }),
      },
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      scope: { zoneId: address.deliveryArea },
      customer,
    },
  ];
}

/** The points of a scope: the pickup point, every point serving the zone, the city's; undefined: every point. */
export async function pointsOf(
  t: TestApp,
  scope: AssortmentScope | undefined,
): Promise<string[] | undefined> {
  if (scope?.pointId) return [scope.pointId];
  if (scope?.cityId) {
    const rows = await t.db.db.select({ id: points.id }).from(points).where(eq(points.cityId, scope.cityId));
    return rows.map((row) => row.id);
  }
  if (scope?.zoneId) {
    const rows = await t.db.db
      .select({ id: pointZones.pointId })
      .from(pointZones)
      .where(eq(pointZones.zoneId, scope.zoneId));
    return rows.map((row) => row.id);
  }
  return undefined;
}

/** Ids of the products some point of the scope has in stock (all in-stock products without a scope). */
export async function productsInScope(t: TestApp, scope: AssortmentScope | undefined): Promise<Set<string>> {
  const pointIds = await pointsOf(t, scope);
  const rows = await t.db.db
    .selectDistinct({ id: stock.productId })
    .from(stock)
    .where(and(gt(stock.count, 0), pointIds ? inArray(stock.pointId, pointIds) : undefined));
  return new Set(rows.map((row) => row.id));
}

/** Ids of the shops with a point in the scope (every shop without one). */
export async function storesInScope(t: TestApp, scope: AssortmentScope | undefined): Promise<Set<string>> {
  const pointIds = await pointsOf(t, scope);
  const rows = await t.db.db
    .selectDistinct({ id: points.storeId })
    .from(points)
    .where(pointIds ? inArray(points.id, pointIds) : undefined);
  return new Set(rows.map((row) => row.id));
}
