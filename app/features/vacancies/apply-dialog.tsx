import { getFormProps } from '@conform-to/react';
import { APPLICATION_SENT_MESSAGE, ApplicationAnswerSchema } from '@core/contracts/feedback';
import { APPLICATION_LETTER_MAX_LENGTH, CV_ACCEPT, CV_MAX_BYTES, HONEYPOT_FIELD } from '@core/rules/feedback';
import { formatPhone, formatPhoneInput, phoneForApi } from '@core/rules/phone';
import { useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { Button } from '~/components/ui/aria-button';
import { FormMessage, FormTextField, PhoneField } from '~/components/ui/form-fields';
import { Icon } from '~/components/ui/icon';
import { Modal } from '~/components/ui/modal';
import { useToast } from '~/components/ui/toast';
import { useOptionalUser } from '~/features/auth/user';
import { ConsentField, HoneypotField } from '~/features/feedback/consent-field';
import { api, errorMessage } from '~/lib/api-client';
import { useContractForm } from '~/lib/contract-form';
import { APPLICATION_FORM } from '~/lib/form-contracts';

/** Where the application goes: a multipart post with the CV, as an upload (a page post is 64 KB at most). */
export const APPLICATION_API = '/api/vacancy/applications';
const CV_TOO_LARGE = 'Резюме — файл до 5 МБ';

export type VacancyRef = { _id: string; title: string };

/**
 * 'Откликнуться' (issue 24): name, phone, e-mail, a short letter, an optional CV (PDF, DOC, DOCX ≤ 5 MB; the
 * server checks its bytes) and consent. Sent: the popup closes and SPEC §2's 'Спасибо! Ваше резюме
 * отправлено' opens; refused: the server's message as a warning toast (SPEC §8).
 */
export function ApplyDialog({
  vacancy,
  isOpen,
  onOpenChange,
}: {
  vacancy: VacancyRef;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const [isThanked, setThanked] = useState(false);
  return (
    <>
      <Modal
        isOpen={isOpen}
        onOpenChange={onOpenChange}
        title="Отклик на вакансию"
        subtitle={vacancy.title}
        size="md"
        autoFocusFirstInput
      >
        <ApplyForm
          vacancy={vacancy}
          onSent={() => {
            onOpenChange(false);
            setThanked(true);
          }}
        />
      </Modal>
      <Modal isOpen={isThanked} onOpenChange={setThanked} title={APPLICATION_SENT_MESSAGE} size="sm">
        <div className="flex flex-col items-center gap-4 text-center">
          <Icon name="circle-check" className="size-14 text-brand-600" />
          <p className="text-[15px]">Мы свяжемся с вами по телефону или почте, когда рассмотрим отклик.</p>
          <Button size="lg" className="w-full" onPress={() => setThanked(false)}>
            Хорошо
          </Button>
        </div>
      </Modal>
    </>
  );
}

function ApplyForm({ vacancy, onSent }: { vacancy: VacancyRef; onSent: () => void }) {
  const user = useOptionalUser();
  const toast = useToast();
  const [cv, setCv] = useState<File | null>(null);
  const [isSending, setSending] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>();
  const [phone, setPhone] = useState(() => (user ? formatPhoneInput(formatPhone(user.phone)) : ''));
  const [form, fields] = useContractForm(APPLICATION_FORM, {
    id: `apply-${vacancy._id}`,
    defaultValue: { vacancy: vacancy._id, name: user?.name ?? '', email: user?.email ?? '' },
    onSubmit: (event, { formData }) => {
      event.preventDefault();
      if (isSending) return;
      formData.set(fields.phone.name, phoneForApi(phone));
      if (cv) formData.set('cv', cv, cv.name);
      setSending(true);
      setServerError(undefined);
      api
        .post(APPLICATION_API, formData, ApplicationAnswerSchema)
        .then(onSent, (error: unknown) => {
          const message = errorMessage(error);
          setServerError(message);
          toast.show({ type: 'warning', title: message });
        })
        .finally(() => setSending(false));
    },
  });

  const pick = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    if (file.size > CV_MAX_BYTES) {
      toast.show({ type: 'warning', title: CV_TOO_LARGE });
      return;
    }
    setCv(file);
  };

  return (
    <form
      method="post"
      action={APPLICATION_API}
      encType="multipart/form-data"
      {...getFormProps(form)}
      aria-busy={isSending}
      className="relative flex flex-col gap-4"
    >
      <input type="hidden" name={fields.vacancy.name} value={vacancy._id} />
      <FormMessage errors={serverError ? [serverError] : form.errors} />
      <FormTextField label="Имя" field={fields.name} autoComplete="name" maxLength={100} />
      <PhoneField label="Телефон" field={fields.phone} value={phone} onChange={setPhone} />
      <FormTextField
        label="Электронная почта"
        field={fields.email}
        type="email"
        inputMode="email"
        autoComplete="email"
      />
      <FormTextField
        label="Сопроводительное письмо"
        field={fields.letter}
        isMultiline
        maxLength={APPLICATION_LETTER_MAX_LENGTH}
        description="Необязательно: коротко о себе и опыте"
      />
      <div className="flex flex-wrap items-center gap-3">
        <FileTrigger acceptedFileTypes={CV_ACCEPT.split(',')} onSelect={pick}>
          <Button variant="outline" size="sm">
            <Icon name="file-text" className="size-4" />
            {cv ? 'Заменить резюме' : 'Прикрепить резюме'}
          </Button>
        </FileTrigger>
        <p className="text-sm text-muted" aria-live="polite">
          {cv ? cv.name : 'PDF, DOC или DOCX, до 5 МБ — необязательно'}
        </p>
        {cv ? (
          <Button variant="ghost" size="sm" onPress={() => setCv(null)}>
            Убрать файл
          </Button>
        ) : null}
      </div>
      <ConsentField field={fields.checked} id={`apply-consent-${vacancy._id}`} />
      <Button type="submit" size="lg" className="w-full" isDisabled={isSending}>
        {isSending ? 'Отправляем…' : 'Отправить отклик'}
      </Button>
      <HoneypotField name={HONEYPOT_FIELD} />
    </form>
  );
}
