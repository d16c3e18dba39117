/**
 * What every page action and resource-route action shares (docs/decisions/020, 042): the signed-in user first
 * (`requireUser` of ./auth.server.ts: a guest gets 401, never a validation error), the form read with its
 * contract from core/contracts through Conform (`parseForm`: the field names are the contract's paths), the
 * service called through the load context, and the outcome either a redirect (post, redirect, get: a reload
 * never posts twice, and it works without JavaScript) or the form's errors with a fitting status and
 * Conform's `result`, which the form shows with `useForm({ lastResult })`.
 *
 * The same-origin check and the body limit of page posts are not here: they run for every non-GET page
 * request before React Router sees it (server/http/auth.ts, server/http/react-router.ts), so no action can
 * forget them.
 */
import { parse as parseSubmission, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from '@core/contracts/z';
import { type FlashKey, flashCookie } from '@core/rules/guards';
import { AppError, DEFAULT_MESSAGES, isAppError } from '@server/errors';
import { data, redirect } from 'react-router';
import type { ActionFailure } from './action-result';

export type { ActionFailure } from './action-result';

/** A form's text field: a missing field or a file reads as ''. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** A failed check as an AppError: a message per field, and the first message for the whole form. */
function rejection(errors: Record<string, readonly string[] | null | undefined>): AppError {
  const fields: Record<string, string> = {};
  let message: string | undefined;
  for (const [name, messages] of Object.entries(errors)) {
    const first = messages?.[0];
    if (first === undefined) continue;
    message ??= first;
    if (name !== '' && !(name in fields)) fields[name] = first;
  }
  return new AppError('bad_request', message ?? DEFAULT_MESSAGES.bad_request, { fields });
}

/**
 * Reads a posted form with its contract, as Conform does in the browser (`parseWithZod`: the field names are
 * the contract's paths, `address.city`, `orders[0].slot`; empty fields read as missing, numbers as numbers).
 * A failure is a bad_request AppError with a message per field and the first message for the whole form.
 */
export function parseForm<S extends z.ZodType>(form: FormData, schema: S): z.output<S> {
  const submission = parseWithZod(form, { schema });
  if (submission.status === 'success') return submission.value;
  throw rejection(submission.error ?? {});
}

/**
 * Checks `input` (not a form: route params, a query, JSON) with the contract; a failure is a bad_request
 * AppError with a message per field, keyed by its path (`orders.0.slot`), and the first message for the whole.
 */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= [];
    errors[key].push(issue.message);
  }
  throw rejection(errors);
}

/** A redirect that also leaves a flash message for the page it leads to (shown once, as a toast). */
export function redirectWithFlash(to: string, flash: FlashKey): Response {
  return redirect(to, { headers: { 'Set-Cookie': flashCookie(flash) } });
}

type Failure = Pick<ActionFailure, 'message' | 'fields'>;

/**
 * Runs an action's work: a service's AppError becomes the form's errors with the error's status (401 for a
 * guest, 400 for bad input, 409 for a conflict, 429 with Retry-After for a rate used up …); redirects pass
 * through; anything else is a real failure for the error page.
 */
export async function runAction<T>(
  work: () => Promise<T>,
  withFailure: (failure: Failure) => Pick<ActionFailure, 'result'> = () => ({}),
): Promise<T | ReturnType<typeof data<ActionFailure>>> {
  try {
    return await work();
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error;
    const fields = error.fields ?? {};
    const failure: ActionFailure = {
      ok: false,
      message: error.message,
      fields,
      ...withFailure({ message: error.message, fields }),
    };
    // A rate's refusal (429) says when to come back, as the API's does.
    const headers: Record<string, string> =
      error.retryAfterS === undefined ? {} : { 'Retry-After': String(Math.ceil(error.retryAfterS)) };
    return data(failure, { status: error.status, headers });
  }
}

/** A field's key as Conform names it: `orders.0.slot` (the API's) is `orders[0].slot`. */
function conformName(key: string): string {
  return key
    .split('.')
    .map((part, index) => (/^\d+$/.test(part) ? `[${part}]` : index === 0 ? part : `.${part}`))
    .join('');
}

/**
 * Conform's answer to a refused post: the errors by field (or the form's message when no field has one) and
 * what was posted, less `hideFields` (a code, a password: never sent back), for `useForm({ lastResult })`.
 */
export function formResult(
  form: FormData,
  { message, fields }: Failure,
  hideFields: readonly string[] = [],
): SubmissionResult<string[]> {
  const entries = Object.entries(fields);
  const error: Record<string, string[]> =
    entries.length > 0
      ? Object.fromEntries(entries.map(([key, text]) => [conformName(key), [text]]))
      : { '': [message] };
  return parseSubmission(form, { resolve: () => ({ error }) }).reply({ hideFields: [...hideFields] });
}

/**
 * A form's action (ADR 042): `guard` first (requireUser: a guest gets 401 before the body is read), then the
 * form, then `work`. A refusal answers the form's errors with Conform's `result` (what was posted, less
 * `hideFields`), so the form rendered again, with or without JavaScript, shows the errors and keeps the values.
 */
export async function runFormAction<G, T>(
  request: Request,
  guard: () => G | Promise<G>,
  work: (form: FormData, guarded: G) => Promise<T> | T,
  { hideFields = [] }: { hideFields?: readonly string[] } = {},
): Promise<T | ReturnType<typeof data<ActionFailure>>> {
  let form: FormData | undefined;
  return runAction(
    async () => {
      const guarded = await guard();
      form = await request.formData();
      return work(form, guarded);
    },
    (failure) => (form ? { result: formResult(form, failure, hideFields) } : {}),
  );
}
