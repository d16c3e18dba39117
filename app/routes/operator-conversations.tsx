import { ChatPostKeySchema, HistoryQuerySchema, SendMessageSchema } from '@core/contracts/support';
import { MessagesSquare } from 'lucide-react';
import { redirect } from 'react-router';
import { ConversationList } from '~/features/operator/conversation-list';
import { ConversationView } from '~/features/operator/conversation-view';
import {
  actionConversationId,
  pageConversationId,
  requireOperatorAction,
  requireOperatorPage,
} from '~/features/operator/operator.server';
import {
  type ConversationStatusFilter,
  conversationHref,
  OPERATOR_FIELD,
  OPERATOR_HREF,
  OPERATOR_INTENTS,
} from '~/features/operator/operator-form';
import { failureOf } from '~/lib/action-result';
import { formText, parseWith, runAction } from '~/lib/actions.server';
import { cx } from '~/lib/cx';
import { orNotFound } from '~/lib/loader-errors.server';
import type { Route } from './+types/operator-conversations';

/**
 * /operator (the list) and /operator/chats/:id (the list and one conversation; ADR 034): the conversations
 * within the operator's reach, newest first, open or closed (?status=closed). Opening a conversation reads
 * the customer's messages (they see 'Прочитано'); ?before=<seq> pages back through its history.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = await requireOperatorPage(context, request);
  const { support } = context.services;
  const url = new URL(request.url);
  const status: ConversationStatusFilter = url.searchParams.get('status') === 'closed' ? 'closed' : 'open';
  let detail = null;
  let olderHref: string | null = null;
  if ('id' in params) {
    const id = pageConversationId(params.id);
    const cursor = HistoryQuerySchema.safeParse({ before: url.searchParams.get('before') ?? undefined });
    await orNotFound(support.readAsOperator(user._id, id));
    detail = await orNotFound(support.getConversation(user._id, id, cursor.success ? cursor.data : {}));
    if (detail.next_before !== null) {
      const older = new URLSearchParams(url.searchParams);
      older.set('before', String(detail.next_before));
      olderHref = `${conversationHref(id)}?${older}`;
    }
  }
  const conversations = await support.listConversations(user._id, status);
  // The next reply's idempotency key: a reply sent again (a lost answer) is stored once (ADR 037).
  return { status, conversations, detail, olderHref, replyKey: crypto.randomUUID() };
}

/**
 * The conversation's forms: a reply (the support service, as POST /api/operator/conversations/{id}/messages)
 * and closing it. An operator only, before the form is read; then back to the page (post, redirect, get).
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  let text = '';
  return runAction(
    async () => {
      const user = await requireOperatorAction(context);
      const id = actionConversationId('id' in params ? params.id : undefined);
      const form = await request.formData();
      if (formText(form, OPERATOR_FIELD.intent) === OPERATOR_INTENTS.close) {
        await context.services.support.close(user._id, id);
        return redirect(OPERATOR_HREF);
      }
      text = formText(form, OPERATOR_FIELD.text);
      const idempotencyKey = parseWith(ChatPostKeySchema, formText(form, OPERATOR_FIELD.key));
      await context.services.support.reply(user._id, id, parseWith(SendMessageSchema, { text }), {
        ip: context.clientIp,
        idempotencyKey,
      });
      return redirect(conversationHref(id));
    },
    () => ({ values: { text } }),
  );
}

export default function OperatorConversations({ loaderData, actionData }: Route.ComponentProps) {
  const { status, conversations, detail, olderHref, replyKey } = loaderData;
  // Without JavaScript a refused reply renders the page anew with its reason and the text.
  const failure = failureOf(actionData);
  return (
    <div className="grid items-start gap-4 lg:grid-cols-[340px_minmax(0,1fr)]">
      <ConversationList
        conversations={conversations}
        status={status}
        selectedId={detail?.conversation._id ?? null}
        className={cx(detail && 'hidden lg:flex')}
      />
      {detail ? (
        <ConversationView
          key={detail.conversation._id}
          detail={detail}
          olderHref={olderHref}
          replyKey={replyKey}
          failure={failure}
          backHref={status === 'closed' ? `${OPERATOR_HREF}?status=closed` : OPERATOR_HREF}
        />
      ) : (
        <div className="hidden flex-col items-center gap-3 rounded-3xl bg-white px-6 py-16 text-center text-muted shadow-card lg:flex">
          <MessagesSquare aria-hidden="true" className="size-10" />
          <p className="text-[15px]">Выберите диалог, чтобы прочитать его и ответить</p>
        </div>
      )}
    </div>
  );
}
