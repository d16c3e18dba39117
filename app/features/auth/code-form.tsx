/**
 * The SMS code form, shared by the popup (code-dialog.tsx) and the /login page, which loads it without the
 * popup's modal (ADR 044). Native buttons in the shared look: no react-aria on the page.
 */
import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { toBasketData } from '@core/rules/basket';
import { sanitiseCodeInput } from '@core/rules/code';
import { formatPhone, phoneForApi } from '@core/rules/phone';
import { useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { buttonStyles } from '~/components/ui/button';
import { FormTextField } from '~/components/ui/form-fields';
import { useToast } from '~/components/ui/toast';
import { readGuestBasket } from '~/features/basket/basket-data';
import { pendingAddressForLogin } from '~/features/delivery/area-storage';
import { appendValue, useContractForm } from '~/lib/contract-form';
import { LOGIN_FORM } from '~/lib/form-contracts';
import { useActionOutcome } from '~/lib/use-action-outcome';
import { useHydrated } from '~/lib/use-hydrated';
import type { action as loginAction } from '~/routes/login';
import { LOGIN_ACTION, loginHref, type SignedIn } from './login';
import type { CodeRecipient } from './login-form';
import { useCountdown } from './use-countdown';

/** The code popup's subtitle: where the SMS went. */
export function codeSubtitle(recipient: CodeRecipient): string {
  return `Мы отправили SMS с кодом на номер ${formatPhone(recipient.phone)}`;
}

/** The device's guest basket and pending address, as the code form sends them along (ADR 021, 028). */
function appendGuestExtras(formData: FormData, names: { address: string; basket: string }): void {
  appendValue(formData, names.address, pendingAddressForLogin());
  const basket = readGuestBasket(localStorageOrNull());
  if (Object.keys(basket).length > 0) formData.set(names.basket, JSON.stringify(toBasketData(basket)));
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The code, posted to the /login action (intent login, LoginFormSchema) with the fetcher; the /login page's
 * plain form without JavaScript (`redirectTo`: the action then redirects; `lastResult`: the refusal the page
 * was rendered with). Mounted with the popup: the timer restarts and the field is empty each time it opens.
 */
export function CodeForm({
  recipient,
  onSignedIn,
  onChangeNumber,
  redirectTo,
  lastResult,
}: {
  recipient: CodeRecipient;
  onSignedIn: (signedIn: SignedIn) => void;
  /** Back to the name and phone; the page's link does the same without JavaScript. */
  onChangeNumber: () => void;
  redirectTo?: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const toast = useToast();
  const fetcher = useFetcher<typeof loginAction>();
  const resender = useFetcher<typeof loginAction>();
  const isHydrated = useHydrated();
  const { secondsLeft, restart } = useCountdown();
  const [code, setCode] = useState('');
  // A right code: reported once the router has loaded the page's data again for the signed-in customer
  // (the fetcher is idle then), so the header already shows who it is when the popup closes. SPEC §8: a
  // failed code check shows the server's message as a warning toast.
  const outcome = useActionOutcome(fetcher, {
    onSuccess: (answer) => {
      if (answer.intent === 'login') onSignedIn(answer);
    },
  });
  const resent = useActionOutcome(resender, {
    onSuccess: () => {
      restart();
      setCode('');
      toast.show({ type: 'info', title: 'Новый код отправлен' });
    },
  });
  const [form, fields] = useContractForm(LOGIN_FORM, {
    lastResult: outcome.lastResult ?? lastResult,
    onSubmit: (event, { formData }) => {
      event.preventDefault();
      if (outcome.isPending) return;
      // With JavaScript the answer comes back here (no redirect), with the device's guest data along.
      formData.set(fields.phone.name, phoneForApi(recipient.phone));
      appendGuestExtras(formData, { address: fields.address.name, basket: fields.basket.name });
      void fetcher.submit(formData, { method: 'post', action: LOGIN_ACTION });
    },
  });
  // The page's forms keep its query: the page rendered after a post still knows where to go.
  const formAction = redirectTo === undefined ? LOGIN_ACTION : loginHref(redirectTo);
  // A refusal that names no field (too many tries) is the code's message too.
  const codeError = fields.code.errors?.[0] ?? form.errors?.[0];
  const recipientFields = (
    <>
      <input type="hidden" name={fields.phone.name} value={recipient.phone} />
      <input type="hidden" name={fields.name.name} value={recipient.name} />
      {redirectTo !== undefined ? (
        <input type="hidden" name={fields.redirectTo.name} value={redirectTo} />
      ) : null}
    </>
  );

  return (
    <div className="flex flex-col gap-4">
      <fetcher.Form
        method="post"
        action={formAction}
        {...getFormProps(form)}
        aria-busy={outcome.isPending}
        className="flex flex-col gap-4"
      >
        <input type="hidden" name={fields.intent.name} value="login" />
        {recipientFields}
        <FormTextField
          label="Код из SMS"
          field={fields.code}
          value={code}
          onChange={(value) => setCode(sanitiseCodeInput(value))}
          error={codeError}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={4}
          placeholder="••••"
        />
        <button type="submit" className={buttonStyles({ size: 'lg', className: 'w-full' })}>
          {outcome.isPending ? 'Проверяем…' : 'Войти'}
        </button>
      </fetcher.Form>
      <div className="flex flex-col items-center gap-1">
        <resender.Form
          method="post"
          action={formAction}
          onSubmit={(event) => {
            event.preventDefault();
            const formData = new FormData(event.currentTarget);
            formData.set(fields.phone.name, phoneForApi(recipient.phone));
            void resender.submit(formData, { method: 'post', action: LOGIN_ACTION });
          }}
        >
          <input type="hidden" name={fields.intent.name} value="code" />
          {recipientFields}
          {/* Without JavaScript nothing counts down: the server's 15-second limit answers an early resend. */}
          <button
            type="submit"
            disabled={isHydrated && (secondsLeft > 0 || resent.isPending)}
            className={buttonStyles({ variant: 'ghost', size: 'sm', className: 'tabular-nums' })}
          >
            {isHydrated && secondsLeft > 0
              ? `Отправить код повторно через ${secondsLeft} с`
              : 'Отправить код повторно'}
          </button>
        </resender.Form>
        {redirectTo !== undefined && !isHydrated ? (
          <Link to={loginHref(redirectTo)} className={buttonStyles({ variant: 'ghost', size: 'sm' })}>
            Изменить номер
          </Link>
        ) : (
          <button
            type="button"
            onClick={onChangeNumber}
            className={buttonStyles({ variant: 'ghost', size: 'sm' })}
          >
            Изменить номер
          </button>
        )}
      </div>
    </div>
  );
}
