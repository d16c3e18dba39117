import { ErrorBodySchema } from '@core/contracts/common';
import { z } from '@core/contracts/z';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import type { PaymentsService } from './payments.service';

/** A YooKassa notification is a few kilobytes; anything much larger is not one. */
export const WEBHOOK_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * YooKassa's webhooks (issue 25, docs/decisions/046): POST /api/payments/yookassa. Only its published
 * addresses are heard (403 otherwise); the payment named is read again from the API, so the body decides
 * nothing. Unknown payments and events are answered 200 (YooKassa would retry anything else) and change
 * nothing. Each address has its rate (sync-payment.ts: YooKassa's a burst's worth, any other a few a minute).
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  app.post(
    '/payments/yookassa',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT_BYTES,
      schema: {
        tags: ['payments'],
        summary:
          "YooKassa's notification (payment.succeeded, payment.canceled, refund.succeeded): from its addresses " +
          'only; the payment is read again from the API by id',
        body: z.unknown(),
        response: {
          200: z.object({ success: z.literal(true), result: z.string() }),
          403: ErrorBodySchema,
          404: ErrorBodySchema,
          413: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      if (!payments.isOnlineEnabled()) throw new AppError('not_found', 'Онлайн-оплата не настроена');
      const result = await payments.handleWebhook(request.ip, request.body);
      if (result === 'ignored' && !payments.isWebhookAddress(request.ip)) {
        throw new AppError('forbidden', 'Уведомления принимаются только от ЮKassa');
      }
      return { success: true as const, result };
    },
  );
};
