import { CODE_INVALID_MESSAGE, CodeSchema } from '@core/contracts/identity';
import { toBasketData } from '@core/rules/basket';
import { sanitiseCodeInput } from '@core/rules/code';
import { formatPhone, phoneForApi } from '@core/rules/phone';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { Button, buttonStyles } from '~/components/ui/button';
import { Modal } from '~/components/ui/modal';
import { useToast } from '~/components/ui/toast';
import { readGuestBasket } from '~/features/basket/basket-data';
import { addressFormFields } from '~/features/delivery/address-form';
import { pendingAddressForLogin } from '~/features/delivery/area-storage';
import { type ActionFailure, failureOf } from '~/lib/action-result';
import { useHydrated } from '~/lib/use-hydrated';
import type { action as loginAction } from '~/routes/login';
import { FormTextField } from './form-fields';
import type { CodeRecipient } from './login-dialog';
import { LOGIN_ACTION, LOGIN_FIELD, loginHref, type SignedIn } from './login-form';
import { useCountdown } from './use-countdown';

/** The code popup's subtitle: where the SMS went. */
export function codeSubtitle(recipient: CodeRecipient): string {
  return `Мы отправили SMS с кодом на номер ${formatPhone(recipient.phone)}`;
}

/** The SMS code popup 'Введите код' (SPEC §2, §4): the code, a 15-second resend timer, and back to the number. */
export function CodeDialog({
  isOpen,
  onOpenChange,
  recipient,
  onSignedIn,
  onChangeNumber,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  recipient: CodeRecipient | null;
  /** A right code: the action's answer, once the page's data has been loaded again for the customer. */
  onSignedIn: (signedIn: SignedIn) => void;
  onChangeNumber: () => void;
}) {
  return (
    <Modal
      isOpen={isOpen && recipient !== null}
      onOpenChange={onOpenChange}
      title="Введите код"
      subtitle={recipient ? codeSubtitle(recipient) : undefined}
      size="sm"
      autoFocusFirstInput
    >
      {recipient ? (
        <CodeForm recipient={recipient} onSignedIn={onSignedIn} onChangeNumber={onChangeNumber} />
      ) : null}
    </Modal>
  );
}

/** The device's guest basket and pending address, as the code form sends them along (ADR 021, 028). */
function guestExtras(): Record<string, string> {
  const extras: Record<string, string> = {};
  const address = pendingAddressForLogin();
  if (address) {
    const { intent: _intent, ...fields } = addressFormFields({
      ...address,
      shortAddress: address.shortAddress ?? '',
    });
    Object.assign(extras, fields);
  }
  const basket = readGuestBasket(localStorageOrNull());
  if (Object.keys(basket).length > 0) extras[LOGIN_FIELD.basket] = JSON.stringify(toBasketData(basket));
  return extras;
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The code, posted to the /login action (intent login) with the fetcher; the /login page's plain form
 * without JavaScript (`redirectTo`: the action then redirects). Mounted with the popup: the timer restarts
 * and the field is empty each time it opens.
 */
export function CodeForm({
  recipient,
  onSignedIn,
  onChangeNumber,
  redirectTo,
  failure: renderedFailure,
}: {
  recipient: CodeRecipient;
  onSignedIn: (signedIn: SignedIn) => void;
  /** Back to the name and phone; the page's link does the same without JavaScript. */
  onChangeNumber: () => void;
  redirectTo?: string;
  failure?: ActionFailure;
}) {
  const toast = useToast();
  const fetcher = useFetcher<typeof loginAction>();
  const resender = useFetcher<typeof loginAction>();
  const isHydrated = useHydrated();
  const { secondsLeft, restart } = useCountdown();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>(
    renderedFailure ? (renderedFailure.fields.code ?? renderedFailure.message) : undefined,
  );
  const isChecking = fetcher.state !== 'idle';
  const isResending = resender.state !== 'idle';
  // The page's forms keep its query: the page rendered after a post still knows where to go.
  const formAction = redirectTo === undefined ? LOGIN_ACTION : loginHref(redirectTo);

  // A right code: reported once the router has loaded the page's data again for the signed-in customer
  // (the fetcher is idle then), so the header already shows who it is when the popup closes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer is handled once.
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== 'idle') return;
    const failure = failureOf(answer);
    if (failure) {
      setError(failure.fields.code ?? failure.message);
      // SPEC §8: a failed code check shows the server's message as a warning toast.
      toast.show({ type: 'warning', title: failure.message });
      return;
    }
    if (answer.ok && answer.intent === 'login') onSignedIn(answer);
  }, [fetcher.data, fetcher.state]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer is handled once.
  useEffect(() => {
    const answer = resender.data;
    if (!answer) return;
    const failure = failureOf(answer);
    if (failure) {
      toast.show({ type: 'warning', title: failure.message });
      return;
    }
    restart();
    setCode('');
    setError(undefined);
    toast.show({ type: 'info', title: 'Новый код отправлен' });
  }, [resender.data]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isChecking) return;
    if (!CodeSchema.safeParse(code).success) {
      setError(CODE_INVALID_MESSAGE);
      return;
    }
    // With JavaScript the answer comes back here (no redirect), with the device's guest data along.
    fetcher.submit(
      {
        [LOGIN_FIELD.intent]: 'login',
        [LOGIN_FIELD.phone]: phoneForApi(recipient.phone),
        [LOGIN_FIELD.code]: code,
        ...guestExtras(),
      },
      { method: 'post', action: LOGIN_ACTION },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <fetcher.Form
        method="post"
        action={formAction}
        noValidate
        onSubmit={submit}
        aria-busy={isChecking}
        className="flex flex-col gap-4"
      >
        <input type="hidden" name={LOGIN_FIELD.intent} value="login" />
        <input type="hidden" name={LOGIN_FIELD.phone} value={recipient.phone} />
        <input type="hidden" name={LOGIN_FIELD.name} value={recipient.name} />
        {redirectTo !== undefined ? (
          <input type="hidden" name={LOGIN_FIELD.redirectTo} value={redirectTo} />
        ) : null}
        <FormTextField
          label="Код из SMS"
          name={LOGIN_FIELD.code}
          value={code}
          onChange={(value) => {
            setCode(sanitiseCodeInput(value));
            setError(undefined);
          }}
          error={error}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={4}
          placeholder="••••"
        />
        <Button type="submit" size="lg" className="w-full">
          {isChecking ? 'Проверяем…' : 'Войти'}
        </Button>
      </fetcher.Form>
      <div className="flex flex-col items-center gap-1">
        <resender.Form
          method="post"
          action={formAction}
          onSubmit={(event) => {
            event.preventDefault();
            void resender.submit(
              {
                [LOGIN_FIELD.intent]: 'code',
                [LOGIN_FIELD.name]: recipient.name,
                [LOGIN_FIELD.phone]: phoneForApi(recipient.phone),
              },
              { method: 'post', action: LOGIN_ACTION },
            );
          }}
        >
          <input type="hidden" name={LOGIN_FIELD.intent} value="code" />
          <input type="hidden" name={LOGIN_FIELD.name} value={recipient.name} />
          <input type="hidden" name={LOGIN_FIELD.phone} value={recipient.phone} />
          {redirectTo !== undefined ? (
            <input type="hidden" name={LOGIN_FIELD.redirectTo} value={redirectTo} />
          ) : null}
          {/* Without JavaScript nothing counts down: the server's 15-second limit answers an early resend. */}
          <Button
            type="submit"
            variant="ghost"
            size="sm"
            isDisabled={isHydrated && (secondsLeft > 0 || isResending)}
            className="tabular-nums"
          >
            {isHydrated && secondsLeft > 0
              ? `Отправить код повторно через ${secondsLeft} с`
              : 'Отправить код повторно'}
          </Button>
        </resender.Form>
        {redirectTo !== undefined && !isHydrated ? (
          <Link to={loginHref(redirectTo)} className={buttonStyles({ variant: 'ghost', size: 'sm' })}>
            Изменить номер
          </Link>
        ) : (
          <Button variant="ghost" size="sm" onPress={onChangeNumber}>
            Изменить номер
          </Button>
        )}
      </div>
    </div>
  );
}
