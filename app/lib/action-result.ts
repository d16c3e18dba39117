/**
 * What a failed action gives its form (app/lib/actions.server.ts makes it): one message for the whole form,
 * one per field (keyed by the form's field names, the contract's paths as Conform writes them:
 * `orders[0].slot`), and, for a form read with its contract, Conform's `result`: the same errors and the
 * posted values, which `useForm({ lastResult })` shows, so a page rendered anew (no JavaScript) keeps what
 * was typed (ADR 042). Here, apart from the server module, so forms in the browser can read it.
 */
import type { SubmissionResult } from '@conform-to/react';

export type ActionFailure = {
  ok: false;
  message: string;
  fields: Record<string, string>;
  result?: SubmissionResult<string[]>;
};

/** The failure of an action's answer (a fetcher's data or the page's actionData), if it is one. */
export function failureOf(answer: unknown): ActionFailure | undefined {
  if (typeof answer !== 'object' || answer === null || !('ok' in answer) || answer.ok !== false)
    return undefined;
  const { message, fields, result } = answer as Partial<ActionFailure>;
  return {
    ok: false,
    message: typeof message === 'string' ? message : '',
    fields: fields ?? {},
    ...(result ? { result } : {}),
  };
}
