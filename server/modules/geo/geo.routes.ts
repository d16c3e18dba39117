import { ErrorBodySchema } from '@core/contracts/common';
import {
  AddressListSchema,
  GeocodedAddressSchema,
  PlaceListSchema,
  PlaceQuerySchema,
  ReverseQuerySchema,
  SaveAddressSchema,
  SavedAddressSchema,
} from '@core/contracts/geo';
import { z } from '@core/contracts/z';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getViewer, signedIn } from '../../http/auth';
import { type VisitorPlace, visitorPlaceOf } from '../../http/visitor-place';
import type { GeoService } from './geo.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };
const IdParams = z.object({ id: z.uuid('Адрес не найден') });

export type GeoRoutesOptions = {
  geo: GeoService;
  /** IP_LOCATION_HEADERS: where the proxy says the client is (null: not known). */
  ipLocationHeaders?: readonly [string, string] | null;
};

export const geoRoutes: FastifyPluginAsyncZod<GeoRoutesOptions> = async (app, { geo, ipLocationHeaders }) => {
  const placeOf = (request: Parameters<typeof visitorPlaceOf>[0]): VisitorPlace =>
    visitorPlaceOf(request, ipLocationHeaders ?? null);

  app.get(
    '/geo/search',
    {
      schema: {
        tags: ['geo'],
        summary:
          'Places for a typed address (forward geocoding) in a city — the given one, else the visitor’s — each with the delivery zone it lies in, or null; at most 60 a minute per client address',
        querystring: PlaceQuerySchema,
        response: { 200: PlaceListSchema, 429: ErrorBodySchema, ...errors },
      },
    },
    async (request) => {
      const cityId = request.query.city ?? (await geo.cityFor(placeOf(request)));
      const viewer = await getViewer(request);
      return geo.searchPlaces(request.query.q, cityId ?? '', { ip: request.ip, userId: viewer?.user._id });
    },
  );

  app.get(
    '/geo/reverse',
    {
      schema: {
        tags: ['geo'],
        summary: 'The address at a map point (reverse geocoding)',
        querystring: ReverseQuerySchema,
        response: { 200: GeocodedAddressSchema, ...errors },
      },
    },
    async (request) => geo.reverse([request.query.lng, request.query.lat]),
  );

  app.get(
    '/user/me/addresses',
    { config: { auth: 'user' }, schema: { tags: ['geo'], response: { 200: AddressListSchema, ...errors } } },
    async (request) => geo.listAddresses(signedIn(request).user._id),
  );

  app.post(
    '/user/me/addresses',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['geo'],
        summary:
          'Save a delivery address (SPEC §7); without coordinates the address is found by the geocoder (not found → 400); outside every zone → 400',
        body: SaveAddressSchema,
        response: { 200: SavedAddressSchema, 429: ErrorBodySchema, ...errors },
      },
    },
    async (request) => geo.saveAddress(signedIn(request).user._id, request.body, { ip: request.ip }),
  );

  app.put(
    '/user/me/addresses/:id/default',
    {
      config: { auth: 'user' },
      schema: { tags: ['geo'], params: IdParams, response: { 200: AddressListSchema, ...errors } },
    },
    async (request) => geo.makeDefault(signedIn(request).user._id, request.params.id),
  );

  app.delete(
    '/user/me/addresses/:id',
    {
      config: { auth: 'user' },
      schema: { tags: ['geo'], params: IdParams, response: { 200: AddressListSchema, ...errors } },
    },
    async (request) => geo.deleteAddress(signedIn(request).user._id, request.params.id),
  );
};
