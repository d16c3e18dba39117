/**
 * A widget's form posted by the browser itself — before hydration, or without JavaScript — rather than by a
 * fetcher (docs/decisions/043). Its resource route then answers as a page action does: post, redirect, get,
 * back to the page the form was on; a refusal stays the action's failure, which the edge shows as the error
 * page with its Russian message (server/http/react-router.ts, ADR 036).
 */
import { redirect } from 'react-router';
import { formText } from './actions.server';
import { safeRedirectPath } from './safe-redirect';

/** The hidden field a widget's form names its page in. */
export const REDIRECT_TO_FIELD = 'redirectTo';

/**
 * Whether the browser posted the form as a document (it asks for HTML); a fetcher's data request does not
 * (React Router's fetch asks for anything, and the edge sends it no error page either).
 */
export function isDocumentPost(request: Request): boolean {
  return /\btext\/html\b/i.test(request.headers.get('accept') ?? '');
}

/** Back to the page the form named (a path of this site only), or `fallback`. */
export function redirectBack(form: FormData, fallback: string): Response {
  return redirect(safeRedirectPath(formText(form, REDIRECT_TO_FIELD), fallback), 303);
}

/** A guest's form that needs a customer: the login page, which comes back to the form's page (ADR 028). */
export function redirectToLogin(form: FormData): Response {
  const back = safeRedirectPath(formText(form, REDIRECT_TO_FIELD), '/');
  return redirect(`/login?${new URLSearchParams({ redirectTo: back })}`, 303);
}
