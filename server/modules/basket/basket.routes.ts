import {
  BasketChangeSchema,
  BasketChoiceSchema,
  BasketLineQuerySchema,
  BasketPointParamsSchema,
  BasketPreviewSchema,
  BasketSchema,
  BasketUploadSchema,
  ReplacementOptionsSchema,
} from '@core/contracts/basket';
import { ErrorBodySchema } from '@core/contracts/common';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedIn } from '../../http/auth';
import type { BasketService } from './basket.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
/** A line's choice also answers 409 when the line has left the basket meanwhile. */
const lineErrors = { ...errors, 409: ErrorBodySchema };

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

    // Issue 27 (ADR 055): a route of its own, so PATCH's contract (SPEC §7) stays as it is. Like every basket
    // route: the customer first (a guest gets 401 before the body is read), the app's body limit.
    mine.put(
      '/user/me/basket/choice',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['basket'],
          summary:
            'Sets a line’s choice for a missing item (null: the checkout’s) and, with similar, its replacement',
          body: BasketChoiceSchema,
          response: { 200: BasketSchema, ...lineErrors, 429: ErrorBodySchema },
        },
      },
      async (request) =>
        basket.chooseOnMissing(
          signedIn(request).user._id,
          {
            pointId: request.body.point,
            productId: request.body.product,
            onMissing: request.body.on_missing,
            replacementId: request.body.replacement ?? null,
          },
          request.ip,
        ),
    );

    mine.get(
      '/user/me/basket/replacements',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['basket'],
          summary: 'The similar products the line’s point has, one of which may be its replacement',
          querystring: BasketLineQuerySchema,
          response: { 200: ReplacementOptionsSchema, ...lineErrors, 429: ErrorBodySchema },
        },
      },
      async (request) =>
        basket.listReplacements(
          signedIn(request).user._id,
          { pointId: request.query.point, productId: request.query.product },
          request.ip,
        ),
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
