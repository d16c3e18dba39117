import { getFormProps } from '@conform-to/react';
import { fieldName } from '@core/contracts/form-fields';
import type {
  ChatMessage,
  ConversationDetail,
  ConversationForm,
  ConversationSummary,
  CustomerOrderLink,
} from '@core/contracts/support';
import { CHAT_TEXT_MAX_LENGTH } from '@core/rules/chat';
import { formatDayMonthTime } from '@core/rules/date';
import { FINISHED_ORDER_STATUSES, ORDER_STATUS_LABELS } from '@core/rules/orders';
import { ArrowLeft, Send } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { Form, Link, useFetcher } from 'react-router';
import { buttonStyles } from '~/components/ui/button';
import { HiddenFields } from '~/components/ui/hidden-fields';
import type { ActionFailure } from '~/lib/action-result';
import { useContractForm } from '~/lib/contract-form';
import { cx } from '~/lib/cx';
import { CONVERSATION_FORM } from '~/lib/form-contracts';
import { useActionOutcome } from '~/lib/use-action-outcome';
import { liveMessages, newestUnreadOfCustomer } from './live-console';
import { boardOrderHref, conversationHref, OPERATOR_HREF } from './operator-links';
import { useCustomerTyping, useLiveChat, useSendTyping } from './use-operator-live';

/**
 * Tells the server the customer's messages are read while the conversation is on screen: a post of the
 * console's `read` whenever a message of theirs that is unread shows (the loader reads nothing, ADR 041).
 * No loader runs again after it: the read mark and the list's count come back as socket events.
 */
function useReadWhenShown(conversationId: string, messages: readonly ChatMessage[]): void {
  const newestUnread = newestUnreadOfCustomer(messages);
  const { submit } = useFetcher({ key: `operator-read-${conversationId}` });
  useEffect(() => {
    if (!newestUnread) return;
    submit({ intent: 'read' } satisfies ConversationForm, {
      method: 'post',
      action: conversationHref(conversationId),
      preventScrollReset: true,
      defaultShouldRevalidate: false,
    }).catch((error: unknown) => console.error('the read mark was not sent', error));
  }, [newestUnread, conversationId, submit]);
}

/** One conversation: its history, the customer typing, the reply form, closing, and the customer's orders. */
export function ConversationView({
  detail,
  summary,
  isNewestPage,
  olderHref,
  replyKey,
  backHref = OPERATOR_HREF,
  failure,
}: {
  detail: ConversationDetail;
  /** The conversation as it is now (closed elsewhere, say): live-console.ts `liveSummary`. */
  summary: ConversationSummary;
  /** Whether this is the newest page of the history: messages that come are added to it. */
  isNewestPage: boolean;
  /** The page of older messages, when there is one. */
  olderHref: string | null;
  /** The next reply's idempotency key (the loader's): the same reply sent again is stored once. */
  replyKey: string;
  backHref?: string;
  /** A refused post of the page's own forms (without JavaScript, or closing). */
  failure?: ActionFailure;
}) {
  const conversation = summary;
  const { orders } = detail;
  const live = useLiveChat();
  const messages = liveMessages(conversation._id, detail.messages, isNewestPage, live);
  useReadWhenShown(conversation._id, messages);
  const isTyping = useCustomerTyping(conversation._id);
  const name = conversation.customer.name || 'Покупатель';
  const isOpen = conversation.status === 'open';

  return (
    <section
      aria-labelledby="operator-conversation-title"
      className="flex min-w-0 flex-col rounded-3xl bg-white shadow-card"
    >
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-line p-4 sm:px-5">
        <div className="min-w-0">
          <Link
            to={backHref}
            className="mb-1 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline lg:hidden"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Все диалоги
          </Link>
          <h2 id="operator-conversation-title" className="truncate text-xl font-bold">
            {name}
          </h2>
          <p className="text-sm text-muted">{isOpen ? 'Диалог открыт' : 'Диалог закрыт'}</p>
        </div>
        {isOpen ? (
          <Form method="post" action={conversationHref(conversation._id)}>
            <HiddenFields<ConversationForm> values={{ intent: 'close' }} />
            <button type="submit" className={buttonStyles({ variant: 'outline', size: 'sm' })}>
              Закрыть диалог
            </button>
          </Form>
        ) : null}
      </header>
      <div className="grid min-h-0 lg:grid-cols-[minmax(0,1fr)_260px]">
        <div className="flex min-w-0 flex-col gap-3 p-4 sm:px-5">
          {olderHref ? (
            <Link to={olderHref} className="self-center text-sm font-medium text-brand-700 hover:underline">
              Показать ранние сообщения
            </Link>
          ) : null}
          <MessageLog conversationId={conversation._id} messages={messages} />
          <p role="status" className="min-h-5 text-sm text-brand-700">
            {isTyping ? 'Клиент печатает…' : ''}
          </p>
          <ReplyForm conversationId={conversation._id} replyKey={replyKey} pageFailure={failure} />
        </div>
        <CustomerOrders orders={orders} />
      </div>
    </section>
  );
}

function MessageLog({
  conversationId,
  messages,
}: {
  conversationId: string;
  messages: readonly ChatMessage[];
}) {
  const fetcher = useFetcher({ key: replyFetcherKey(conversationId) });
  const sent = (name: 'intent' | 'text') => fetcher.formData?.get(fieldName<ConversationForm>(name));
  const sendingText = sent('intent') === 'reply' ? String(sent('text') ?? '').trim() : '';
  // The reply's own event may come before the post is answered: then it is in the log already.
  const last = messages.at(-1);
  const isLogged = last?.author === 'operator' && last.text.trim() === sendingText;
  const pendingText = isLogged ? '' : sendingText;
  const log = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?._id;
  // The newest message (and one being sent) in view, as in any chat.
  useEffect(() => {
    const element = log.current;
    if (element && (newest || pendingText)) element.scrollTop = element.scrollHeight;
  }, [newest, pendingText]);

  return (
    <div
      ref={log}
      role="log"
      aria-label="Сообщения"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached and scrolled by keyboard.
      tabIndex={0}
      className="max-h-[60vh] min-h-48 overflow-y-auto rounded-2xl bg-surface p-3 outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      {messages.length === 0 && !pendingText ? (
        <p className="py-8 text-center text-sm text-muted">Сообщений пока нет</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {messages.map((message) => (
            <MessageItem key={message._id} message={message} />
          ))}
          {pendingText ? (
            <li className="flex flex-col items-end">
              <div className="max-w-[85%] rounded-2xl bg-brand-600/80 px-3 py-2 text-white">
                <span className="sr-only">Вы: </span>
                <p className="break-words whitespace-pre-wrap">{pendingText}</p>
              </div>
              <span className="mt-0.5 text-xs text-muted">Отправляется…</span>
            </li>
          ) : null}
        </ol>
      )}
    </div>
  );
}

function MessageItem({ message }: { message: ChatMessage }) {
  const isOperator = message.author === 'operator';
  return (
    <li className={cx('flex flex-col', isOperator ? 'items-end' : 'items-start')}>
      <div
        className={cx(
          'flex max-w-[85%] flex-col gap-1.5 rounded-2xl px-3 py-2',
          isOperator ? 'bg-brand-700 text-white' : 'bg-white text-ink shadow-sm',
        )}
      >
        <span className="sr-only">{isOperator ? 'Оператор: ' : 'Клиент: '}</span>
        {message.order !== null ? (
          <Link
            to={boardOrderHref(message.order)}
            className={cx('text-sm font-semibold underline', isOperator ? 'text-white' : 'text-brand-700')}
          >
            Вопрос о заказе №{message.order}
          </Link>
        ) : null}
        {message.image ? (
          <img
            src={message.image.path}
            alt={isOperator ? 'Изображение оператора' : 'Изображение от клиента'}
            className="max-h-64 rounded-xl object-contain"
            loading="lazy"
          />
        ) : null}
        {message.text ? <p className="break-words whitespace-pre-wrap">{message.text}</p> : null}
      </div>
      <span className="mt-0.5 text-xs text-muted">
        {formatDayMonthTime(message.created_at)}
        {isOperator ? ` · ${message.state === 'read' ? 'Прочитано' : 'Отправлено'}` : ''}
      </span>
    </li>
  );
}

/** The reply form's fetcher, shared with the log (which shows the message being sent). */
const replyFetcherKey = (conversationId: string) => `operator-reply-${conversationId}`;

/**
 * The reply: a fetcher post to the conversation's action (a plain form without JavaScript). Enter sends,
 * Shift+Enter starts a new line; typing tells the customer. The text stays until the reply is stored.
 */
function ReplyForm({
  conversationId,
  replyKey,
  pageFailure,
}: {
  conversationId: string;
  replyKey: string;
  pageFailure?: ActionFailure;
}) {
  const fetcher = useFetcher({ key: replyFetcherKey(conversationId) });
  const sendTyping = useSendTyping(conversationId);
  const formRef = useRef<HTMLFormElement>(null);
  // Sent and stored (the action redirected): the field is ready for the next message. Refused: the text
  // stays, and the form says why.
  const outcome = useActionOutcome(fetcher, {
    failureToast: false,
    onRedirect: () => formRef.current?.reset(),
  });
  const [form, fields] = useContractForm(CONVERSATION_FORM, {
    id: `reply-${conversationId}`,
    lastResult: outcome.lastResult ?? pageFailure?.result,
  });
  const error = fields.text.errors?.[0] ?? form.errors?.[0];

  const submitOnEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    formRef.current?.requestSubmit();
  };

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={conversationHref(conversationId)}
      preventScrollReset
      {...getFormProps(form)}
      className="flex flex-col gap-2"
    >
      <HiddenFields<ConversationForm> values={{ intent: 'reply', key: replyKey }} />
      <label htmlFor={fields.text.id} className="text-sm font-semibold">
        Ответ клиенту
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={fields.text.id}
          name={fields.text.name}
          rows={2}
          maxLength={CHAT_TEXT_MAX_LENGTH}
          defaultValue={typeof fields.text.initialValue === 'string' ? fields.text.initialValue : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? fields.text.errorId : undefined}
          onKeyDown={submitOnEnter}
          onInput={sendTyping}
          className="min-h-12 flex-1 resize-y rounded-2xl border border-line bg-white px-3 py-2 text-[15px] outline-none focus-visible:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600/30"
        />
        <button
          type="submit"
          className={buttonStyles({ className: 'shrink-0' })}
          aria-disabled={outcome.isPending}
        >
          <Send aria-hidden="true" className="size-4" />
          Отправить
        </button>
      </div>
      {error ? (
        <p id={fields.text.errorId} role="alert" className="text-sm font-medium text-berry">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/** The customer's orders in the operator's shops: numbers and statuses (nothing else of theirs). */
function CustomerOrders({ orders }: { orders: readonly CustomerOrderLink[] }) {
  return (
    <aside
      aria-labelledby="operator-customer-orders-title"
      className="border-t border-line p-4 sm:px-5 lg:border-t-0 lg:border-l"
    >
      <h3 id="operator-customer-orders-title" className="font-bold">
        Заказы клиента
      </h3>
      {orders.length === 0 ? (
        <p className="mt-2 text-sm text-muted">Заказов нет</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2">
          {orders.map((order) => {
            const isActive = !FINISHED_ORDER_STATUSES.includes(order.status);
            return (
              <li key={order.number} className="text-sm">
                {isActive ? (
                  <Link
                    to={boardOrderHref(order.number)}
                    className="font-semibold text-brand-700 hover:underline"
                  >
                    Заказ №{order.number}
                  </Link>
                ) : (
                  <span className="font-semibold">Заказ №{order.number}</span>
                )}
                <span className="block text-muted">
                  {ORDER_STATUS_LABELS[order.status]} · {order.store}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </aside>
  );
}
