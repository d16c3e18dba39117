import { useState } from 'react';
import { buttonStyles } from '~/components/ui/button';
import { onFirstUse, useFirstUse } from '~/lib/on-first-use';
import type { VacancyRef } from './apply-dialog';

/** The application popup's code comes on first use (ADR 044): most visitors only read the vacancies. */
const applyDialog = onFirstUse(() => import('./apply-dialog'));

/** 'Откликнуться' on a vacancy (issue 24). */
export function ApplyButton({ vacancy }: { vacancy: VacancyRef }) {
  const [module, request] = useFirstUse(applyDialog);
  const [isOpen, setOpen] = useState(false);
  const preload = () => void applyDialog.load().catch(() => {});
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label={`Откликнуться: ${vacancy.title}`}
        className={buttonStyles({ className: 'self-start' })}
        onClick={() => {
          request();
          setOpen(true);
        }}
        onPointerEnter={preload}
        onFocus={preload}
      >
        Откликнуться
      </button>
      {module ? <module.ApplyDialog vacancy={vacancy} isOpen={isOpen} onOpenChange={setOpen} /> : null}
    </>
  );
}
