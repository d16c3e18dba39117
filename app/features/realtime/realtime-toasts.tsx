import { TOAST_DEFAULT_DURATION_MS } from '@core/rules/toast';
import { useToast } from '~/components/ui/toast';
import { notificationHref } from '~/features/notifications/notification-links';
import { useRealtime, useRealtimeEvent } from './use-realtime';

/**
 * SPEC §4: an incoming notification shows a 5000 ms toast unless that chat is already open. An operator's
 * reply arrives twice — as a chat message and as its notification — and is toasted once, by the latter.
 * A catch-up after a reconnect toasts what is still unread and newer than the page: the first catch-up
 * reaches a little before the page's time (ADR 027's overlap), and what came before the page is in its badges
 * and lists already — a reload does not toast it again.
 */
export function RealtimeToasts() {
  const toast = useToast();
  const { isChatShown } = useRealtime();
  useRealtimeEvent('notification', ({ notification }, origin) => {
    if (origin.isCatchUp && (notification.is_read || origin.isBeforePage)) return;
    const isChat = notification.type === 'chat_message' || notification.chat_id !== null;
    if (isChat && isChatShown()) return;
    toast.show({
      id: `notification-${notification.id}`,
      type: 'info',
      title: notification.title,
      content: notification.content,
      link: { href: notificationHref(notification), label: isChat ? 'Открыть чат' : 'Подробнее' },
      duration: TOAST_DEFAULT_DURATION_MS,
    });
  });
  return null;
}
