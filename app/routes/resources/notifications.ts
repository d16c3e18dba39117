import { NotificationFormSchema } from '@core/contracts/notifications';
import { data, redirect } from 'react-router';
import { runNotificationIntent } from '~/features/notifications/notification-actions.server';
import { NOTIFICATIONS_TAB_HREF } from '~/features/notifications/notification-links';
import { parseForm, runFormAction } from '~/lib/actions.server';
import { requireUser } from '~/lib/auth.server';
import { safeRedirectPath } from '~/lib/safe-redirect';
import type { Route } from './+types/notifications';

/**
 * POST /resources/notifications: the cabinet's notification list (ADR 033). The customer first (a guest gets
 * 401), then the notifications service. Opening one answers a redirect to its link (a fetcher's redirect is a
 * navigation; without JavaScript the form does the same), 'Прочитать все' back to the list; the router then
 * loads the badges again. The push subscription answers data: only a script can make one.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runFormAction(
    request,
    () => requireUser(context),
    async (form, user) => {
      const result = await runNotificationIntent(
        context.services.notifications,
        user._id,
        parseForm(form, NotificationFormSchema),
        { ip: context.clientIp },
      );
      switch (result.intent) {
        case 'open':
          return redirect(safeRedirectPath(result.href, NOTIFICATIONS_TAB_HREF));
        case 'read-all':
          return redirect(NOTIFICATIONS_TAB_HREF);
        case 'subscribe':
          return result;
      }
    },
  );
}

/** Only posts: there is nothing to show at this address. */
export function loader() {
  throw data(null, { status: 404 });
}
