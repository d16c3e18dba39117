import type { FormEvent } from 'react';
import { useState } from 'react';
import { onFirstUse, useFirstUse } from '~/lib/on-first-use';

/** The confirmation dialog (react-aria's modal), loaded when first asked for: no page's first load (ADR 044). */
const confirmDialog = onFirstUse(() => import('./confirm-dialog'));

/**
 * A form's question before it posts ('Удалить все', a saved address's delete, an order's cancel), in the
 * confirmation dialog loaded on first use. `reach` starts loading it (a hover, a focus on the form's button);
 * `ask` is the form's submit handler: the dialog opens instead of the post, as soon as its code is here, or,
 * should that code fail to load, the form posts and the page asks, as without JavaScript. `ConfirmDialog` is
 * undefined until it has loaded.
 */
export function useConfirmOnFirstUse() {
  const [isOpen, setOpen] = useState(false);
  const [module, reach] = useFirstUse(confirmDialog);
  const ask = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setOpen(true);
    reach();
    confirmDialog.load().catch(() => form.submit());
  };
  return { ConfirmDialog: module?.ConfirmDialog, isOpen, setOpen, ask, reach };
}
