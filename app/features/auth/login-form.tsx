/**
 * The login form (name and phone), shared by the popup (login-dialog.tsx) and the /login page, which loads it
 * without the popup's modal (ADR 044). Native buttons in the shared look: no react-aria on the page.
 */
import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { formatPhoneInput, phoneForApi } from '@core/rules/phone';
import { useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { buttonStyles } from '~/components/ui/button';
import { FormMessage, FormTextField, initialText, PhoneField } from '~/components/ui/form-fields';
import { useToast } from '~/components/ui/toast';
import { useContractForm } from '~/lib/contract-form';
import { LOGIN_FORM } from '~/lib/form-contracts';
import { useActionOutcome } from '~/lib/use-action-outcome';
import type { action as loginAction } from '~/routes/login';
import { LOGIN_ACTION, loginHref } from './login';

/** SPEC §8: what a failed code request says. */
export const CODE_REQUEST_FAILED_MESSAGE = 'Заполните обязательные поля';

/** Whom the code went to: the name and the phone as the contract made them (+7XXXXXXXXXX). */
export type CodeRecipient = { name: string; phone: string };

export const LOGIN_SUBTITLE = 'Войдите по номеру телефона: мы пришлём код в SMS';

/**
 * Name and phone, posted to the /login action (intent code, LoginFormSchema). The popup's fetcher, or on the
 * /login page a plain form when JavaScript is off (`redirectTo` set, `lastResult` the refusal the page was
 * rendered with). Lives inside its popup, so its fields start empty every time the popup opens.
 */
export function LoginForm({
  onCodeSent,
  redirectTo,
  lastResult,
}: {
  onCodeSent: (recipient: CodeRecipient) => void;
  redirectTo?: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const toast = useToast();
  const fetcher = useFetcher<typeof loginAction>();
  // The action's answer: the code went out, or the server's messages (SPEC §8 for a refused request).
  const outcome = useActionOutcome(fetcher, {
    failureToast: (failure) =>
      Object.keys(failure.fields).length > 0 ? CODE_REQUEST_FAILED_MESSAGE : failure.message,
    onSuccess: (answer) => {
      if (answer.intent === 'code') onCodeSent(answer.recipient);
    },
  });
  const [form, fields] = useContractForm(LOGIN_FORM, {
    lastResult: outcome.lastResult ?? lastResult,
    // SPEC §8: an incomplete form is not sent; the fields say what is missing.
    onInvalid: () => toast.show({ type: 'warning', title: CODE_REQUEST_FAILED_MESSAGE }),
    onSubmit: (event, { formData }) => {
      event.preventDefault();
      if (outcome.isPending) return;
      // SPEC §5: digits only go to the server, a leading 7 as 8. Without JavaScript the form posts what was
      // typed; the contract reads any usual phone form.
      formData.set(fields.phone.name, phoneForApi(String(formData.get(fields.phone.name) ?? '')));
      void fetcher.submit(formData, { method: 'post', action: LOGIN_ACTION });
    },
  });
  const [phone, setPhone] = useState(() => formatPhoneInput(initialText(fields.phone) ?? ''));
  // The page's form keeps its query: the page rendered after the post still knows where to go.
  const formAction = redirectTo === undefined ? LOGIN_ACTION : loginHref(redirectTo);

  return (
    <fetcher.Form
      method="post"
      action={formAction}
      {...getFormProps(form)}
      aria-busy={outcome.isPending}
      className="flex flex-col gap-4"
    >
      <input type="hidden" name={fields.intent.name} value="code" />
      {redirectTo !== undefined ? (
        <input type="hidden" name={fields.redirectTo.name} value={redirectTo} />
      ) : null}
      <FormMessage errors={form.errors} />
      <FormTextField label="Имя" field={fields.name} autoComplete="given-name" maxLength={100} />
      <PhoneField label="Телефон" field={fields.phone} value={phone} onChange={setPhone} />
      <button type="submit" className={buttonStyles({ size: 'lg', className: 'mt-2 w-full' })}>
        {outcome.isPending ? 'Отправляем код…' : 'Получить код'}
      </button>
      <p className="text-center text-[13px] leading-snug text-muted">
        Нажимая «Получить код», вы соглашаетесь с{' '}
        <Link to="/privacy-policy" className="text-brand-700 underline underline-offset-2">
          политикой конфиденциальности
        </Link>
      </p>
    </fetcher.Form>
  );
}
