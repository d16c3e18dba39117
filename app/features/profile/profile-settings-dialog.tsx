import { type FileRef, ProfileUpdateSchema, type User } from '@core/contracts/identity';
import { sanitiseCodeInput } from '@core/rules/code';
import { formatPhone, isPhoneInputComplete, normalisePhone, phoneForApi } from '@core/rules/phone';
import { ImageUp, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { useFetcher } from 'react-router';
import { Button } from '~/components/ui/button';
import { Modal } from '~/components/ui/modal';
import { useToast } from '~/components/ui/toast';
import { Avatar } from '~/features/auth/avatar';
import { FormTextField, fieldErrors, PhoneField } from '~/features/auth/form-fields';
import { LOGIN_ACTION, LOGIN_FIELD } from '~/features/auth/login-form';
import { useCountdown } from '~/features/auth/use-countdown';
import { failureOf } from '~/lib/action-result';
import { ACCEPTED_IMAGE_TYPES } from '~/lib/image-types';
import { useImageUpload } from '~/lib/use-image-upload';
import type { action as loginAction } from '~/routes/login';
import type { action as profileAction } from '~/routes/resources/profile';
import { PROFILE_ACTION, PROFILE_FIELD } from './profile-form';

export const PROFILE_SAVED_MESSAGE = 'Данные успешно обновлены';
const CONFIRM_PHONE_MESSAGE = 'Подтвердите новый номер: получите код и введите его';

/** The profile settings popup 'Настройки профиля' (SPEC §2): picture, name, phone, email. */
export function ProfileSettingsDialog({
  isOpen,
  onOpenChange,
  user,
  onSaved,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  user: User;
  /** Saved: the root has been loaded again with the customer's new data. */
  onSaved: () => void;
}) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title="Настройки профиля" size="md">
      <ProfileForm user={user} onSaved={onSaved} />
    </Modal>
  );
}

/** A picture choice: keep the saved one, use a new upload, or remove it. */
type PictureChoice = { kind: 'keep' } | { kind: 'new'; file: FileRef } | { kind: 'remove' };

function ProfileForm({ user, onSaved }: { user: User; onSaved: () => void }) {
  const toast = useToast();
  const [name, setName] = useState(user.name);
  const [phone, setPhone] = useState(formatPhone(user.phone));
  const [email, setEmail] = useState(user.email ?? '');
  const [code, setCode] = useState('');
  const [picture, setPicture] = useState<PictureChoice>({ kind: 'keep' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { isUploading, upload } = useImageUpload((file) => setPicture({ kind: 'new', file }));
  const saver = useFetcher<typeof profileAction>();
  const isSaving = saver.state !== 'idle';
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);

  const newPhone = normalisePhone(phone);
  const isPhoneChanged = phone !== formatPhone(user.phone);
  const needsCode = isPhoneChanged && newPhone !== null && newPhone !== user.phone;
  const isCodeSent = needsCode && codeSentTo === newPhone;
  const preview = picture.kind === 'new' ? picture.file.path : picture.kind === 'remove' ? null : undefined;

  // The action's answer, once the router has loaded the root again (the header shows the new name then).
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer is handled once.
  useEffect(() => {
    const answer = saver.data;
    if (!answer || saver.state !== 'idle') return;
    const failure = failureOf(answer);
    if (failure) {
      setErrors(failure.fields);
      // SPEC §8: a failed profile update shows the server's message as a warning toast.
      toast.show({ type: 'warning', title: failure.message });
      return;
    }
    toast.show({ type: 'success', title: PROFILE_SAVED_MESSAGE });
    onSaved();
  }, [saver.data, saver.state]);

  // The contract first, in the browser; then the fetcher posts to the profile's resource route.
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving || isUploading) return;
    const file = picture.kind === 'new' ? picture.file._id : picture.kind === 'remove' ? null : undefined;
    const input = { name, phone, email, file, ...(needsCode ? { code } : {}) };
    const checked = ProfileUpdateSchema.safeParse(input);
    const found = checked.success ? {} : fieldErrors(checked.error.issues);
    if (needsCode && !isCodeSent) found.phone ??= CONFIRM_PHONE_MESSAGE;
    setErrors(found);
    if (!checked.success || Object.keys(found).length > 0) return;
    void saver.submit(
      {
        [PROFILE_FIELD.name]: name,
        [PROFILE_FIELD.phone]: phoneForApi(phone),
        [PROFILE_FIELD.email]: email,
        ...(needsCode ? { [PROFILE_FIELD.code]: code } : {}),
        ...(file !== undefined ? { [PROFILE_FIELD.file]: file ?? '' } : {}),
      },
      { method: 'post', action: PROFILE_ACTION },
    );
  };

  return (
    <form noValidate onSubmit={save} aria-busy={isSaving || isUploading} className="flex flex-col gap-5">
      <fieldset className="flex items-center gap-4">
        <legend className="sr-only">Фото профиля</legend>
        <Avatar user={user} src={preview} size="lg" />
        <div className="flex flex-col items-start gap-2">
          <FileTrigger acceptedFileTypes={ACCEPTED_IMAGE_TYPES} onSelect={(files) => void upload(files)}>
            <Button variant="outline" size="sm">
              <ImageUp aria-hidden="true" className="size-4" />
              {isUploading
                ? 'Загружаем…'
                : preview || (preview === undefined && user.img)
                  ? 'Изменить фото'
                  : 'Загрузить фото'}
            </Button>
          </FileTrigger>
          {preview || (preview === undefined && user.img) ? (
            <Button variant="ghost" size="sm" onPress={() => setPicture({ kind: 'remove' })}>
              <Trash2 aria-hidden="true" className="size-4" />
              Удалить фото
            </Button>
          ) : null}
          <p className="text-[13px] text-muted">JPG, JPEG, PNG или WEBP, до 5 МБ</p>
        </div>
      </fieldset>

      <FormTextField
        label="Имя"
        name="name"
        value={name}
        onChange={setName}
        error={errors.name}
        autoComplete="name"
        maxLength={100}
      />
      <div className="flex flex-col gap-3">
        <PhoneField label="Телефон" name="phone" value={phone} onChange={setPhone} error={errors.phone} />
        {needsCode ? (
          <PhoneConfirmation
            name={name}
            phone={phone}
            isSent={isCodeSent}
            onSent={() => {
              setCodeSentTo(newPhone);
              setCode('');
              setErrors(({ phone: _phone, ...rest }) => rest);
            }}
            code={code}
            onCodeChange={(value) => setCode(sanitiseCodeInput(value))}
            codeError={errors.code}
          />
        ) : null}
      </div>
      <FormTextField
        label="Электронная почта"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        error={errors.email}
        description="Для уведомлений"
      />
      <Button type="submit" size="lg" className="w-full">
        {isSaving ? 'Сохраняем…' : 'Сохранить'}
      </Button>
    </form>
  );
}

/** A new number is confirmed by the code sent to it, with the same resend timer as the login. */
function PhoneConfirmation({
  name,
  phone,
  isSent,
  onSent,
  code,
  onCodeChange,
  codeError,
}: {
  name: string;
  phone: string;
  isSent: boolean;
  onSent: () => void;
  code: string;
  onCodeChange: (value: string) => void;
  codeError?: string;
}) {
  const toast = useToast();
  const { secondsLeft, restart } = useCountdown();
  // The login's code request (the /login action, intent code) sends the code to the new number.
  const fetcher = useFetcher<typeof loginAction>();
  const isSending = fetcher.state !== 'idle';

  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer is handled once.
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    const failure = failureOf(answer);
    if (failure) {
      toast.show({ type: 'warning', title: failure.message });
      return;
    }
    restart();
    onSent();
  }, [fetcher.data]);

  const send = () =>
    fetcher.submit(
      { [LOGIN_FIELD.intent]: 'code', [LOGIN_FIELD.name]: name, [LOGIN_FIELD.phone]: phoneForApi(phone) },
      { method: 'post', action: LOGIN_ACTION },
    );

  if (!isSent) {
    return (
      <div className="flex flex-col gap-2 rounded-2xl bg-brand-50 p-4">
        <p className="text-sm text-ink">Чтобы сменить номер, подтвердите его кодом из SMS.</p>
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          isDisabled={isSending || !isPhoneInputComplete(phone)}
          onPress={() => void send()}
        >
          Получить код
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2 rounded-2xl bg-brand-50 p-4">
      <FormTextField
        label="Код из SMS"
        name="code"
        value={code}
        onChange={onCodeChange}
        error={codeError}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={4}
        description={`Код отправлен на ${phone}`}
      />
      <Button
        variant="ghost"
        size="sm"
        className="self-start tabular-nums"
        isDisabled={secondsLeft > 0 || isSending}
        onPress={() => void send()}
      >
        {secondsLeft > 0 ? `Отправить код повторно через ${secondsLeft} с` : 'Отправить код повторно'}
      </Button>
    </div>
  );
}
