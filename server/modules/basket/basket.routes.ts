import {
  BasketChangeSchema,
  BasketPointParamsSchema,
  BasketPreviewSchema,
  BasketSchema,
  BasketUploadSchema,
} from '@core/contracts/basket';
import { ErrorBodySchema } from '@core/contracts/common';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedIn } from '../../http/auth';
import type { BasketService } from './basket.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** SPEC §7: the signed-in basket, and the preview the guest basket page shows itself with. */
export const basketRoutes: FastifyPluginAsyncZod<{ basket: BasketService }> = async (app, { basket }) => {
  await app.register(async (plugin) => {
    const mine = plugin.withTypeProvider<ZodTypeProvider>();

    mine.get(
      '/user/me/basket',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['basket'],
          summary: 'The basket: point id → lines',
          response: { 200: BasketSchema, ...errors },
        },
      },
      async (request) => basket.getBasket(signedIn(request).user._id),
    );

    mine.patch(
      '/user/me/basket',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['basket'],
          summary: 'Sets (quantity) or steps (delta) a line, capped at the point’s stock; 0 removes it',
          body: BasketChangeSchema,
          response: { 200: BasketSchema, ...errors },
        },
      },
      async (request) => basket.changeItem(signedIn(request).user._id, request.body),
    );

    mine.delete(
      '/user/me/basket/:pointId',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['basket'],
          summary: 'Removes a point’s whole group',
          params: BasketPointParamsSchema,
          response: { 200: BasketSchema, ...errors },
        },
      },
      async (request) => basket.removePoint(signedIn(request).user._id, request.params.pointId),
    );

    mine.put(
      '/user/me/basket/points',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['basket'],
          summary: 'Merges a guest basket in: nothing lost, the larger quantity wins, capped at stock',
          body: BasketUploadSchema,
          response: { 200: BasketSchema, ...errors },
        },
      },
      async (request) => basket.mergeBasket(signedIn(request).user._id, request.body.data),
    );
  });

  app.post(
    '/basket/preview',
    {
      schema: {
        tags: ['basket'],
        summary: 'A guest basket with today’s prices and stock (nothing is stored)',
        body: BasketPreviewSchema,
        response: { 200: BasketSchema, 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return basket.previewBasket(request.body.data);
    },
  );
};
