import { ChatFormSchema, HistoryQuerySchema } from '@core/contracts/support';
import { isAppError } from '@server/errors';
import { data } from 'react-router';
import { runChatIntent } from '~/features/chat/chat-actions.server';
import { CHAT_BEFORE_PARAM } from '~/features/chat/chat-links';
import { parseForm, parseWith, runFormAction } from '~/lib/actions.server';
import { requireUser } from '~/lib/auth.server';
import type { Route } from './+types/chat';

/**
 * /resources/chat: the cabinet chat's widget calls (ADR 033). GET ?before=<seq>: the page of the history older
 * than that message ('Показать ранние'); a guest gets 401 and no data. POST: the chat's posts (ChatFormSchema:
 * read-chat when it is on screen; send-message too, though the tab's form posts to the cabinet itself so that
 * it also works without JavaScript).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.viewer.user;
  if (!user) throw data(null, { status: 401 });
  const before = new URL(request.url).searchParams.get(CHAT_BEFORE_PARAM);
  try {
    const cursor = parseWith(HistoryQuerySchema, before ? { before } : {});
    const history = await context.services.support.getChat(user._id, cursor);
    return data(history, { headers: { 'Cache-Control': 'private, no-store' } });
  } catch (error) {
    if (isAppError(error) && error.status < 500) {
      throw data({ ok: false, message: error.message }, { status: error.status });
    }
    throw error;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return runFormAction(
    request,
    () => requireUser(context),
    (form, user) =>
      runChatIntent(context.services.support, user._id, parseForm(form, ChatFormSchema), {
        ip: context.clientIp,
      }),
  );
}
