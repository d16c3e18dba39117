import { useEffect } from 'react';
import { useToast } from '~/components/ui/toast';

/** Answers already told: fetchers shared by key (one item's hearts) hand every user the same answer. */
const told = new WeakSet<object>();

/**
 * Tells a refused change once, as a warning toast with the server's message (SPEC §8), when its fetcher is
 * done. While a dialog is open the toast shows inside it (ADR 024).
 */
export function useFailureToast(
  state: 'idle' | 'loading' | 'submitting',
  answer: { ok: true } | { ok: false; message: string } | undefined,
): void {
  const toast = useToast();
  useEffect(() => {
    if (state !== 'idle' || !answer || answer.ok || told.has(answer)) return;
    told.add(answer);
    toast.show({ type: 'warning', title: answer.message });
  }, [state, answer, toast]);
}
