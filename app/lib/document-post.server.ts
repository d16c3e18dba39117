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

/**
 * The page a widget's form was posted from: the path its `redirectTo` field names, else the Referer's path
 * when the Referer is this site (the site sends `strict-origin-when-cross-origin`, so a same-origin post
 * carries its page's path and query). Product cards leave the field out: a grid repeats it dozens of times
 * (ADR 044). Null when neither says, or either names another site.
 */
export function formPage(form: FormData, request?: Request): string | null {
  const named = formText(form, REDIRECT_TO_FIELD);
  if (named !== '') return safeRedirectPath(named, '') || null;
  const referer = request?.headers.get('referer');
  if (!request || !referer) return null;
  try {
    const from = new URL(referer);
    if (from.host !== new URL(request.url).host) return null;
    return safeRedirectPath(`${from.pathname}${from.search}`, '') || null;
  } catch {
    return null;
  }
}

/** Back to the form's page (formPage: a path of this site only), or `fallback`. */
export function redirectBack(form: FormData, fallback: string, request?: Request): Response {
  return redirect(formPage(form, request) ?? fallback, 303);
}

/** A guest's form that needs a customer: the login page, which comes back to the form's page (ADR 028). */
export function redirectToLogin(form: FormData, request?: Request): Response {
  const back = formPage(form, request) ?? '/';
  return redirect(`/login?${new URLSearchParams({ redirectTo: back })}`, 303);
}
