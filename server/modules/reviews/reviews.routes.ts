import { ErrorBodySchema } from '@core/contracts/common';
import { SuccessSchema } from '@core/contracts/identity';
import {
  HideReviewSchema,
  MyReviewSchema,
  OperatorReviewAnswerSchema,
  OperatorReviewListSchema,
  OperatorReviewQuerySchema,
  ReplyReviewSchema,
  ReviewInputSchema,
  ReviewListSchema,
  ReviewParamsSchema,
  ReviewQuerySchema,
  SavedReviewSchema,
  StoreParamsSchema,
} from '@core/contracts/reviews';
import { z } from '@core/contracts/z';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../http/auth';
import type { SupportService } from '../support/support.service';
import type { ReviewsService } from './reviews.service';

/** A review is at most 1,000 characters (2 bytes each in Cyrillic) with its fields: 16 KB is plenty. */
export const REVIEW_BODY_LIMIT_BYTES = 16 * 1024;

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  413: ErrorBodySchema,
  429: ErrorBodySchema,
};

const MineQuerySchema = ReviewQuerySchema.pick({ type: true, product: true });

/** Store reviews (ADR 045): SPEC §7 POST /api/store/{id}/rating, and the lists the pages read. */
export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (app, { reviews }) => {
  app.post(
    '/store/:id/rating',
    {
      config: { auth: 'user' },
      bodyLimit: REVIEW_BODY_LIMIT_BYTES,
      schema: {
        tags: ['reviews'],
        summary:
          "The customer's review of the shop (type 'store') or of a product of it (type 'product' with product): " +
          'only after a done order of it; saying it again edits it. 5 a minute, 30 a day per customer (429)',
        params: StoreParamsSchema,
        body: ReviewInputSchema,
        response: { 200: SavedReviewSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await reviews.saveReview(signedIn(request).user._id, request.params.id, request.body, request.ip)),
    }),
  );

  app.get(
    '/store/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: "A page of the shop's (or a product's) visible reviews, newest first, with the rating",
        params: StoreParamsSchema,
        querystring: ReviewQuerySchema,
        response: { 200: ReviewListSchema, ...errors },
      },
    },
    async (request) => reviews.listReviews(request.params.id, request.query),
  );

  app.get(
    '/store/:id/rating/mine',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['reviews'],
        summary: "Whether the customer may review the shop, and the customer's review of it",
        params: StoreParamsSchema,
        querystring: MineQuerySchema,
        response: { 200: MyReviewSchema, ...errors },
      },
    },
    async (request) => reviews.getOwnReview(signedIn(request).user._id, request.params.id, request.query),
  );

  app.post(
    '/store/:id/rating/dismiss',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['reviews'],
        summary: "The order page's 'Оцените магазин' is not asked again for this shop",
        params: StoreParamsSchema,
        response: { 200: SuccessSchema, ...errors },
      },
    },
    async (request) => {
      await reviews.dismissPrompt(signedIn(request).user._id, request.params.id);
      return { success: true as const };
    },
  );
};

/** The operator console's reviews: /api/operator/reviews (ADR 045). Operators only (403 before the input). */
export const operatorReviewsRoutes: FastifyPluginAsyncZod<{
  reviews: ReviewsService;
  support: Pick<SupportService, 'requireOperator'>;
}> = async (app, { reviews, support }) => {
  app.addHook('onRequest', async (request) => {
    await support.requireOperator(signedIn(request).user._id);
  });
  const config = { auth: 'user' } as const;
  const answer = { 200: OperatorReviewAnswerSchema, ...errors };

  app.get(
    '/operator/reviews',
    {
      config,
      schema: {
        tags: ['operator'],
        summary: "Reviews of the operator's shops, newest first",
        querystring: OperatorReviewQuerySchema,
        response: { 200: OperatorReviewListSchema, ...errors },
      },
    },
    async (request) => reviews.listForOperator(signedIn(request).user._id, request.query),
  );

  app.post(
    '/operator/reviews/:id/reply',
    {
      config,
      bodyLimit: REVIEW_BODY_LIMIT_BYTES,
      schema: {
        tags: ['operator'],
        summary: "The shop's public reply to a review (a new one replaces it)",
        params: ReviewParamsSchema,
        body: ReplyReviewSchema,
        response: answer,
      },
    },
    async (request) => ({
      success: true as const,
      review: await reviews.reply(signedIn(request).user._id, request.params.id, request.body.text),
    }),
  );

  app.post(
    '/operator/reviews/:id/hide',
    {
      config,
      bodyLimit: REVIEW_BODY_LIMIT_BYTES,
      schema: {
        tags: ['operator'],
        summary: 'Hides a review with a reason: it leaves the page and the rating',
        params: ReviewParamsSchema,
        body: HideReviewSchema,
        response: answer,
      },
    },
    async (request) => ({
      success: true as const,
      review: await reviews.hide(signedIn(request).user._id, request.params.id, request.body.reason),
    }),
  );

  app.post(
    '/operator/reviews/:id/show',
    {
      config,
      schema: {
        tags: ['operator'],
        summary: 'Shows a hidden review again: it counts in the rating again',
        params: ReviewParamsSchema,
        body: z.unknown().optional(),
        response: answer,
      },
    },
    async (request) => ({
      success: true as const,
      review: await reviews.show(signedIn(request).user._id, request.params.id),
    }),
  );
};
