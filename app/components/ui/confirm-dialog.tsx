import {
  Button as AriaButton,
  Modal as AriaModal,
  Dialog,
  Heading,
  ModalOverlay,
} from 'react-aria-components';
import { AriaProviders } from './aria-providers';
import { buttonStyles } from './button';
import { MODAL_Z_INDEX } from './modal';

export type ConfirmDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The question, as the dialog's heading and accessible name: 'Отменить заказ №100001?' */
  title: string;
  /** What happens if the customer says yes. */
  description?: string;
  /** The button that does it: 'Отменить заказ', 'Удалить'. */
  confirmLabel: string;
  /** The button that leaves things as they are. */
  cancelLabel?: string;
  onConfirm: () => void;
  /** A destructive action: the confirm button is drawn as a warning. */
  isDestructive?: boolean;
};

/**
 * A question before something that cannot be taken back ('Отменить заказ', 'Удалить все'): react-aria's
 * Modal and Dialog as an `alertdialog`, so focus moves in and is trapped there and returns to the button that
 * opened it, and Escape (or a click on the backdrop) answers no. Focus starts on the safe answer.
 */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Отмена',
  onConfirm,
  isDestructive = false,
}: ConfirmDialogProps) {
  return (
    <AriaProviders>
      <ModalOverlay
        isOpen={isOpen}
        onOpenChange={onOpenChange}
        isDismissable
        style={{ zIndex: MODAL_Z_INDEX }}
        className="fixed inset-0 flex items-end justify-center bg-[rgb(12_28_18/0.48)] data-[entering]:animate-fade-in sm:items-center sm:p-6"
      >
        <AriaModal className="w-full rounded-t-3xl bg-white shadow-pop outline-none sm:max-w-md sm:rounded-3xl">
          <Dialog role="alertdialog" className="p-6 outline-none sm:p-8">
            {({ close }) => (
              <>
                <Heading slot="title" level={2} className="text-xl font-bold leading-tight">
                  {title}
                </Heading>
                {description ? <p className="mt-2 text-[15px] text-muted">{description}</p> : null}
                <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                  <AriaButton autoFocus onPress={close} className={buttonStyles({ variant: 'outline' })}>
                    {cancelLabel}
                  </AriaButton>
                  <AriaButton
                    onPress={() => {
                      close();
                      onConfirm();
                    }}
                    className={buttonStyles({ variant: isDestructive ? 'danger' : 'primary' })}
                  >
                    {confirmLabel}
                  </AriaButton>
                </div>
              </>
            )}
          </Dialog>
        </AriaModal>
      </ModalOverlay>
    </AriaProviders>
  );
}
