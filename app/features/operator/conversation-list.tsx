import type { ChatMessage, ConversationSummary } from '@core/contracts/support';
import { formatDayMonthTime } from '@core/rules/date';
import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { cx } from '~/lib/cx';
import { CONVERSATION_STATUSES, type ConversationStatusFilter, conversationHref } from './operator-links';
import { useCustomerTyping } from './use-operator-live';

/** What a conversation's row says of its last message. */
export function messagePreview(message: ChatMessage | null): string {
  if (!message) return 'Сообщений нет';
  const text = message.text || (message.image ? 'Изображение' : '');
  return message.author === 'operator' ? `Вы: ${text}` : text;
}

/** The console's list: the operator's conversations, newest first, each with its unread count. */
export function ConversationList({
  conversations,
  status,
  selectedId,
  className,
}: {
  conversations: readonly ConversationSummary[];
  status: ConversationStatusFilter;
  selectedId: string | null;
  className?: string;
}) {
  return (
    <section
      aria-labelledby="operator-conversations-title"
      className={cx('flex flex-col gap-3 rounded-3xl bg-white p-4 shadow-card', className)}
    >
      <h2 id="operator-conversations-title" className="px-1 text-lg font-bold">
        Диалоги
      </h2>
      <nav aria-label="Диалоги по состоянию">
        <ul className="flex gap-1">
          {CONVERSATION_STATUSES.map((item) => (
            <li key={item.key}>
              <Link
                to={item.href}
                aria-current={item.key === status ? 'page' : undefined}
                className={cx(
                  'inline-flex rounded-full px-3 py-1.5 text-sm font-medium text-muted outline-none transition-colors',
                  'hover:bg-brand-50 hover:text-ink focus-visible:ring-2 focus-visible:ring-brand-600',
                  'aria-[current=page]:bg-brand-600 aria-[current=page]:text-white',
                )}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {conversations.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-2 py-10 text-center text-muted">
          <MessagesSquare aria-hidden="true" className="size-8" />
          <p className="text-[15px]">
            {status === 'open' ? 'Открытых диалогов нет' : 'Закрытых диалогов нет'}
          </p>
        </div>
      ) : (
        <ul className="-mx-1 flex flex-col gap-1">
          {conversations.map((conversation) => (
            <ConversationItem
              key={conversation._id}
              conversation={conversation}
              href={`${conversationHref(conversation._id)}${status === 'closed' ? '?status=closed' : ''}`}
              isSelected={conversation._id === selectedId}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function ConversationItem({
  conversation,
  href,
  isSelected,
}: {
  conversation: ConversationSummary;
  href: string;
  isSelected: boolean;
}) {
  const isTyping = useCustomerTyping(conversation._id);
  const name = conversation.customer.name || 'Покупатель';
  return (
    <li>
      <Link
        to={href}
        aria-current={isSelected ? 'page' : undefined}
        className={cx(
          'flex flex-col gap-0.5 rounded-2xl px-3 py-2.5 outline-none transition-colors',
          'hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-600',
          isSelected && 'bg-brand-50',
        )}
      >
        <span className="flex items-baseline justify-between gap-2">
          <span className="truncate font-semibold">{name}</span>
          <span className="shrink-0 text-xs text-muted">
            {formatDayMonthTime(conversation.last_message_at)}
          </span>
        </span>
        <span className="flex items-center justify-between gap-2">
          <span className={cx('truncate text-sm', isTyping ? 'text-brand-700' : 'text-muted')}>
            {isTyping ? 'Печатает…' : messagePreview(conversation.last_message)}
          </span>
          {conversation.unread > 0 ? (
            <span className="inline-flex min-w-6 shrink-0 items-center justify-center rounded-full bg-berry px-1.5 py-0.5 text-xs font-bold text-white">
              <span aria-hidden="true">{conversation.unread}</span>
              <span className="sr-only">{`, непрочитанных: ${conversation.unread}`}</span>
            </span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}
