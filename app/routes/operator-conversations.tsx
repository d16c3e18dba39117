import { ConversationFormSchema, HistoryQuerySchema } from '@core/contracts/support';
import { MessagesSquare } from 'lucide-react';
import { redirect, useLocation } from 'react-router';
import { ConversationList } from '~/features/operator/conversation-list';
import { ConversationView } from '~/features/operator/conversation-view';
import { liveConversations, liveSummary } from '~/features/operator/live-console';
import {
  actionConversationId,
  pageConversationId,
  requireOperatorAction,
  requireOperatorPage,
} from '~/features/operator/operator.server';
import {
  type ConversationStatusFilter,
  conversationHref,
  OPERATOR_HREF,
} from '~/features/operator/operator-links';
import { useConsolePageData, useLiveChat } from '~/features/operator/use-operator-live';
import { failureOf } from '~/lib/action-result';
import { parseForm, runFormAction } from '~/lib/actions.server';
import { cx } from '~/lib/cx';
import { orNotFound } from '~/lib/loader-errors.server';
import type { Route } from './+types/operator-conversations';

/**
 * /operator (the list) and /operator/chats/:id (the list and one conversation; ADR 034): the conversations
 * within the operator's reach, newest first, open or closed (?status=closed); ?before=<seq> pages back
 * through a conversation's history. The loader reads and never writes (ADR 041): the console posts `read`
 * when the conversation is on screen, and the customer then sees 'Прочитано'.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = await requireOperatorPage(context, request);
  // Live events from this time on may not be in this answer (app/features/operator/live-console.ts).
  const loadedAt = new Date().toISOString();
  const { support } = context.services;
  const url = new URL(request.url);
  const status: ConversationStatusFilter = url.searchParams.get('status') === 'closed' ? 'closed' : 'open';
  let detail = null;
  let olderHref: string | null = null;
  let isNewestPage = true;
  if ('id' in params) {
    const id = pageConversationId(params.id);
    const cursor = HistoryQuerySchema.safeParse({ before: url.searchParams.get('before') ?? undefined });
    isNewestPage = !cursor.success || cursor.data.before === undefined;
    detail = await orNotFound(support.getConversation(user._id, id, cursor.success ? cursor.data : {}));
    if (detail.next_before !== null) {
      const older = new URLSearchParams(url.searchParams);
      older.set('before', String(detail.next_before));
      olderHref = `${conversationHref(id)}?${older}`;
    }
  }
  const conversations = await support.listConversations(user._id, status);
  return {
    status,
    conversations,
    detail,
    isNewestPage,
    olderHref,
    // The next reply's idempotency key: a reply sent again (a lost answer) is stored once (ADR 037).
    replyKey: crypto.randomUUID(),
    loadedAt,
  };
}

/**
 * The conversation's forms: a reply (the support service, as POST /api/operator/conversations/{id}/messages)
 * and closing it, then back to the page (post, redirect, get); and `read`, the console's fetcher when the
 * conversation is on screen, answered with data (its fetcher runs no loader again). An operator only, before
 * the form is read.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  return runFormAction(
    request,
    async () => ({
      user: await requireOperatorAction(context),
      id: actionConversationId('id' in params ? params.id : undefined),
    }),
    async (form, { user, id }) => {
      const input = parseForm(form, ConversationFormSchema);
      switch (input.intent) {
        case 'read':
          await context.services.support.readAsOperator(user._id, id);
          return { ok: true as const, intent: input.intent };
        case 'close':
          await context.services.support.close(user._id, id);
          return redirect(OPERATOR_HREF);
        case 'reply': {
          const { intent, key: idempotencyKey, ...message } = input;
          await context.services.support.reply(user._id, id, message, {
            ip: context.clientIp,
            idempotencyKey,
          });
          return redirect(conversationHref(id));
        }
      }
    },
  );
}

/**
 * The page's own route for its keyed fetcher: the list is the index route (`?index`, or the layout's loader
 * would answer), a conversation its own.
 */
function ownHref(pathname: string, search: string, isIndex: boolean): string {
  if (!isIndex) return `${pathname}${search}`;
  const params = new URLSearchParams(search);
  params.set('index', '');
  return `${pathname}?${params}`;
}

export default function OperatorConversations({ loaderData, actionData, params }: Route.ComponentProps) {
  const { pathname, search } = useLocation();
  const data = useConsolePageData(loaderData, ownHref(pathname, search, !('id' in params)), {
    // An order placed or moved: the open conversation's customer's orders may have changed.
    onOrderBoard: loaderData.detail !== null,
  });
  const { status, detail, olderHref, replyKey, isNewestPage, loadedAt } = data;
  const live = useLiveChat();
  const conversations = liveConversations(data.conversations, status, loadedAt, live);
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
          summary={liveSummary(detail.conversation, loadedAt, live)}
          isNewestPage={isNewestPage}
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
