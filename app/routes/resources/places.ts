import { type Place, PlaceQuerySchema } from '@core/contracts/geo';
import { isAppError } from '@server/errors';
import { data } from 'react-router';
import type { Route } from './+types/places';

/** What the address popup's suggestions get: the query it asked for, so a late answer is told from a fresh one. */
export type PlaceSuggestions = {
  q: string;
  places: Place[];
  /** Why there are none, in Russian: a query the contract refuses, too many, or the geocoder failing. */
  problem?: string;
};

const GEOCODER_UNAVAILABLE = 'Поиск адреса временно недоступен — отметьте дом на карте';

/**
 * GET /resources/places?q=…&city=…: the address popup's suggestions as it is typed into (ADR 038). The same
 * service call as GET /api/geo/search, with its limit per client address and customer. A widget's answer is
 * data, never a page: bad input, too many requests and a failing geocoder come back as data with their status.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const raw = params.get('q') ?? '';
  const parsed = PlaceQuerySchema.safeParse({ q: raw, city: params.get('city') || undefined });
  if (!parsed.success) {
    const problem = parsed.error.issues[0]?.message ?? 'Неверный запрос';
    return data<PlaceSuggestions>({ q: raw, places: [], problem }, { status: 400 });
  }
  const { q, city } = parsed.data;
  try {
    const { geo } = context.services;
    const cityId = city ?? (await geo.cityFor(context.visitorPlace ?? {})) ?? '';
    const places = await geo.searchPlaces(q, cityId, {
      ip: context.clientIp,
      userId: context.viewer.user?._id,
    });
    return data<PlaceSuggestions>({ q, places });
  } catch (error) {
    if (isAppError(error) && error.status < 500) {
      const headers: HeadersInit = error.retryAfterS ? { 'Retry-After': String(error.retryAfterS) } : {};
      return data<PlaceSuggestions>(
        { q, places: [], problem: error.message },
        { status: error.status, headers },
      );
    }
    context.log.error({ err: error, q }, 'address suggestions failed');
    return data<PlaceSuggestions>({ q, places: [], problem: GEOCODER_UNAVAILABLE }, { status: 503 });
  }
}
