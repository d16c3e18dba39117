import type { Notification, NotificationForm } from '@core/contracts/notifications';
import { formatDayMonthTime } from '@core/rules/date';
import { useFetcher, useRevalidator } from 'react-router';
import { buttonStyles } from '~/components/ui/button';
import { HiddenFields } from '~/components/ui/hidden-fields';
import { Icon, type IconName } from '~/components/ui/icon';
import { useRealtimeEvent } from '~/features/realtime/use-realtime';
import { cx } from '~/lib/cx';
import { NOTIFICATIONS_ACTION, READ_ALL_LABEL, UNREAD_LABEL } from './notification-links';
import { PushToggle } from './push-toggle';

const READ_ALL_KEY = 'notifications-read-all';

const TYPE_ICONS: Record<Notification['type'], IconName> = {
  message: 'bell',
  link_message: 'package',
  chat_message: 'headset',
};

/**
 * The cabinet's 'notification' tab (SPEC §2, §3, §4): the customer's notifications newest first, 'Не
 * прочитано' on the unread ones. A click posts to /resources/notifications, which marks it read and redirects to
 * its link (an order, or the chat); 'Прочитать все' reads them all. New ones arrive over the socket: the list
 * is the loader's, loaded again when one comes.
 */
export function NotificationsPanel({
  notifications,
  unread,
  vapidPublicKey,
}: {
  notifications: readonly Notification[];
  unread: number;
  /** The server's VAPID key; null when web push is off. */
  vapidPublicKey: string | null;
}) {
  const { revalidate } = useRevalidator();
  useRealtimeEvent('notification', () => void revalidate());
  const readAll = useFetcher({ key: READ_ALL_KEY });
  const isAllRead = readAll.formData !== undefined;
  const shownUnread = isAllRead ? 0 : unread;

  return (
    <section aria-labelledby="notifications-title" className="rounded-3xl bg-white p-5 shadow-card sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="notifications-title" className="text-xl font-bold">
          Мои уведомления
          {shownUnread > 0 ? (
            <span className="ml-2 text-base font-semibold text-muted">· {shownUnread} непрочитанных</span>
          ) : null}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          {vapidPublicKey ? <PushToggle publicKey={vapidPublicKey} /> : null}
          <readAll.Form method="post" action={NOTIFICATIONS_ACTION} preventScrollReset>
            <HiddenFields<NotificationForm> values={{ intent: 'read-all' }} />
            <button
              type="submit"
              disabled={shownUnread === 0}
              className={buttonStyles({ variant: 'outline', size: 'sm' })}
            >
              <Icon name="check-check" className="size-4" />
              {READ_ALL_LABEL}
            </button>
          </readAll.Form>
        </div>
      </div>
      {notifications.length === 0 ? (
        <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
          <span className="inline-flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Icon name="bell" className="size-8" />
          </span>
          <p className="text-lg font-bold">Уведомлений пока нет</p>
          <p className="max-w-md text-[15px] text-muted">
            Здесь появятся новости о ваших заказах и ответы поддержки.
          </p>
        </div>
      ) : (
        <ul className="mt-3 flex flex-col divide-y divide-line">
          {notifications.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} isAllRead={isAllRead} />
          ))}
        </ul>
      )}
    </section>
  );
}

function NotificationItem({ notification, isAllRead }: { notification: Notification; isAllRead: boolean }) {
  const opener = useFetcher({ key: `notification-${notification.id}` });
  // Read as soon as it is clicked (or all are), before the server has answered.
  const isRead = notification.is_read || isAllRead || opener.formData !== undefined;
  return (
    <li>
      <opener.Form method="post" action={NOTIFICATIONS_ACTION}>
        <HiddenFields<NotificationForm> values={{ intent: 'open', id: notification.id }} />
        <button
          type="submit"
          className="-mx-2 flex w-[calc(100%+1rem)] items-start gap-3 rounded-2xl px-2 py-4 text-left transition-colors hover:bg-surface"
        >
          <span
            className={cx(
              'mt-0.5 inline-flex size-10 shrink-0 items-center justify-center rounded-full',
              isRead ? 'bg-surface text-muted' : 'bg-brand-50 text-brand-700',
            )}
          >
            <Icon name={TYPE_ICONS[notification.type]} className="size-5" />
          </span>
          <span className="flex min-w-0 flex-1 flex-col gap-1">
            <span className="flex flex-wrap items-center gap-2">
              <span className={cx('text-[15px]', isRead ? 'font-medium' : 'font-bold')}>
                {notification.title}
              </span>
              {isRead ? null : (
                <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
                  {UNREAD_LABEL}
                </span>
              )}
            </span>
            {notification.content ? (
              <span className="text-[15px] text-muted">{notification.content}</span>
            ) : null}
            <time dateTime={notification.created_at} className="text-sm text-muted">
              {formatDayMonthTime(notification.created_at)}
            </time>
          </span>
        </button>
      </opener.Form>
    </li>
  );
}
