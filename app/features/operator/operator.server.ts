/**
 * Who may use the operator console (ADR 034): operators only. A guest is sent to the login page and back; a
 * customer gets the 403 page (a page) or a 403 answer (an action), before anything they sent is read. The
 * role is the support service's, as for /api/operator/*.
 */
import type { User } from '@core/contracts/identity';
import { ConversationParamsSchema } from '@core/contracts/support';
import { AppError } from '@server/errors';
import { CONVERSATION_NOT_FOUND, OPERATORS_ONLY } from '@server/modules/support/support.service';
import type { LoadContext } from '@server/services';
import { data } from 'react-router';
import { loginHref } from '~/features/auth/login';
import { requireUser } from '~/lib/auth.server';

export { OPERATORS_ONLY };

/** A console page's viewer: an operator, or the login redirect (a guest) or the 403 page (anyone else). */
export async function requireOperatorPage(
  context: Pick<LoadContext, 'viewer' | 'services'>,
  request: Request,
): Promise<User> {
  const url = new URL(request.url);
  const user = requireUser(context, { redirectTo: loginHref(`${url.pathname}${url.search}`) });
  if ((await context.services.support.roleOf(user._id)) !== 'operator') {
    throw data(OPERATORS_ONLY, { status: 403, statusText: 'Forbidden' });
  }
  return user;
}

/** A console action's operator: a guest is answered 401, a customer 403 (runAction turns both into data). */
export async function requireOperatorAction(
  context: Pick<LoadContext, 'viewer' | 'services'>,
): Promise<User> {
  const user = requireUser(context);
  await context.services.support.requireOperator(user._id);
  return user;
}

/** The conversation id of a console URL, or null: anything but a UUID names no conversation. */
function conversationIdOf(value: string | undefined): string | null {
  const parsed = ConversationParamsSchema.safeParse({ id: value });
  return parsed.success ? parsed.data.id : null;
}

/** A page's conversation id; the 404 page for anything else. */
export function pageConversationId(value: string | undefined): string {
  const id = conversationIdOf(value);
  if (!id) throw data(null, { status: 404, statusText: 'Not Found' });
  return id;
}

/** An action's conversation id; 'Диалог не найден' (404) for anything else. */
export function actionConversationId(value: string | undefined): string {
  const id = conversationIdOf(value);
  if (!id) throw new AppError('not_found', CONVERSATION_NOT_FOUND);
  return id;
}
