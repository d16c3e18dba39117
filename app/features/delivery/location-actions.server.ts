/**
 * The location page's action (ADR 038): a city, a typed address, or a pickup point chosen with a plain form,
 * written to the area cookie by the server (the popups write it in the browser), then back to the page the
 * shopper came from (post, redirect, get). A signed-in customer's address is also saved to their account,
 * as the popup's 'Сохранить' does. The same services and contracts as the API.
 */
import {
  addressNotFoundMessage,
  type LocationFormSchema,
  OUTSIDE_ZONES_MESSAGE,
  PICKUP_POINT_MESSAGE,
  type Place,
} from '@core/contracts/geo';
import type { z } from '@core/contracts/z';
import { parseTypedAddress } from '@core/rules/address-text';
import { deliveryAreaCookie, formatCityChoice, formatDeliveryArea } from '@core/rules/delivery-area';
import { flashCookie } from '@core/rules/guards';
import { AppError } from '@server/errors';
import type { LoadContext } from '@server/services';
import { redirect } from 'react-router';
import { safeRedirectPath } from '~/lib/safe-redirect';

export type LocationPost = z.output<typeof LocationFormSchema>;

export const CHOOSE_HOUSE_MESSAGE = 'Уточните адрес: выберите дом из списка';
const UNKNOWN_CITY = 'Выберите город из списка';

/** The typed address matched several houses (or none exactly): the page lists them to choose from. */
export type LocationChoice = { ok: true; intent: 'choose'; message: string; places: Place[] };

type Context = Pick<LoadContext, 'services' | 'viewer' | 'clientIp' | 'area'>;

function goBack(
  request: Request,
  back: string | undefined,
  cookie: string | null,
  flash?: 'address-saved' | 'pickup-chosen',
) {
  const headers = new Headers();
  if (cookie !== null)
    headers.append('Set-Cookie', deliveryAreaCookie(cookie, new URL(request.url).protocol === 'https:'));
  if (flash) headers.append('Set-Cookie', flashCookie(flash));
  return redirect(safeRedirectPath(back), { headers });
}

/** The place a typed address names: the one with the house typed, else the choice goes back to the page. */
function exactPlace(
  typed: string,
  places: readonly Place[],
  cityNames: readonly string[],
): Place | undefined {
  const house = parseTypedAddress(typed, cityNames).house;
  const [first] = places;
  if (!first || house === undefined) return undefined;
  const firstHouse = first.short.slice(first.short.lastIndexOf(', ') + 2).toLowerCase();
  return firstHouse === house ? first : undefined;
}

/** Runs one location post (LocationFormSchema, ADR 042): the area cookie written, then back to the page. */
export async function runLocationIntent(
  context: Context,
  request: Request,
  input: LocationPost,
): Promise<Response | LocationChoice> {
  const { geo, catalog } = context.services;

  if (input.intent === 'pickup') {
    const [point] = await catalog.listPoints([input.point]);
    if (!point?.is_pickup)
      throw new AppError('bad_request', PICKUP_POINT_MESSAGE, { fields: { point: PICKUP_POINT_MESSAGE } });
    const value = formatDeliveryArea({
      mode: 'pickup',
      cityId: point.city,
      pointId: point._id,
      label: `${point.store.name}, ${point.address}`,
    });
    return goBack(request, input.back, value, 'pickup-chosen');
  }

  const cityId = input.city;
  const cities = await geo.listCities();
  if (!cities.some((city) => city._id === cityId))
    throw new AppError('bad_request', UNKNOWN_CITY, { fields: { city: UNKNOWN_CITY } });

  if (input.intent === 'city') {
    // The address or pickup point of this city stays; another city's gives way to the city alone.
    const keeps = context.area?.cityId === cityId;
    return goBack(request, input.back, keeps ? null : formatCityChoice(cityId));
  }

  const q = input.address;
  const user = context.viewer.user;
  const places = await geo.searchPlaces(q, cityId, { ip: context.clientIp, userId: user?._id });
  if (places.length === 0) {
    // The API's words for an address it cannot find (POST /api/user/me/addresses without a point).
    const message = addressNotFoundMessage(q);
    throw new AppError('bad_request', message, { fields: { address: message } });
  }
  const place = exactPlace(
    q,
    places,
    cities.map((city) => city.name),
  );
  if (!place) return { ok: true, intent: 'choose', message: CHOOSE_HOUSE_MESSAGE, places };
  if (!place.deliveryArea)
    throw new AppError('bad_request', OUTSIDE_ZONES_MESSAGE, { fields: { address: OUTSIDE_ZONES_MESSAGE } });
  let zoneId = place.deliveryArea;
  if (user) {
    const saved = await geo.saveAddress(
      user._id,
      {
        address: place.address,
        shortAddress: place.short,
        deliveryArea: place.deliveryArea,
        city: cityId,
        coordinates: place.coordinates,
      },
      { ip: context.clientIp },
    );
    zoneId = saved.deliveryArea;
  }
  const value = formatDeliveryArea({ mode: 'delivery', cityId, zoneId, label: place.short });
  return goBack(request, input.back, value, 'address-saved');
}
