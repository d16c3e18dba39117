import { type ReactNode, useState } from 'react';
import { onFirstUse, useFirstUse } from '~/lib/on-first-use';
import { FEEDBACK_TITLE } from './feedback-links';

/** The popup's code (its form and Conform) comes on first use: the footer is on every page (ADR 040, 044). */
const feedbackDialog = onFirstUse(() => import('./feedback-dialog'));

/** 'Обратная связь': opens the feedback popup (the footer, the contacts page). */
export function FeedbackButton({
  className,
  children = FEEDBACK_TITLE,
}: {
  className?: string;
  children?: ReactNode;
}) {
  const [module, request] = useFirstUse(feedbackDialog);
  const [isOpen, setOpen] = useState(false);
  const preload = () => void feedbackDialog.load().catch(() => {});
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        className={className}
        onClick={() => {
          request();
          setOpen(true);
        }}
        onPointerEnter={preload}
        onFocus={preload}
      >
        {children}
      </button>
      {module ? <module.FeedbackDialog isOpen={isOpen} onOpenChange={setOpen} /> : null}
    </>
  );
}
