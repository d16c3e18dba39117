import { Modal } from '~/components/ui/modal';
import { type CodeRecipient, LOGIN_SUBTITLE, LoginForm } from './login-form';

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
