/**
 * What every page action and resource-route action shares (docs/decisions/020): the signed-in user first
 * (`requireUser` of ./auth.server.ts: a guest gets 401, never a validation error), the form parsed with the same Zod contract as the API, the
 * service called through the load context, and the outcome either a redirect (post, redirect, get: a reload
 * never posts twice, and it works without JavaScript) or the form's errors with a fitting status.
 *
 * The same-origin check of page posts is not here: it runs for every non-GET page request before React
 * Router sees it (server/http/auth.ts), so no action can forget it.
 */
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

/**
 * Checks `input` with the contract; a failure is a bad_request AppError with a message per field, keyed as
 * the API's error handler keys them (`orders.0.slot`), and the first message for the whole form.
 */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.');
    if (key && !(key in fields)) fields[key] = issue.message;
  }
  throw new AppError('bad_request', parsed.error.issues[0]?.message ?? DEFAULT_MESSAGES.bad_request, {
    fields,
  });
}

/** A redirect that also leaves a flash message for the page it leads to (shown once, as a toast). */
export function redirectWithFlash(to: string, flash: FlashKey): Response {
  return redirect(to, { headers: { 'Set-Cookie': flashCookie(flash) } });
}

/**
 * Runs an action's work: a service's AppError becomes the form's errors with the error's status (401 for a
 * guest, 400 for bad input, 409 for a conflict, 429 with Retry-After for a rate used up …); redirects pass
 * through; anything else is a real failure for the error page.
 */
export async function runAction<T>(
  work: () => Promise<T>,
  withFailure: () => Pick<ActionFailure, 'values'> = () => ({}),
): Promise<T | ReturnType<typeof data<ActionFailure>>> {
  try {
    return await work();
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error;
    const failure: ActionFailure = {
      ok: false,
      message: error.message,
      fields: error.fields ?? {},
      ...withFailure(),
    };
    // A rate's refusal (429) says when to come back, as the API's does.
    const headers: Record<string, string> =
      error.retryAfterS === undefined ? {} : { 'Retry-After': String(Math.ceil(error.retryAfterS)) };
    return data(failure, { status: error.status, headers });
  }
}
