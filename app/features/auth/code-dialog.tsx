import { Modal } from '~/components/ui/modal';
import { CodeForm, codeSubtitle } from './code-form';
import type { SignedIn } from './login';
import type { CodeRecipient } from './login-form';

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
  /** A right code: the action's answer, once the page's data has been loaded again for the customer. */
  onSignedIn: (signedIn: SignedIn) => void;
  onChangeNumber: () => void;
}) {
  return (
    <Modal
      isOpen={isOpen && recipient !== null}
      onOpenChange={onOpenChange}
      title="Введите код"
      subtitle={recipient ? codeSubtitle(recipient) : undefined}
      size="sm"
      autoFocusFirstInput
    >
      {recipient ? (
        <CodeForm recipient={recipient} onSignedIn={onSignedIn} onChangeNumber={onChangeNumber} />
      ) : null}
    </Modal>
  );
}
