/**
 * The root loader's reads (app/root.tsx's `loader`), apart from the route module so that features can name
 * its data's type (app/lib/root-data.ts) without importing the document and the shell that root.tsx renders.
 */
import { toMoscow } from '@core/rules/date';
import type { AppLoadContext } from 'react-router';
import { getOptionalUser } from './auth.server';
import { shopperLocation } from './location.server';
import { EMPTY_SETTINGS } from './root-defaults';
import { viewerBasket } from './viewer-basket.server';

/**
 * The shell's data: settings, who is signed in (`useOptionalUser`), their basket, badges and hearts. It
 * guards nothing: loaders run in parallel, so each page that needs a signed-in customer asks `requireUser`
 * itself (docs/decisions/031).
 */
export async function loadRootData(context: AppLoadContext) {
  const user = getOptionalUser(context);
  /** A read the shell can do without: its failure is logged and the page renders with `fallback`. */
  const orElse = <T, F>(read: Promise<T>, what: string, fallback: F): Promise<T | F> =>
    read.catch((error: unknown) => {
      context.log.error({ err: error }, `${what} failed to load`);
      return fallback;
    });
  // All at once: none depends on another.
  const [settings, basket, badges, favourites, isOperator, location] = await Promise.all([
    // SPEC §8: a settings failure is logged and the shell renders without the settings' links.
    orElse(context.services.content.getSiteSettings(), 'site settings', EMPTY_SETTINGS),
    // The signed-in basket is rendered with the page (counters and badge right at first paint) and is what
    // every basket control shows until an answer is newer (docs/decisions/043); a failure renders without
    // it and /basket says so.
    user ? orElse(viewerBasket(context, user._id), 'basket', null) : null,
    // The header's badges: active orders and unread notifications, only for a signed-in customer.
    user ? orElse(context.services.notifications.badges(user._id), 'header badges', null) : null,
    // The hearts and the favourites badge: the customer's favourite ids by type (SPEC §8: a failure is
    // ignored, the page renders with empty hearts).
    user ? orElse(context.services.favourites.listFavouriteKeys(user._id), 'favourites', null) : null,
    // An operator finds the support console in the cabinet menu (ADR 034); a failure only hides the link.
    user
      ? orElse(
          context.services.support.roleOf(user._id).then((role) => role === 'operator'),
          'role',
          false,
        )
      : false,
    // The shopper's city (their area's, or the one a visitor without an address shops in: ADR 038).
    shopperLocation(context),
  ]);
  return {
    // The cities without their zones' polygons (about 3 KB of every page's data): only the address popup
    // reads those, from GET /api/settings when it opens (app/features/delivery/city-zones.ts, ADR 044).
    settings: {
      ...settings,
      cities: settings.cities.map(({ delivery_areas: _zones, ...city }) => city),
    },
    sellerSiteUrl: context.sellerSiteUrl,
    user,
    isOperator,
    basket,
    badges,
    favourites,
    area: context.area ?? null,
    cityId: location.cityId ?? null,
    mapTileUrl: context.mapTileUrl,
    // The footer's copyright year, from the server's clock: the browser then builds no date format just to
    // hydrate a page that shows no date (ADR 044).
    year: toMoscow(new Date()).year,
    // The live socket's first catch-up starts at the time this page was rendered (ADR 033).
    socketSince: user ? new Date().toISOString() : null,
  };
}
