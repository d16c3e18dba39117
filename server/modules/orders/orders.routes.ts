import { BasketSchema } from '@core/contracts/basket';
import { ErrorBodySchema } from '@core/contracts/common';
import {
  AnswerReplacementSchema,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeySchema,
  OrderListSchema,
  OrderSchema,
  OrderSlugParamsSchema,
  PlacedOrdersSchema,
  PlaceOrdersSchema,
  SlotListSchema,
} from '@core/contracts/orders';
import { z } from '@core/contracts/z';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { signedIn } from '../../http/auth';
import type { OrdersService } from './orders.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  422: ErrorBodySchema,
};

export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  app.post(
    '/orders',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['orders'],
        summary:
          'Place one order per point; needs an Idempotency-Key header (≤255 characters): the same key and body ' +
          'answer the stored result, another body 422, a request while the first runs 409',
        headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: z.line().optional() }),
        body: PlaceOrdersSchema,
        response: { 200: PlacedOrdersSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const key = IdempotencyKeySchema.safeParse(request.headers[IDEMPOTENCY_KEY_HEADER]);
      if (!key.success) throw new AppError('bad_request', key.error.issues[0]?.message);
      const stored = await orders.placeOrders(user._id, key.data, request.body);
      return reply.status(stored.status).send(stored.body);
    },
  );

  app.get(
    '/orders',
    { config: { auth: 'user' }, schema: { tags: ['orders'], response: { 200: OrderListSchema, ...errors } } },
    async (request) => orders.listOrders(signedIn(request).user._id),
  );

  app.get(
    '/orders/:slug',
    {
      config: { auth: 'user' },
      schema: { tags: ['orders'], params: OrderSlugParamsSchema, response: { 200: OrderSchema, ...errors } },
    },
    async (request) => orders.getOrder(signedIn(request).user._id, Number(request.params.slug)),
  );

  app.post(
    '/orders/:slug/cancel',
    {
      config: { auth: 'user' },
      schema: { tags: ['orders'], params: OrderSlugParamsSchema, response: { 200: OrderSchema, ...errors } },
    },
    async (request) => orders.cancelOrder(signedIn(request).user._id, Number(request.params.slug)),
  );

  app.post(
    '/orders/:slug/repeat',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['orders'],
        summary: "The order's items back into the basket, capped at today's stock",
        params: OrderSlugParamsSchema,
        response: { 200: BasketSchema, ...errors },
      },
    },
    async (request) => orders.repeatOrder(signedIn(request).user._id, Number(request.params.slug)),
  );

  app.post(
    '/orders/:slug/replacements/:product',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['orders'],
        summary:
          "Accepts or rejects a replacement offered at assembly (ADR 055), within the shop's time; past it, 409 " +
          "and the line's choice answers",
        params: OrderSlugParamsSchema.extend({ product: z.uuid('Такого товара в заказе нет') }),
        body: AnswerReplacementSchema,
        response: { 200: OrderSchema, ...errors, 429: ErrorBodySchema },
      },
    },
    async (request) =>
      orders.answerReplacement(
        signedIn(request).user._id,
        Number(request.params.slug),
        request.params.product,
        request.body.answer,
        request.ip,
      ),
  );

  app.get(
    '/points/:id/slots',
    {
      schema: {
        tags: ['orders'],
        params: z.object({ id: z.uuid('Точка продаж не найдена') }),
        response: { 200: SlotListSchema, ...errors },
      },
    },
    async (request) => orders.listSlots(request.params.id),
  );
};
