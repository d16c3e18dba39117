import { ErrorBodySchema } from '@core/contracts/common';
import { SuccessSchema } from '@core/contracts/identity';
import {
  NotificationIdParamsSchema,
  NotificationListSchema,
  SubscribeRequestSchema,
  UnreadCountSchema,
  VapidKeySchema,
} from '@core/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { signedIn } from '../../http/auth';
import { type NotificationsService, PUSH_UNAVAILABLE } from './notifications.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** SPEC §7 GET /api/notification and POST /api/notification/subscribe, and reading them (issue 15). */
export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  app.get(
    '/notification',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['notifications'],
        summary: "The customer's notifications, newest first, and the unread count",
        response: { 200: NotificationListSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await notifications.list(signedIn(request).user._id)),
    }),
  );

  app.post(
    '/notification/:id/read',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'Marks one notification read; answers the unread count',
        params: NotificationIdParamsSchema,
        response: { 200: UnreadCountSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      unread: await notifications.markRead(signedIn(request).user._id, request.params.id),
    }),
  );

  app.post(
    '/notification/read-all',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['notifications'],
        summary: "'Прочитать все'",
        response: { 200: SuccessSchema, ...errors },
      },
    },
    async (request) => {
      await notifications.markAllRead(signedIn(request).user._id);
      return { success: true as const };
    },
  );

  app.get(
    '/notification/vapid',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The VAPID public key a browser subscribes to web push with',
        response: { 200: VapidKeySchema, 503: ErrorBodySchema },
      },
    },
    async () => {
      const publicKey = notifications.vapidPublicKey();
      if (!publicKey) throw new AppError('unavailable', PUSH_UNAVAILABLE);
      return { success: true as const, publicKey };
    },
  );

  app.post(
    '/notification/subscribe',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['notifications'],
        summary:
          "Web push for this browser (a PushSubscription's JSON): an https endpoint on 443 at a public push " +
          'service; at most 5 per customer (a new one replaces the oldest); another account’s endpoint only ' +
          'with its own keys (409); removed when the push service drops it or keeps failing',
        body: SubscribeRequestSchema,
        response: {
          200: SuccessSchema,
          ...errors,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      await notifications.subscribe(signedIn(request).user._id, request.body.subscription, {
        ip: request.ip,
      });
      return { success: true as const };
    },
  );
};
