import { type ReactNode, useEffect, useRef } from 'react';
import {
  Button as AriaButton,
  Modal as AriaModal,
  Dialog,
  Heading,
  ModalOverlay,
} from 'react-aria-components';
import { cx } from '~/lib/cx';
import { AriaProviders } from './aria-providers';
import { Icon } from './icon';
import { ToastOutlet } from './toast';

/** SPEC §2: a modal popup sits above everything else at z-index 3000 unless told otherwise. */
export const MODAL_Z_INDEX = 3000;

export type ModalSize = 'sm' | 'md' | 'lg';

export type ModalProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The dialog's heading and accessible name. */
  title: string;
  subtitle?: string;
  children?: ReactNode;
  /** Close on a click on the dimmed background (default true). */
  closeOnBackdrop?: boolean;
  /** Close on Escape (default true). */
  closeOnEscape?: boolean;
  /** Move focus to the first input, textarea or select when it opens (default false: the dialog itself). */
  autoFocusFirstInput?: boolean;
  zIndex?: number;
  size?: ModalSize;
  /** Role of the dialog: 'alertdialog' for confirmations that need an answer. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
};

const SIZES: Record<ModalSize, string> = {
  sm: 'sm:max-w-sm',
  md: 'sm:max-w-md',
  lg: 'sm:max-w-2xl',
};

const FIRST_FIELD =
  'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled])';

/**
 * The shared popup over react-aria's ModalOverlay/Modal/Dialog: focus is trapped inside and returns to the
 * trigger on close; a bottom sheet on phones, a centred card from the sm breakpoint.
 */
export function Modal({
  isOpen,
  onOpenChange,
  title,
  subtitle,
  children,
  closeOnBackdrop = true,
  closeOnEscape = true,
  autoFocusFirstInput = false,
  zIndex = MODAL_Z_INDEX,
  size = 'md',
  role = 'dialog',
  className,
}: ModalProps) {
  const bodyRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isOpen || !autoFocusFirstInput) return;
    // react-aria focuses the dialog on open; move on to the first field once that has happened.
    const frame = requestAnimationFrame(() => {
      bodyRef.current?.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [isOpen, autoFocusFirstInput]);

  return (
    <AriaProviders>
      <ModalOverlay
        isOpen={isOpen}
        onOpenChange={onOpenChange}
        isDismissable={closeOnBackdrop}
        isKeyboardDismissDisabled={!closeOnEscape}
        style={{ zIndex }}
        className="fixed inset-0 flex items-end justify-center bg-[rgb(12_28_18/0.48)] p-0 data-[entering]:animate-fade-in sm:items-center sm:p-6"
      >
        <AriaModal
          className={cx(
            'max-h-[92dvh] w-full overflow-y-auto rounded-t-3xl bg-white shadow-pop outline-none sm:rounded-3xl',
            SIZES[size],
            className,
          )}
        >
          <Dialog role={role} className="relative p-6 outline-none sm:p-8">
            {({ close }) => (
              <div ref={bodyRef}>
                <div className="mb-5 pr-10">
                  <Heading slot="title" level={2} className="text-xl font-bold leading-tight sm:text-2xl">
                    {title}
                  </Heading>
                  {subtitle ? <p className="mt-1.5 text-[15px] text-muted">{subtitle}</p> : null}
                </div>
                <ToastOutlet />
                <AriaButton
                  aria-label="Закрыть"
                  onPress={close}
                  className="absolute top-4 right-4 inline-flex size-10 items-center justify-center rounded-full text-muted transition-colors hover:bg-surface hover:text-ink sm:top-6 sm:right-6"
                >
                  <Icon name="x" className="size-5" />
                </AriaButton>
                {children}
              </div>
            )}
          </Dialog>
        </AriaModal>
      </ModalOverlay>
    </AriaProviders>
  );
}
