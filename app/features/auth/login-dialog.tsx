import { CodeRequestSchema } from '@core/contracts/identity';
import { formatPhoneInput, phoneForApi } from '@core/rules/phone';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { Button } from '~/components/ui/button';
import { Modal } from '~/components/ui/modal';
import { useToast } from '~/components/ui/toast';
import { type ActionFailure, failureOf } from '~/lib/action-result';
import type { action as loginAction } from '~/routes/login';
import { FormTextField, fieldErrors, PhoneField } from './form-fields';
import { LOGIN_ACTION, LOGIN_FIELD, loginHref } from './login-form';

/** SPEC §8: what a failed code request says. */
export const CODE_REQUEST_FAILED_MESSAGE = 'Заполните обязательные поля';

/** Whom the code went to: the name and the phone as the contract made them (+7XXXXXXXXXX). */
export type CodeRecipient = { name: string; phone: string };

/** The login popup 'Добро пожаловать' (SPEC §2, §4): name and phone, then the code is sent. */
export function LoginDialog({
  isOpen,
  onOpenChange,
  onCodeSent,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The code went out to this name and phone. */
  onCodeSent: (recipient: CodeRecipient) => void;
}) {
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Добро пожаловать"
      subtitle={LOGIN_SUBTITLE}
      size="sm"
      autoFocusFirstInput
    >
      <LoginForm onCodeSent={onCodeSent} />
    </Modal>
  );
}

export const LOGIN_SUBTITLE = 'Войдите по номеру телефона: мы пришлём код в SMS';

/**
 * Name and phone, posted to the /login action (intent code). The popup's fetcher, or on the /login page a
 * plain form when JavaScript is off (`redirectTo` set, `failure` the action's answer the page was rendered
 * with). Lives inside its popup, so its fields start empty every time the popup opens.
 */
export function LoginForm({
  onCodeSent,
  redirectTo,
  failure: renderedFailure,
  values,
}: {
  onCodeSent: (recipient: CodeRecipient) => void;
  redirectTo?: string;
  failure?: ActionFailure;
  values?: { name: string; phone: string };
}) {
  const toast = useToast();
  const fetcher = useFetcher<typeof loginAction>();
  const [name, setName] = useState(values?.name ?? '');
  const [phone, setPhone] = useState(values ? formatPhoneInput(values.phone) : '');
  const [errors, setErrors] = useState<Record<string, string>>(renderedFailure?.fields ?? {});
  const [hasTried, setHasTried] = useState(renderedFailure !== undefined);
  const isSending = fetcher.state !== 'idle';
  // The page's form keeps its query: the page rendered after the post still knows where to go.
  const formAction = redirectTo === undefined ? LOGIN_ACTION : loginHref(redirectTo);

  const check = (next: { name: string; phone: string }) => {
    const result = CodeRequestSchema.safeParse(next);
    return result.success ? {} : fieldErrors(result.error.issues);
  };

  // Once a submit has shown the messages, they follow what is typed.
  const update = (field: 'name' | 'phone', value: string) => {
    const next = { name, phone, [field]: value };
    if (field === 'name') setName(value);
    else setPhone(value);
    if (hasTried) setErrors(check(next));
  };

  // The action's answer: the code went out, or the server's messages (SPEC §8 for a refused request).
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer is handled once, when it arrives.
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    const failure = failureOf(answer);
    if (failure) {
      setErrors(failure.fields);
      toast.show({
        type: 'warning',
        title: Object.keys(failure.fields).length > 0 ? CODE_REQUEST_FAILED_MESSAGE : failure.message,
      });
      return;
    }
    if (answer.ok && answer.intent === 'code') {
      setName('');
      setPhone('');
      onCodeSent(answer.recipient);
    }
  }, [fetcher.data]);

  // The contract first, in the browser: an incomplete form is not sent (the server checks it again).
  // Without JavaScript the form itself posts what was typed; the contract reads any usual phone form.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setHasTried(true);
    const found = check({ name, phone });
    setErrors(found);
    if (isSending) return;
    if (Object.keys(found).length > 0) {
      toast.show({ type: 'warning', title: CODE_REQUEST_FAILED_MESSAGE });
      return;
    }
    // SPEC §5: digits only go to the server, a leading 7 as 8.
    void fetcher.submit(
      { [LOGIN_FIELD.intent]: 'code', [LOGIN_FIELD.name]: name, [LOGIN_FIELD.phone]: phoneForApi(phone) },
      { method: 'post', action: LOGIN_ACTION },
    );
  };

  const formMessage =
    renderedFailure && Object.keys(renderedFailure.fields).length === 0 ? renderedFailure.message : null;
  return (
    <fetcher.Form
      method="post"
      action={formAction}
      noValidate
      onSubmit={submit}
      aria-busy={isSending}
      className="flex flex-col gap-4"
    >
      <input type="hidden" name={LOGIN_FIELD.intent} value="code" />
      {redirectTo !== undefined ? (
        <input type="hidden" name={LOGIN_FIELD.redirectTo} value={redirectTo} />
      ) : null}
      {formMessage ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-[15px] font-medium text-berry">
          {formMessage}
        </p>
      ) : null}
      <FormTextField
        label="Имя"
        name={LOGIN_FIELD.name}
        value={name}
        onChange={(value) => update('name', value)}
        error={errors.name}
        autoComplete="given-name"
        maxLength={100}
      />
      <PhoneField
        label="Телефон"
        name={LOGIN_FIELD.phone}
        value={phone}
        onChange={(value) => update('phone', value)}
        error={errors.phone}
      />
      <Button type="submit" size="lg" className="mt-2 w-full">
        {isSending ? 'Отправляем код…' : 'Получить код'}
      </Button>
      <p className="text-center text-[13px] leading-snug text-muted">
        Нажимая «Получить код», вы соглашаетесь с{' '}
        <Link to="/privacy-policy" className="text-brand-700 underline underline-offset-2">
          политикой конфиденциальности
        </Link>
      </p>
    </fetcher.Form>
  );
}
