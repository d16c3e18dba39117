import { ErrorBodySchema } from '@core/contracts/common';
import {
  AddressListSchema,
  GeocodedAddressSchema,
  ReverseQuerySchema,
  SaveAddressSchema,
  SavedAddressSchema,
} from '@core/contracts/geo';
import { z } from '@core/contracts/z';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../http/auth';
import type { GeoService } from './geo.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };
const IdParams = z.object({ id: z.uuid('Адрес не найден') });

export const geoRoutes: FastifyPluginAsyncZod<{ geo: GeoService }> = async (app, { geo }) => {
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
        summary: 'Save a delivery address (SPEC §7); outside every zone → 400',
        body: SaveAddressSchema,
        response: { 200: SavedAddressSchema, ...errors },
      },
    },
    async (request) => geo.saveAddress(signedIn(request).user._id, request.body),
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
