import { getFormProps } from '@conform-to/react';
import { type FileRef, type LoginForm, NO_PICTURE, type User } from '@core/contracts/identity';
import { sanitiseCodeInput } from '@core/rules/code';
import { formatPhone, isPhoneInputComplete, normalisePhone, phoneForApi } from '@core/rules/phone';
import { useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { useFetcher } from 'react-router';
import { Button } from '~/components/ui/aria-button';
import { type ContractField, FormMessage, FormTextField, PhoneField } from '~/components/ui/form-fields';
import { Icon } from '~/components/ui/icon';
import { Modal } from '~/components/ui/modal';
import { Avatar } from '~/features/auth/avatar';
import { LOGIN_ACTION } from '~/features/auth/login';
import { useCountdown } from '~/features/auth/use-countdown';
import { useContractForm } from '~/lib/contract-form';
import { PROFILE_FORM } from '~/lib/form-contracts';
import { ACCEPTED_IMAGE_TYPES } from '~/lib/image-types';
import { useActionOutcome } from '~/lib/use-action-outcome';
import { useImageUpload } from '~/lib/use-image-upload';
import type { action as loginAction } from '~/routes/login';
import type { action as profileAction } from '~/routes/resources/profile';

/** The profile's resource route (ADR 028): the popup's fetcher posts ProfileFormSchema's fields there. */
export const PROFILE_ACTION = '/resources/profile';
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
  const [phone, setPhone] = useState(formatPhone(user.phone));
  const [code, setCode] = useState('');
  const [picture, setPicture] = useState<PictureChoice>({ kind: 'keep' });
  const [phoneHint, setPhoneHint] = useState<string | undefined>();
  const { isUploading, upload } = useImageUpload((file) => setPicture({ kind: 'new', file }));
  const saver = useFetcher<typeof profileAction>();
  // Saved once the router has loaded the root again (the header shows the new name then); SPEC §8: a
  // failed update shows the server's message as a warning toast, and the fields their own.
  const outcome = useActionOutcome(saver, { successToast: PROFILE_SAVED_MESSAGE, onSuccess: onSaved });
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);

  const newPhone = normalisePhone(phone);
  const isPhoneChanged = phone !== formatPhone(user.phone);
  const needsCode = isPhoneChanged && newPhone !== null && newPhone !== user.phone;
  const isCodeSent = needsCode && codeSentTo === newPhone;
  const preview = picture.kind === 'new' ? picture.file.path : picture.kind === 'remove' ? null : undefined;

  // The contract first, in the browser; then the fetcher posts to the profile's resource route.
  const [form, fields] = useContractForm(PROFILE_FORM, {
    lastResult: outcome.lastResult,
    defaultValue: { name: user.name, email: user.email ?? '' },
    onSubmit: (event, { formData }) => {
      event.preventDefault();
      if (outcome.isPending || isUploading) return;
      // A new number is confirmed by the code sent to it before the form is sent.
      setPhoneHint(needsCode && !isCodeSent ? CONFIRM_PHONE_MESSAGE : undefined);
      if (needsCode && !isCodeSent) return;
      // SPEC §5: digits only go to the server.
      formData.set(fields.phone.name, phoneForApi(phone));
      void saver.submit(formData, { method: 'post', action: PROFILE_ACTION });
    },
  });

  return (
    <saver.Form
      method="post"
      action={PROFILE_ACTION}
      {...getFormProps(form)}
      aria-busy={outcome.isPending || isUploading}
      className="flex flex-col gap-5"
    >
      {picture.kind === 'keep' ? null : (
        <input
          type="hidden"
          name={fields.file.name}
          value={picture.kind === 'new' ? picture.file._id : NO_PICTURE}
        />
      )}
      <fieldset className="flex items-center gap-4">
        <legend className="sr-only">Фото профиля</legend>
        <Avatar user={user} src={preview} size="lg" />
        <div className="flex flex-col items-start gap-2">
          <FileTrigger acceptedFileTypes={ACCEPTED_IMAGE_TYPES} onSelect={(files) => void upload(files)}>
            <Button variant="outline" size="sm">
              <Icon name="image-up" className="size-4" />
              {isUploading
                ? 'Загружаем…'
                : preview || (preview === undefined && user.img)
                  ? 'Изменить фото'
                  : 'Загрузить фото'}
            </Button>
          </FileTrigger>
          {preview || (preview === undefined && user.img) ? (
            <Button variant="ghost" size="sm" onPress={() => setPicture({ kind: 'remove' })}>
              <Icon name="trash-2" className="size-4" />
              Удалить фото
            </Button>
          ) : null}
          <p className="text-[13px] text-muted">JPG, JPEG, PNG или WEBP, до 5 МБ</p>
        </div>
      </fieldset>

      <FormMessage errors={form.errors} />
      <FormTextField label="Имя" field={fields.name} autoComplete="name" maxLength={100} />
      <div className="flex flex-col gap-3">
        <PhoneField
          label="Телефон"
          field={fields.phone}
          value={phone}
          onChange={(value) => {
            setPhone(value);
            setPhoneHint(undefined);
          }}
          error={phoneHint}
        />
        {needsCode ? (
          <PhoneConfirmation
            name={user.name}
            phone={phone}
            isSent={isCodeSent}
            onSent={() => {
              setCodeSentTo(newPhone);
              setCode('');
              setPhoneHint(undefined);
            }}
            codeField={fields.code}
            code={code}
            onCodeChange={(value) => setCode(sanitiseCodeInput(value))}
          />
        ) : null}
      </div>
      <FormTextField
        label="Электронная почта"
        field={fields.email}
        type="email"
        inputMode="email"
        autoComplete="email"
        description="Для уведомлений"
      />
      <Button type="submit" size="lg" className="w-full">
        {outcome.isPending ? 'Сохраняем…' : 'Сохранить'}
      </Button>
    </saver.Form>
  );
}

/** A new number is confirmed by the code sent to it, with the same resend timer as the login. */
function PhoneConfirmation({
  name,
  phone,
  isSent,
  onSent,
  codeField,
  code,
  onCodeChange,
}: {
  name: string;
  phone: string;
  isSent: boolean;
  onSent: () => void;
  codeField: ContractField;
  code: string;
  onCodeChange: (value: string) => void;
}) {
  const { secondsLeft, restart } = useCountdown();
  // The login's code request (the /login action, intent code) sends the code to the new number.
  const fetcher = useFetcher<typeof loginAction>();
  const outcome = useActionOutcome(fetcher, {
    onSuccess: () => {
      restart();
      onSent();
    },
  });

  const send = () =>
    fetcher.submit({ intent: 'code', name, phone: phoneForApi(phone) } satisfies LoginForm, {
      method: 'post',
      action: LOGIN_ACTION,
    });

  if (!isSent) {
    return (
      <div className="flex flex-col gap-2 rounded-2xl bg-brand-50 p-4">
        <p className="text-sm text-ink">Чтобы сменить номер, подтвердите его кодом из SMS.</p>
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          isDisabled={outcome.isPending || !isPhoneInputComplete(phone)}
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
        field={codeField}
        value={code}
        onChange={onCodeChange}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={4}
        description={`Код отправлен на ${phone}`}
      />
      <Button
        variant="ghost"
        size="sm"
        className="self-start tabular-nums"
        isDisabled={secondsLeft > 0 || outcome.isPending}
        onPress={() => void send()}
      >
        {secondsLeft > 0 ? `Отправить код повторно через ${secondsLeft} с` : 'Отправить код повторно'}
      </Button>
    </div>
  );
}
