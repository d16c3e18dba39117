import { ErrorBodySchema } from '@core/contracts/common';
import {
  FavouriteCountSchema,
  FavouriteListQuerySchema,
  FavouriteListSchema,
  FavouriteSetSchema,
  SetAddProductSchema,
  SetDeletedSchema,
  SetParamsSchema,
  SetProductCountSchema,
  SetRemoveProductSchema,
  SetTitleInputSchema,
  SetToBasketResultSchema,
  ToggleQuerySchema,
  ToggleResultSchema,
} from '@core/contracts/favourites';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scopeOfRequest } from '../../http/area';
import { signedIn } from '../../http/auth';
import type { FavouritesService } from './favourites.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const tags = ['favourites'];
const SETS = '/user/me/favorites/categories';

/**
 * SPEC §7: favourites and sets, every call the signed-in customer's own. Products in answers carry their
 * offer in the shopper's delivery area (the area cookie), as the catalogue's do.
 */
export const favouritesRoutes: FastifyPluginAsyncZod<{ favourites: FavouritesService }> = async (
  app,
  { favourites },
) => {
  const userId = (request: Parameters<typeof signedIn>[0]) => signedIn(request).user._id;

  app.get(
    '/user/me/favorites/toggle',
    {
      // A GET in the spec that changes state: it needs the same-origin header of a cookie session like any
      // change, is never cached (the auth hook's no-store), and has no HEAD twin that could toggle unseen.
      config: { auth: 'user', isStateChanging: true },
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'Adds the item to favourites, or removes it when it is one; answers the new state and count',
        querystring: ToggleQuerySchema,
        response: { 200: ToggleResultSchema, ...errors },
      },
    },
    async (request) => favourites.toggleFavourite(userId(request), request.query),
  );

  app.get(
    '/user/me/favorites/count',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'How many favourites of every type (the header badge)',
        response: { 200: FavouriteCountSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      result: await favourites.countFavourites(userId(request)),
    }),
  );

  app.get(
    '/user/me/favorites',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Favourites of a type (product, store, article), or the sets (category)',
        querystring: FavouriteListQuerySchema,
        response: { 200: FavouriteListSchema, ...errors },
      },
    },
    async (request) =>
      favourites.listFavourites(userId(request), request.query.type, await scopeOfRequest(request)),
  );

  app.post(
    SETS,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Creates a set (at most 50)',
        body: SetTitleInputSchema,
        response: { 200: FavouriteSetSchema, ...errors },
      },
    },
    async (request) => favourites.createSet(userId(request), request.body.title),
  );

  app.put(
    `${SETS}/:id`,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Renames a set',
        params: SetParamsSchema,
        body: SetTitleInputSchema,
        response: { 200: FavouriteSetSchema, ...errors },
      },
    },
    async (request) =>
      favourites.renameSet(
        userId(request),
        request.params.id,
        request.body.title,
        await scopeOfRequest(request),
      ),
  );

  app.delete(
    `${SETS}/:id`,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Deletes a set',
        params: SetParamsSchema,
        response: { 200: SetDeletedSchema, ...errors },
      },
    },
    async (request) => {
      await favourites.deleteSet(userId(request), request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    `${SETS}/:id`,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Adds a product to a set; one already there merges (counts add up to at most 100)',
        params: SetParamsSchema,
        body: SetAddProductSchema,
        response: { 200: FavouriteSetSchema, ...errors },
      },
    },
    async (request) =>
      favourites.addToSet(userId(request), request.params.id, request.body, await scopeOfRequest(request)),
  );

  app.delete(
    `${SETS}/:id/product`,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Removes a product from a set',
        params: SetParamsSchema,
        body: SetRemoveProductSchema,
        response: { 200: FavouriteSetSchema, ...errors },
      },
    },
    async (request) =>
      favourites.removeFromSet(
        userId(request),
        request.params.id,
        request.body.product,
        await scopeOfRequest(request),
      ),
  );

  app.put(
    `${SETS}/:id/product`,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Sets how many of a product the set holds (1–100)',
        params: SetParamsSchema,
        body: SetProductCountSchema,
        response: { 200: FavouriteSetSchema, ...errors },
      },
    },
    async (request) =>
      favourites.setCount(userId(request), request.params.id, request.body, await scopeOfRequest(request)),
  );

  app.delete(
    `${SETS}/:id/clear`,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Removes every product from a set',
        params: SetParamsSchema,
        response: { 200: FavouriteSetSchema, ...errors },
      },
    },
    async (request) => favourites.clearSet(userId(request), request.params.id, await scopeOfRequest(request)),
  );

  app.post(
    `${SETS}/:id/basket`,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary:
          'Puts every line into the basket at its in-area offer, capped at stock; tells what could not be added',
        params: SetParamsSchema,
        response: { 200: SetToBasketResultSchema, ...errors },
      },
    },
    async (request) =>
      favourites.addSetToBasket(userId(request), request.params.id, await scopeOfRequest(request)),
  );
};
