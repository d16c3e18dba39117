import { ErrorBodySchema } from '@core/contracts/common';
import { SuccessSchema } from '@core/contracts/identity';
import { IDEMPOTENCY_KEY_HEADER } from '@core/contracts/orders';
import {
  AssemblySchema,
  ChatHistorySchema,
  ChatPostKeySchema,
  ConversationDetailSchema,
  ConversationListSchema,
  ConversationParamsSchema,
  ConversationQuerySchema,
  ConversationSummarySchema,
  HistoryQuerySchema,
  MovedOrderSchema,
  MoveOrderSchema,
  OrderBoardSchema,
  OrderNumberParamsSchema,
  ReplacementMinutesSchema,
  ReplacementMinutesSetSchema,
  SendMessageSchema,
  SentMessageSchema,
  StoreParamsSchema,
  SubstitutedOrderSchema,
  SubstituteLineSchema,
  WeighedOrderSchema,
  WeighLineSchema,
} from '@core/contracts/support';
import { z } from '@core/contracts/z';
import { REPLACEMENT_MINUTES_MAX, REPLACEMENT_MINUTES_MIN } from '@core/rules/substitution';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../http/auth';
import { ASSEMBLY_ACTIONS_PER_ADDRESS_MINUTE, ASSEMBLY_ACTIONS_PER_MINUTE } from './assembly-rates';
import type { PostOrigin, SupportService } from './support.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

/** A chat post's errors: those, a reused key (422), a rate used up (429). */
const postErrors = { ...errors, 422: ErrorBodySchema, 429: ErrorBodySchema };

/** An assembly action's errors: those, and a rate used up (429 with Retry-After). */
const assemblyErrors = { ...errors, 429: ErrorBodySchema };
const ASSEMBLY_RATES_SUMMARY =
  `At most ${ASSEMBLY_ACTIONS_PER_MINUTE} assembly actions (weighings, substitutions, reply times) a ` +
  `minute per operator, ${ASSEMBLY_ACTIONS_PER_ADDRESS_MINUTE} per address: 429 with Retry-After`;

/** The Idempotency-Key header a chat post may carry (the same key and message: the stored answer again). */
const postHeaders = z.object({ [IDEMPOTENCY_KEY_HEADER]: ChatPostKeySchema });

const originOf = (request: { ip: string; headers: z.infer<typeof postHeaders> }): PostOrigin => ({
  ip: request.ip,
  idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER],
});

/** The customer's support chat: /api/chat (issue 15). */
export const chatRoutes: FastifyPluginAsyncZod<{ support: SupportService }> = async (app, { support }) => {
  app.get(
    '/chat',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['chat'],
        summary: "The customer's support chat: a page of messages, oldest first; next_before pages back",
        querystring: HistoryQuerySchema,
        response: { 200: ChatHistorySchema, ...errors },
      },
    },
    async (request) => support.getChat(signedIn(request).user._id, request.query),
  );

  app.post(
    '/chat/messages',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['chat'],
        summary:
          'Sends text and/or an image (an id from POST /api/file/upload), optionally about an order. With an ' +
          'Idempotency-Key header (≤255 characters) a repeat answers the stored message (another message under ' +
          'the key: 422). At most 20 a minute per customer (429 with Retry-After)',
        headers: postHeaders,
        body: SendMessageSchema,
        response: { 200: SentMessageSchema, ...postErrors },
      },
    },
    async (request) => ({
      success: true as const,
      message: await support.sendAsCustomer(signedIn(request).user._id, request.body, originOf(request)),
    }),
  );

  app.post(
    '/chat/read',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['chat'],
        summary: "Marks the operators' messages (and their notifications) read",
        response: { 200: SuccessSchema, ...errors },
      },
    },
    async (request) => {
      await support.readAsCustomer(signedIn(request).user._id);
      return { success: true as const };
    },
  );
};

/**
 * The operator console's API: /api/operator/* (issue 15). Only operators: anyone else gets 403 before their
 * input is read (the role is checked in onRequest, right after the session).
 */
export const operatorRoutes: FastifyPluginAsyncZod<{ support: SupportService }> = async (
  app,
  { support },
) => {
  app.addHook('onRequest', async (request) => {
    await support.requireOperator(signedIn(request).user._id);
  });
  const auth = { auth: 'user' } as const;

  app.get(
    '/operator/conversations',
    {
      config: auth,
      schema: {
        tags: ['operator'],
        summary: 'Conversations newest first, with the customer’s unread messages counted',
        querystring: ConversationQuerySchema,
        response: { 200: ConversationListSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      conversations: await support.listConversations(signedIn(request).user._id, request.query.status),
    }),
  );

  app.get(
    '/operator/conversations/:id',
    {
      config: auth,
      schema: {
        tags: ['operator'],
        summary: "A conversation, a page of its messages and the customer's orders (numbers and statuses)",
        params: ConversationParamsSchema,
        querystring: HistoryQuerySchema,
        response: { 200: ConversationDetailSchema, ...errors },
      },
    },
    async (request) => support.getConversation(signedIn(request).user._id, request.params.id, request.query),
  );

  app.post(
    '/operator/conversations/:id/messages',
    {
      config: auth,
      schema: {
        tags: ['operator'],
        summary: 'Answers the customer; an Idempotency-Key header makes a repeat answer the stored reply',
        params: ConversationParamsSchema,
        headers: postHeaders,
        body: SendMessageSchema,
        response: { 200: SentMessageSchema, ...postErrors },
      },
    },
    async (request) => ({
      success: true as const,
      message: await support.reply(
        signedIn(request).user._id,
        request.params.id,
        request.body,
        originOf(request),
      ),
    }),
  );

  app.post(
    '/operator/conversations/:id/read',
    {
      config: auth,
      schema: {
        tags: ['operator'],
        params: ConversationParamsSchema,
        response: { 200: SuccessSchema, ...errors },
      },
    },
    async (request) => {
      await support.readAsOperator(signedIn(request).user._id, request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/operator/conversations/:id/close',
    {
      config: auth,
      schema: {
        tags: ['operator'],
        params: ConversationParamsSchema,
        response: {
          200: z.object({ success: z.literal(true), conversation: ConversationSummarySchema }),
          ...errors,
        },
      },
    },
    async (request) => ({
      success: true as const,
      conversation: await support.close(signedIn(request).user._id, request.params.id),
    }),
  );

  app.get(
    '/operator/orders',
    {
      config: auth,
      schema: {
        tags: ['operator'],
        summary: "Active orders of the operator's shops, oldest first, with the moves each may make",
        response: { 200: OrderBoardSchema, ...errors },
      },
    },
    async (request) => ({ success: true as const, orders: await support.board(signedIn(request).user._id) }),
  );

  app.post(
    '/operator/orders/:number/status',
    {
      config: auth,
      schema: {
        tags: ['operator'],
        summary:
          'Moves an order one step (or cancels it); the customer is notified (socket, push, list). Answers ' +
          'the number and the new status only',
        params: OrderNumberParamsSchema,
        body: MoveOrderSchema,
        response: { 200: MovedOrderSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      order: await support.moveOrder(signedIn(request).user._id, request.params.number, request.body.status),
    }),
  );

  app.post(
    '/operator/orders/:number/weigh',
    {
      config: auth,
      schema: {
        tags: ['operator'],
        summary:
          'Weighs a line sold by weight at assembly (ADR 054): its price follows the weight, the total is ' +
          `computed again and the customer told the difference; past the tolerance over the estimate, 409. ${ASSEMBLY_RATES_SUMMARY}`,
        params: OrderNumberParamsSchema,
        body: WeighLineSchema,
        response: { 200: WeighedOrderSchema, ...assemblyErrors },
      },
    },
    async (request) => ({
      success: true as const,
      order: await support.weighLine(
        signedIn(request).user._id,
        request.params.number,
        request.body,
        request.ip,
      ),
    }),
  );

  app.get(
    '/operator/orders/:number/assembly',
    {
      config: auth,
      schema: {
        tags: ['operator'],
        summary:
          "An order's lines as the picker assembles them (ADR 055): each with the customer's choice for a " +
          'missing item, what assembly did to it, and similar products the point has in stock',
        params: OrderNumberParamsSchema,
        response: { 200: AssemblySchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      order: await support.assembly(signedIn(request).user._id, request.params.number),
    }),
  );

  app.post(
    '/operator/orders/:number/substitute',
    {
      config: auth,
      schema: {
        tags: ['operator'],
        summary:
          'A line the picker cannot find (ADR 055): without `replacement` it is missing (left out, its stock ' +
          "not returned); with one (the customer's pick or a similar product of the point) the replacement " +
          `is taken from stock and offered to the customer, who answers within the shop's time. ${ASSEMBLY_RATES_SUMMARY}`,
        params: OrderNumberParamsSchema,
        body: SubstituteLineSchema,
        response: { 200: SubstitutedOrderSchema, ...assemblyErrors },
      },
    },
    async (request) => ({
      success: true as const,
      order: await support.substituteLine(
        signedIn(request).user._id,
        request.params.number,
        request.body,
        request.ip,
      ),
    }),
  );

  app.put(
    '/operator/stores/:id/replacement-minutes',
    {
      config: auth,
      schema: {
        tags: ['operator'],
        summary:
          "The shop's time for a customer to answer a replacement offered at assembly (ADR 055), whole " +
          `minutes from ${REPLACEMENT_MINUTES_MIN} to ${REPLACEMENT_MINUTES_MAX}; offers made after it have ` +
          'the new time. Only for a shop of the operator’s ' +
          `board (another shop: 404). ${ASSEMBLY_RATES_SUMMARY}`,
        params: StoreParamsSchema,
        body: ReplacementMinutesSchema,
        response: { 200: ReplacementMinutesSetSchema, ...assemblyErrors },
      },
    },
    async (request) => ({
      success: true as const,
      minutes: await support.setReplacementMinutes(
        signedIn(request).user._id,
        request.params.id,
        request.body.minutes,
        request.ip,
      ),
    }),
  );
};
