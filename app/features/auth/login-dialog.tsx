import { CodeRequestSchema, SuccessSchema } from '@core/contracts/identity';
import { phoneForApi } from '@core/rules/phone';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { Modal } from '~/components/ui/modal';
import { useToast } from '~/components/ui/toast';
import { ApiError, api, errorMessage } from '~/lib/api-client';
import { FormTextField, fieldErrors, PhoneField } from './form-fields';

/** SPEC §8: what a failed code request says. */
export const CODE_REQUEST_FAILED_MESSAGE = 'Заполните обязательные поля';

export type CodeRecipient = { name: string; phone: string };

/** Sends the login code: shared by the login popup and the code popup's resend. */
export async function sendLoginCode(recipient: CodeRecipient): Promise<void> {
  await api.post('/api/user/code', recipient, SuccessSchema);
}

/** The login popup 'Добро пожаловать' (SPEC §2, §4): name and phone, then the code is sent. */
export function LoginDialog({
  isOpen,
  onOpenChange,
  onCodeSent,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The code went out to this name and phone (digits as the API takes them). */
  onCodeSent: (recipient: CodeRecipient) => void;
}) {
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Добро пожаловать"
      subtitle="Войдите по номеру телефона: мы пришлём код в SMS"
      size="sm"
      autoFocusFirstInput
    >
      <LoginForm onCodeSent={onCodeSent} />
    </Modal>
  );
}

/** Lives inside the popup, so its fields start empty every time the popup opens. */
function LoginForm({ onCodeSent }: { onCodeSent: (recipient: CodeRecipient) => void }) {
  const toast = useToast();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [hasTried, setHasTried] = useState(false);
  const [isSending, setSending] = useState(false);

  const check = (values: { name: string; phone: string }) => {
    const result = CodeRequestSchema.safeParse(values);
    return result.success
      ? { data: result.data, errors: {} }
      : { data: undefined, errors: fieldErrors(result.error.issues) };
  };

  // Once a submit has shown the messages, they follow what is typed.
  const update = (field: 'name' | 'phone', value: string) => {
    const next = { name, phone, [field]: value };
    if (field === 'name') setName(value);
    else setPhone(value);
    if (hasTried) setErrors(check(next).errors);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSending) return;
    setHasTried(true);
    const { data, errors: found } = check({ name, phone });
    setErrors(found);
    if (!data) {
      toast.show({ type: 'warning', title: CODE_REQUEST_FAILED_MESSAGE });
      return;
    }
    const recipient = { name: data.name, phone: phoneForApi(phone) };
    setSending(true);
    try {
      await sendLoginCode(recipient);
      setName('');
      setPhone('');
      onCodeSent(recipient);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        setErrors(error.fields);
        toast.show({ type: 'warning', title: CODE_REQUEST_FAILED_MESSAGE });
      } else {
        toast.show({ type: 'warning', title: errorMessage(error) });
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-busy={isSending} className="flex flex-col gap-4">
      <FormTextField
        label="Имя"
        name="name"
        value={name}
        onChange={(value) => update('name', value)}
        error={errors.name}
        autoComplete="given-name"
        maxLength={100}
      />
      <PhoneField
        label="Телефон"
        name="phone"
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
    </form>
  );
}
