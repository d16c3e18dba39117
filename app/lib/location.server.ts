/**
 * Where the shopper is, for loaders (ADR 038, location first): their delivery area (its zone or pickup
 * point), or — before any address — their city: the one they chose, else the nearest to their IP's place, else
 * the default city. Whose stock a page shows follows from it (`scope`), so a fresh visitor is never offered a
 * point in another city.
 */
import { type AssortmentScope, scopeOf } from '@core/rules/delivery-area';
import type { LoadContext } from '@server/services';

export type ShopperLocation = {
  /** Whose stock counts: the zone's points, the pickup point, or the city's points. */
  scope: AssortmentScope | undefined;
  /** The shopper's city: their area's, or the one worked out for a visitor without an address. */
  cityId: string | undefined;
  /** True while the visitor has chosen no address or pickup point (the city stands in for it). */
  isCityOnly: boolean;
};

export async function shopperLocation(
  context: Pick<LoadContext, 'area' | 'visitorPlace' | 'services' | 'log'>,
): Promise<ShopperLocation> {
  if (context.area) return { scope: scopeOf(context.area), cityId: context.area.cityId, isCityOnly: false };
  const cityId = await context.services.geo.cityFor(context.visitorPlace ?? {}).catch((error: unknown) => {
    // Without the cities the page still renders, with every point's stock (as before ADR 038).
    context.log.warn({ err: error }, 'the visitor’s city could not be worked out');
    return undefined;
  });
  return { scope: scopeOf(undefined, cityId), cityId, isCityOnly: true };
}
