import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { NOTIFICATIONS_ACTION } from './notification-links';
import { existingSubscription, subscriptionForm } from './push';

const SYNCED_KEY = 'fresh:push-synced';

/**
 * SPEC §4 'Push subscription is requested on start', without a prompt nobody asked for (ADR 033): when this
 * browser already allowed notifications and has a subscription, it is handed to the server again once per
 * tab session and customer (the push service may have renewed it, or another customer signed in here).
 */
export function PushResync({ userId }: { userId: string }) {
  const saver = useFetcher({ key: 'push-resync' });
  const { submit } = saver;
  useEffect(() => {
    let isCurrent = true;
    existingSubscription()
      .then((subscription) => {
        const form = subscription ? subscriptionForm(subscription) : null;
        if (!isCurrent || !form) return;
        const marker = `${userId} ${form.endpoint}`;
        if (sessionStorage.getItem(SYNCED_KEY) === marker) return;
        sessionStorage.setItem(SYNCED_KEY, marker);
        void submit(form.body, { method: 'post', action: NOTIFICATIONS_ACTION, preventScrollReset: true });
      })
      .catch((error: unknown) => console.error('web push subscription not checked', error));
    return () => {
      isCurrent = false;
    };
  }, [userId, submit]);
  return null;
}
