import { redirect, replace } from 'react-router';
import { LOGOUT_FIELD } from '~/features/auth/logout';
import { formText } from '~/lib/actions.server';
import { safeRedirectPath } from '~/lib/safe-redirect';
import type { Route } from './+types/logout';

/**
 * POST /logout, 'Выйти' (docs/decisions/031): ends the session through the identity service, as
 * POST /api/user/logout does (the token is then refused everywhere and its sockets close), clears the session
 * cookie, and goes back to `redirectTo`, replacing that history entry. Every loader of that page then runs
 * for a guest: the header says 'Войти', and a cabinet or order page sends the guest on (SPEC §6). A guest's
 * post (an expired session) only clears the cookie. The same-origin check of page posts runs first
 * (server/http/auth.ts), so another site cannot sign a customer out.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const token = context.session.token;
  if (token) await context.services.identity.logout(token);
  return replace(safeRedirectPath(formText(form, LOGOUT_FIELD.redirectTo)), {
    headers: { 'Set-Cookie': context.session.clearCookie() },
  });
}

/** A link or a typed address never signs anyone out: only the post does. */
export function loader() {
  throw redirect('/');
}
