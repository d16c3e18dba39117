/**
 * The one place a form learns what became of its fetcher's post (ADR 042): a refusal is told as a warning
 * toast with the server's message (SPEC §8) and handed to the form as Conform's `lastResult`; a change done
 * calls `onSuccess` (close the dialog, say 'Данные успешно обновлены') once the router has loaded the page's
 * data again. Components pass handlers; none of them runs an effect on `fetcher.data`.
 */
import type { SubmissionResult } from '@conform-to/react';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useToast } from '~/components/ui/toast';
import { type ActionFailure, failureOf } from './action-result';

type FetcherState = 'idle' | 'loading' | 'submitting';

/** What the hook reads of a fetcher (React Router's `useFetcher()`). */
export type FetcherLike<D> = { state: FetcherState; data?: D };

/** An answer that is not a refusal. */
export type ActionSuccess<D> = Exclude<D, { ok: false } | undefined>;

export type ActionOutcomeHandlers<D> = {
  /** Once per answer that is not a refusal, when the fetcher is idle again (the page's data reloaded). */
  onSuccess?: (answer: ActionSuccess<D>) => void;
  /** Once per refusal, when the fetcher is idle again. */
  onFailure?: (failure: ActionFailure) => void;
  /**
   * The action answered a redirect (post, redirect, get): the router went there and the fetcher has no
   * answer of its own. A change done, for an action that redirects.
   */
  onRedirect?: () => void;
  /**
   * SPEC §8: a refusal shows the server's message as a warning toast (told once, however many controls
   * share the fetcher). `false`: the form alone shows it; a function: the toast's title instead.
   */
  failureToast?: false | ((failure: ActionFailure) => string);
  /** A success toast, e.g. 'Данные успешно обновлены' (SPEC §8). */
  successToast?: string;
};

export type ActionOutcome = {
  /** Posting, or the page's data loading again after it. */
  isPending: boolean;
  /** The last answer's refusal, once the fetcher is idle. */
  failure: ActionFailure | undefined;
  /** The refusal for Conform: `useForm({ lastResult })` shows its errors on the fields. */
  lastResult: SubmissionResult<string[]> | undefined;
};

/** What to do with the fetcher now: an answer not handled yet, once the fetcher is idle. */
export function arrivedAnswer<D>(fetcher: FetcherLike<D>, handled: unknown): D | undefined {
  if (fetcher.state !== 'idle' || fetcher.data === undefined || fetcher.data === handled) return undefined;
  return fetcher.data;
}

/** Refusals already told as toasts: fetchers shared by key hand every control the same answer. */
const told = new WeakSet<object>();

export function useActionOutcome<D>(
  fetcher: FetcherLike<D>,
  handlers: ActionOutcomeHandlers<D> = {},
): ActionOutcome {
  const toast = useToast();
  // An answer the fetcher already had when the component mounted (a keyed fetcher) is not news.
  const handled = useRef<unknown>(fetcher.data);
  const wasPending = useRef(false);
  const arrive = useEffectEvent((answer: D) => {
    handled.current = answer;
    const failure = failureOf(answer);
    if (failure) {
      if (handlers.failureToast !== false && typeof answer === 'object' && answer && !told.has(answer)) {
        told.add(answer);
        const title = handlers.failureToast ? handlers.failureToast(failure) : failure.message;
        toast.show({ type: 'warning', title });
      }
      handlers.onFailure?.(failure);
      return;
    }
    if (handlers.successToast) toast.show({ type: 'success', title: handlers.successToast });
    handlers.onSuccess?.(answer as ActionSuccess<D>);
  });
  const redirected = useEffectEvent(() => handlers.onRedirect?.());
  const { state, data } = fetcher;
  useEffect(() => {
    const isDone = wasPending.current && state === 'idle';
    wasPending.current = state !== 'idle';
    const answer = arrivedAnswer({ state, data }, handled.current);
    if (answer !== undefined) arrive(answer);
    else if (isDone && data === undefined) redirected();
  }, [state, data]);

  const failure = state === 'idle' ? failureOf(data) : undefined;
  return { isPending: state !== 'idle', failure, lastResult: failure?.result };
}
