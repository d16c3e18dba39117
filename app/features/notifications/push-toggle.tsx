import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { buttonStyles } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { useToast } from '~/components/ui/toast';
import { useActionOutcome } from '~/lib/use-action-outcome';
import { useHydrated } from '~/lib/use-hydrated';
import { NOTIFICATIONS_ACTION } from './notification-links';
import {
  existingSubscription,
  PushRefusedError,
  type PushState,
  pushPermission,
  subscribeToPush,
  subscriptionForm,
} from './push';

export const ENABLE_PUSH_LABEL = 'Включить уведомления';
export const PUSH_ENABLED_TEXT = 'Push-уведомления включены';
export const PUSH_DENIED_TEXT = 'Уведомления запрещены в настройках браузера';
export const PUSH_FAILED_MESSAGE = 'Не удалось включить уведомления, попробуйте ещё раз позднее';

/**
 * 'Включить уведомления' (ADR 033): the browser's permission prompt only after this press, then the service
 * worker and the subscription, handed to the server through the notifications' resource route. Nothing shows
 * where the browser has no web push (or before the page is interactive).
 */
export function PushToggle({ publicKey }: { publicKey: string }) {
  const isHydrated = useHydrated();
  const toast = useToast();
  const saver = useFetcher({ key: 'push-subscribe' });
  const [state, setState] = useState<PushState>('unsupported');
  const [isSubscribed, setSubscribed] = useState(false);
  const [isBusy, setBusy] = useState(false);

  useEffect(() => {
    if (!isHydrated) return;
    setState(pushPermission());
    existingSubscription().then(
      (subscription) => setSubscribed(subscription !== null),
      () => setSubscribed(false),
    );
  }, [isHydrated]);

  // The server's answer to the subscription.
  useActionOutcome(saver, {
    failureToast: (failure) => failure.message || PUSH_FAILED_MESSAGE,
    onSuccess: () => setSubscribed(true),
  });

  if (state === 'unsupported') return null;
  if (state === 'denied') return <p className="text-sm text-muted">{PUSH_DENIED_TEXT}</p>;
  if (state === 'granted' && isSubscribed) {
    return (
      <p className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-800">
        <Icon name="bell-ring" className="size-4" />
        {PUSH_ENABLED_TEXT}
      </p>
    );
  }

  const enable = async () => {
    setBusy(true);
    try {
      const form = subscriptionForm(await subscribeToPush(publicKey));
      if (!form) throw new Error('the browser gave a subscription without keys');
      void saver.submit(form.body, {
        method: 'post',
        action: NOTIFICATIONS_ACTION,
        preventScrollReset: true,
      });
      setState('granted');
    } catch (error) {
      if (error instanceof PushRefusedError) {
        setState(pushPermission());
      } else {
        console.error('web push subscription failed', error);
        toast.show({ type: 'warning', title: PUSH_FAILED_MESSAGE });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      disabled={isBusy || saver.state !== 'idle'}
      onClick={() => void enable()}
      className={buttonStyles({ variant: 'secondary', size: 'sm' })}
    >
      <Icon name="bell-ring" className="size-4" />
      {ENABLE_PUSH_LABEL}
    </button>
  );
}
