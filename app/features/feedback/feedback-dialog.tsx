import { getFormProps } from '@conform-to/react';
import { QUESTION_FAILED_MESSAGE, QUESTION_SENT_MESSAGE } from '@core/contracts/feedback';
import { HONEYPOT_FIELD, QUESTION_MESSAGE_MAX_LENGTH } from '@core/rules/feedback';
import { formatPhone, formatPhoneInput, phoneForApi } from '@core/rules/phone';
import { useState } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { Button } from '~/components/ui/aria-button';
import { FormMessage, FormTextField, initialText, PhoneField } from '~/components/ui/form-fields';
import { Modal } from '~/components/ui/modal';
import { useOptionalUser } from '~/features/auth/user';
import { useContractForm } from '~/lib/contract-form';
import { QUESTION_FORM } from '~/lib/form-contracts';
import { useActionOutcome } from '~/lib/use-action-outcome';
import type { action as feedbackAction } from '~/routes/resources/feedback';
import { ConsentField, HoneypotField } from './consent-field';
import { FEEDBACK_ACTION, FEEDBACK_TITLE } from './feedback-links';

/**
 * 'Обратная связь' (SPEC §2): name, phone, message and consent, all required (SPEC §5; the name and phone rules
 * of login), filled in for a signed-in customer. Sent: 'Заявка успешно отправлена' (SPEC §8); refused: the
 * server's message; an answer with success false: SPEC §8's own words.
 */
export function FeedbackDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={FEEDBACK_TITLE} size="md" autoFocusFirstInput>
      <FeedbackForm onSent={() => onOpenChange(false)} />
    </Modal>
  );
}

function FeedbackForm({ onSent }: { onSent: () => void }) {
  const user = useOptionalUser();
  const { pathname, search } = useLocation();
  const sender = useFetcher<typeof feedbackAction>();
  const outcome = useActionOutcome(sender, {
    successToast: QUESTION_SENT_MESSAGE,
    onSuccess: onSent,
    failureToast: (failure) => failure.message || QUESTION_FAILED_MESSAGE,
  });
  const [form, fields] = useContractForm(QUESTION_FORM, {
    id: 'feedback',
    lastResult: outcome.lastResult,
    defaultValue: { name: user?.name ?? '', message: '' },
    onSubmit: (event, { formData }) => {
      event.preventDefault();
      if (outcome.isPending) return;
      // SPEC §5: digits only go to the server.
      formData.set(fields.phone.name, phoneForApi(String(formData.get(fields.phone.name) ?? '')));
      void sender.submit(formData, { method: 'post', action: FEEDBACK_ACTION });
    },
  });
  const [phone, setPhone] = useState(() =>
    formatPhoneInput(initialText(fields.phone) ?? (user ? formatPhone(user.phone) : '')),
  );

  return (
    <sender.Form
      method="post"
      action={FEEDBACK_ACTION}
      {...getFormProps(form)}
      aria-busy={outcome.isPending}
      className="relative flex flex-col gap-4"
    >
      <input type="hidden" name={fields.link.name} value={`${pathname}${search}`} />
      <FormMessage errors={form.errors} />
      <FormTextField label="Имя" field={fields.name} autoComplete="given-name" maxLength={100} />
      <PhoneField label="Телефон" field={fields.phone} value={phone} onChange={setPhone} />
      <FormTextField
        label="Сообщение"
        field={fields.message}
        isMultiline
        maxLength={QUESTION_MESSAGE_MAX_LENGTH}
        description={`До ${QUESTION_MESSAGE_MAX_LENGTH} символов`}
      />
      <ConsentField field={fields.checked} id="feedback-consent" />
      <Button type="submit" size="lg" className="w-full">
        {outcome.isPending ? 'Отправляем…' : 'Отправить'}
      </Button>
      <HoneypotField name={HONEYPOT_FIELD} />
    </sender.Form>
  );
}
