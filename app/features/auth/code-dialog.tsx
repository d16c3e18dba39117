import { CODE_INVALID_MESSAGE, CodeSchema, LoginResponseSchema, type User } from '@core/contracts/identity';
import { sanitiseCodeInput } from '@core/rules/code';
import { formatPhone } from '@core/rules/phone';
import { type FormEvent, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Modal } from '~/components/ui/modal';
import { useToast } from '~/components/ui/toast';
import { clearPendingAddress, pendingAddressForLogin } from '~/features/delivery/area-storage';
import { ApiError, api, errorMessage } from '~/lib/api-client';
import { FormTextField } from './form-fields';
import { type CodeRecipient, sendLoginCode } from './login-dialog';
import { useCountdown } from './use-countdown';

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
  /** A right code: the signed-in user (without the token, which stays in the httpOnly cookie). */
  onSignedIn: (user: User) => Promise<void>;
  onChangeNumber: () => void;
}) {
  return (
    <Modal
      isOpen={isOpen && recipient !== null}
      onOpenChange={onOpenChange}
      title="Введите код"
      subtitle={recipient ? `Мы отправили SMS с кодом на номер ${formatPhone(recipient.phone)}` : undefined}
      size="sm"
      autoFocusFirstInput
    >
      {recipient ? (
        <CodeForm recipient={recipient} onSignedIn={onSignedIn} onChangeNumber={onChangeNumber} />
      ) : null}
    </Modal>
  );
}

/** Mounted with the popup: the timer restarts and the field is empty each time it opens. */
function CodeForm({
  recipient,
  onSignedIn,
  onChangeNumber,
}: {
  recipient: CodeRecipient;
  onSignedIn: (user: User) => Promise<void>;
  onChangeNumber: () => void;
}) {
  const toast = useToast();
  const { secondsLeft, restart } = useCountdown();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isChecking, setChecking] = useState(false);
  const [isResending, setResending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isChecking) return;
    if (!CodeSchema.safeParse(code).success) {
      setError(CODE_INVALID_MESSAGE);
      return;
    }
    setChecking(true);
    try {
      // The address chosen as a guest goes with the code: the server saves it to the account (SPEC §4, §6).
      const { user } = await api.post(
        '/api/user/login',
        { phone: recipient.phone, code, address: pendingAddressForLogin() },
        LoginResponseSchema,
      );
      clearPendingAddress();
      const { token: _token, ...signedIn } = user;
      await onSignedIn(signedIn);
    } catch (failure) {
      const message = errorMessage(failure);
      setError(failure instanceof ApiError ? (failure.fields.code ?? message) : message);
      // SPEC §8: a failed code check shows the server's message as a warning toast.
      toast.show({ type: 'warning', title: message });
      setChecking(false);
    }
  };

  const resend = async () => {
    setResending(true);
    try {
      await sendLoginCode(recipient);
      restart();
      setCode('');
      setError(undefined);
      toast.show({ type: 'info', title: 'Новый код отправлен' });
    } catch (failure) {
      toast.show({ type: 'warning', title: errorMessage(failure) });
    } finally {
      setResending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-busy={isChecking} className="flex flex-col gap-4">
      <FormTextField
        label="Код из SMS"
        name="code"
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
      <div className="flex flex-col items-center gap-1">
        <Button
          variant="ghost"
          size="sm"
          isDisabled={secondsLeft > 0 || isResending}
          onPress={() => void resend()}
          className="tabular-nums"
        >
          {secondsLeft > 0 ? `Отправить код повторно через ${secondsLeft} с` : 'Отправить код повторно'}
        </Button>
        <Button variant="ghost" size="sm" onPress={onChangeNumber} className="text-brand-700">
          Изменить номер
        </Button>
      </div>
    </form>
  );
}
