import { getFormProps } from '@conform-to/react';
import type { FileRef } from '@core/contracts/identity';
import type { ChatForm, ChatHistory, ChatMessage, CustomerOrderLink } from '@core/contracts/support';
import { CHAT_TEXT_MAX_LENGTH, TYPING_REPEAT_MS, TYPING_TTL_MS } from '@core/rules/chat';
import { formatDayMonthTime } from '@core/rules/date';
import { ORDER_STATUS_LABELS } from '@core/rules/orders';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { Link, useFetcher, useRevalidator } from 'react-router';
import { Button } from '~/components/ui/aria-button';
import { buttonStyles } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { Thumb } from '~/components/ui/thumb';
import { useRealtime, useRealtimeEvent } from '~/features/realtime/use-realtime';
import type { ActionFailure } from '~/lib/action-result';
import { useContractForm } from '~/lib/contract-form';
import { cx } from '~/lib/cx';
import { CHAT_FORM } from '~/lib/form-contracts';
import { ACCEPTED_IMAGE_TYPES } from '~/lib/image-types';
import { useActionOutcome } from '~/lib/use-action-outcome';
import { useImageUpload } from '~/lib/use-image-upload';
import {
  CHAT_BEFORE_PARAM,
  CHAT_RESOURCE,
  CHAT_TAB_HREF,
  OPERATOR_TYPING_TEXT,
  SHOW_EARLIER_LABEL,
} from './chat-links';

export type ChatPanelProps = {
  history: ChatHistory;
  orders: readonly CustomerOrderLink[];
  isOperatorTyping: boolean;
  /** The loader's idempotency key of the next message (the form without JavaScript sends it). */
  messageKey: string;
  /** The page shows an older page of the history (?before=, the way without JavaScript). */
  isOlderPage: boolean;
  /** The cabinet action's refusal of a message sent without JavaScript. */
  failure?: ActionFailure;
};

const SEND_KEY = 'chat-send';

/** A message's idempotency key (crypto.randomUUID needs a secure context; getRandomValues does not). */
function newMessageKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}
const READ_KEY = 'chat-read';

/** The messages of all the lists once (a later list's version wins: its read marks are newer), oldest first. */
function mergeMessages(...lists: readonly (readonly ChatMessage[])[]): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const list of lists) for (const message of list) byId.set(message._id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/**
 * The cabinet's 'chat' tab (SPEC §1, §2; ADR 033): the customer's one conversation with support. The history
 * is the loader's newest page, with older pages added by 'Показать ранние'; new messages, the operator's
 * typing and the read marks come over the socket (the loader runs again). A message goes through the cabinet's
 * action — as a fetcher with JavaScript (shown at once, before the server answers), as a plain form post
 * without. While this tab is on screen, support's replies are read at once and raise no toast.
 */
export function ChatPanel({
  history,
  orders,
  isOperatorTyping,
  messageKey,
  isOlderPage,
  failure,
}: ChatPanelProps) {
  const { revalidate } = useRevalidator();
  const realtime = useRealtime();
  const sender = useFetcher({ key: SEND_KEY });
  const reader = useFetcher({ key: READ_KEY });
  const older = useFetcher<ChatHistory>();
  // Every message shown so far: the loader's newest page moves on as messages come, and what it leaves behind
  // (and the older pages 'Показать ранние' added) stays on screen. The cursor is the oldest page's.
  const [kept, setKept] = useState<readonly ChatMessage[]>(history.messages);
  const [nextBefore, setNextBefore] = useState(history.next_before);
  // Without JavaScript a refused message renders the tab anew: the text as it was sent.
  const [text, setText] = useState(() => textOf(failure?.result?.initialValue?.text));
  const [image, setImage] = useState<FileRef | null>(null);
  const [order, setOrder] = useState('');
  const { isUploading, upload } = useImageUpload(setImage);
  const [typingUntil, setTypingUntil] = useState(() => (isOperatorTyping ? Date.now() + TYPING_TTL_MS : 0));
  const lastTypingSent = useRef(0);
  /** What the last send took from the form (put back if refused), and the newest message before it. */
  const lastSubmitted = useRef<{
    text: string;
    image: FileRef | null;
    order: string;
    afterSeq: number;
  } | null>(null);
  /**
   * The message being sent and its idempotency key (ADR 037): sending the same message again after a refusal
   * or a 503 (the text is put back) reuses the key, so the server stores it once; it is forgotten once stored.
   */
  const attempt = useRef<{ key: string; text: string; image: string | null; order: string } | null>(null);
  const listRef = useRef<HTMLElement>(null);
  const conversation = history.chat?._id ?? null;

  // This chat is on screen: its replies raise no toast (SPEC §4).
  useEffect(() => realtime.showChat(), [realtime.showChat]);

  // An older page arrived: its messages join the list, and its cursor is the next one.
  useActionOutcome(older, {
    onSuccess: (page) => {
      setKept((current) => mergeMessages(page.messages, current));
      setNextBefore(page.next_before);
    },
  });

  useEffect(() => setKept((current) => mergeMessages(current, history.messages)), [history.messages]);
  const messages = useMemo(() => mergeMessages(kept, history.messages), [kept, history.messages]);

  useRealtimeEvent('chat.message', (event) => {
    if (conversation !== null && event.conversation !== conversation) return;
    if (event.message.author === 'operator') setTypingUntil(0);
    void revalidate();
  });
  useRealtimeEvent('chat.read', (event) => {
    if (event.reader === 'operator') void revalidate();
  });
  useRealtimeEvent('chat.typing', (event) => {
    if (event.author !== 'operator') return;
    if (conversation !== null && event.conversation !== conversation) return;
    setTypingUntil(Date.now() + event.ttl_ms);
  });

  // Typing stops by itself after its TTL unless the operator keeps typing.
  useEffect(() => {
    if (typingUntil === 0) return;
    const timer = setTimeout(() => setTypingUntil(0), Math.max(0, typingUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [typingUntil]);
  const isTyping = typingUntil > 0;

  // Support's messages are read as soon as they are on screen (the badge and their notifications follow).
  const newestUnread = history.messages.findLast(
    (message) => message.author === 'operator' && message.state === 'sent',
  )?._id;
  const { submit: submitRead } = reader;
  useEffect(() => {
    if (!newestUnread) return;
    void submitRead({ intent: 'read-chat' } satisfies ChatForm, {
      method: 'post',
      action: CHAT_RESOURCE,
      preventScrollReset: true,
    });
  }, [newestUnread, submitRead]);

  // The newest message in view: at first, and whenever something is added at the end (a message, the one
  // being sent, the operator's typing).
  const newestSeq = messages.at(-1)?.seq ?? 0;
  const isSending = sender.state !== 'idle';
  useEffect(() => {
    const list = listRef.current;
    if (list && (newestSeq > 0 || isSending || isTyping)) list.scrollTop = list.scrollHeight;
  }, [newestSeq, isSending, isTyping]);

  // The server's answer to a message: stored, the attempt's key is done with; refused, the text comes back
  // and the form says why (Conform's lastResult).
  const outcome = useActionOutcome(sender, {
    failureToast: false,
    onSuccess: () => {
      attempt.current = null;
      lastSubmitted.current = null;
    },
    onFailure: () => {
      const sent = lastSubmitted.current;
      lastSubmitted.current = null;
      if (!sent) return;
      setText(sent.text);
      setImage(sent.image);
      setOrder(sent.order);
    },
  });
  // The contract checks the message first (text or an image); then the fetcher posts it to the cabinet.
  const [form, fields] = useContractForm(CHAT_FORM, {
    id: 'chat-message',
    lastResult: outcome.lastResult ?? failure?.result,
    onSubmit: (event, { formData }) => {
      event.preventDefault();
      if (isSending || isUploading) return;
      lastSubmitted.current = { text, image, order, afterSeq: newestSeq };
      const previous = attempt.current;
      const isSame =
        previous !== null &&
        previous.text === text &&
        previous.image === (image?._id ?? null) &&
        previous.order === order;
      const key = isSame ? previous.key : newMessageKey();
      attempt.current = { key, text, image: image?._id ?? null, order };
      formData.set(fields.key.name, key);
      void sender.submit(formData, { method: 'post', action: CHAT_TAB_HREF, preventScrollReset: true });
      setText('');
      setImage(null);
      setOrder('');
    },
  });
  // A refusal with no field to blame and no Conform result (a lost connection's 503) is said all the same.
  const refusal = outcome.failure ?? failure;
  const error =
    fields.text.errors?.[0] ?? form.errors?.[0] ?? (refusal?.result ? undefined : refusal?.message);

  // The message on its way, until the list has it: the socket's echo may load it before the action answers.
  const submitted = lastSubmitted.current;
  const optimistic = sender.formData
    ? pendingMessage(sender.formData, { text: fields.text.name, order: fields.order.name }, image, submitted)
    : null;
  const pending =
    optimistic &&
    !messages.some(
      (message) =>
        message.author === 'customer' &&
        message.seq > (submitted?.afterSeq ?? 0) &&
        message.text === optimistic.text &&
        message.order === optimistic.order,
    )
      ? optimistic
      : null;

  const onTextChange = (value: string) => {
    setText(value);
    const now = Date.now();
    if (value.trim() !== '' && now - lastTypingSent.current >= TYPING_REPEAT_MS) {
      lastTypingSent.current = now;
      realtime.send({ type: 'typing' });
    }
  };

  const sendOnEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  };

  return (
    <section
      aria-labelledby="chat-title"
      className="flex flex-col gap-4 rounded-3xl bg-white p-5 shadow-card sm:p-6"
    >
      <div className="flex items-center gap-3">
        <span className="inline-flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Icon name="headset" className="size-6" />
        </span>
        <div>
          <h2 id="chat-title" className="text-xl font-bold">
            Чат поддержки
          </h2>
          <p className="text-sm text-muted">Операторы отвечают здесь же; можно спросить о заказе.</p>
        </div>
      </div>

      <section
        ref={listRef}
        // A scrollable region is reachable by keyboard (it scrolls with the arrow keys).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above.
        tabIndex={0}
        aria-label="Переписка с поддержкой"
        className="flex max-h-[60vh] min-h-48 flex-col gap-3 overflow-y-auto rounded-2xl bg-surface p-3 outline-none focus-visible:ring-2 focus-visible:ring-brand-600 sm:p-4"
      >
        {isOlderPage ? (
          <Link to={CHAT_TAB_HREF} className="self-center text-sm font-semibold text-brand-700 underline">
            Показать новые
          </Link>
        ) : null}
        {nextBefore !== null ? (
          <Link
            to={`${CHAT_TAB_HREF}&${CHAT_BEFORE_PARAM}=${nextBefore}`}
            onClick={(event) => {
              event.preventDefault();
              if (older.state === 'idle')
                void older.load(`${CHAT_RESOURCE}?${CHAT_BEFORE_PARAM}=${nextBefore}`);
            }}
            className={buttonStyles({ variant: 'outline', size: 'sm', className: 'self-center' })}
          >
            {older.state === 'loading' ? 'Загружаем…' : SHOW_EARLIER_LABEL}
          </Link>
        ) : null}
        {messages.length === 0 && !pending ? (
          <p className="m-auto max-w-sm py-8 text-center text-[15px] text-muted">
            Напишите нам — операторы поддержки ответят здесь. Уведомление об ответе придёт, даже если вы
            уйдёте со страницы.
          </p>
        ) : (
          <div role="log" aria-label="Сообщения">
            <ol className="flex flex-col gap-3">
              {messages.map((message) => (
                <MessageBubble key={message._id} message={message} />
              ))}
              {pending ? <MessageBubble message={pending} isPending /> : null}
            </ol>
          </div>
        )}
        <p aria-live="polite" className="min-h-5 text-sm text-muted">
          {isTyping ? OPERATOR_TYPING_TEXT : ''}
        </p>
      </section>

      {history.chat?.status === 'closed' ? (
        <p className="text-sm text-muted">
          Диалог закрыт. Если остались вопросы, напишите — он откроется снова.
        </p>
      ) : null}

      <form
        method="post"
        action={CHAT_TAB_HREF}
        {...getFormProps(form)}
        aria-busy={isSending || isUploading}
        className="flex flex-col gap-3"
      >
        <input type="hidden" name={fields.intent.name} value="send-message" />
        <input type="hidden" name={fields.key.name} value={messageKey} />
        {image ? <input type="hidden" name={fields.image.name} value={image._id} /> : null}
        <label htmlFor="chat-text" className="sr-only">
          Сообщение
        </label>
        <textarea
          id="chat-text"
          name={fields.text.name}
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          onKeyDown={sendOnEnter}
          rows={3}
          maxLength={CHAT_TEXT_MAX_LENGTH}
          placeholder="Напишите сообщение…"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'chat-error' : undefined}
          className="w-full resize-y rounded-2xl border border-line bg-white px-4 py-3 text-[15px] outline-none placeholder:text-muted focus:border-brand-600 focus:ring-2 focus:ring-brand-200"
        />
        {error ? (
          <p id="chat-error" role="alert" className="text-sm font-medium text-berry">
            {error}
          </p>
        ) : null}
        {image ? (
          <div className="flex items-center gap-3">
            <Thumb
              src={image.path}
              alt="Прикреплённое изображение"
              size={64}
              className="size-16 rounded-xl"
              loading="eager"
            />
            <Button variant="ghost" size="sm" onPress={() => setImage(null)}>
              <Icon name="x" className="size-4" />
              Убрать изображение
            </Button>
          </div>
        ) : null}
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex min-w-48 flex-1 flex-col gap-1">
            <label htmlFor="chat-order" className="text-sm font-medium text-muted">
              Вопрос о заказе
            </label>
            <select
              id="chat-order"
              name={fields.order.name}
              value={order}
              onChange={(event) => setOrder(event.target.value)}
              className="h-11 rounded-xl border border-line bg-white px-3 text-[15px] outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-200"
            >
              <option value="">Без заказа</option>
              {orders.map((link) => (
                <option key={link.number} value={String(link.number)}>
                  Заказ №{link.number} · {link.store} · {ORDER_STATUS_LABELS[link.status]}
                </option>
              ))}
            </select>
          </div>
          <FileTrigger acceptedFileTypes={ACCEPTED_IMAGE_TYPES} onSelect={(files) => void upload(files)}>
            <Button variant="outline" isDisabled={isUploading}>
              <Icon name="image-plus" className="size-4" />
              {isUploading ? 'Загружаем…' : 'Прикрепить изображение'}
            </Button>
          </FileTrigger>
          <button type="submit" disabled={isSending || isUploading} className={buttonStyles({ size: 'md' })}>
            <Icon name="send-horizontal" className="size-4" />
            Отправить
          </button>
        </div>
      </form>
    </section>
  );
}

/** A posted value as text ('' for anything else). */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The message being sent, as it will look (SPEC-free: our optimistic display). */
function pendingMessage(
  form: FormData,
  names: { text: string; order: string },
  image: FileRef | null,
  submitted: { image: FileRef | null } | null,
): ChatMessage {
  const text = form.get(names.text);
  const order = Number(form.get(names.order));
  return {
    _id: 'pending',
    seq: Number.MAX_SAFE_INTEGER,
    conversation: '',
    author: 'customer',
    text: typeof text === 'string' ? text.trim() : '',
    image: submitted?.image ?? image,
    order: Number.isInteger(order) && order > 0 ? order : null,
    created_at: new Date().toISOString(),
    read_at: null,
    state: 'sent',
  };
}

function MessageBubble({ message, isPending = false }: { message: ChatMessage; isPending?: boolean }) {
  const isMine = message.author === 'customer';
  const state = isPending ? 'Отправляется…' : message.state === 'read' ? 'Прочитано' : 'Отправлено';
  return (
    <li
      className={cx(
        'flex max-w-[85%] flex-col gap-1.5 rounded-2xl px-4 py-2.5 text-[15px] sm:max-w-[70%]',
        isMine
          ? 'self-end rounded-br-md bg-brand-700 text-white'
          : 'self-start rounded-bl-md bg-white text-ink',
      )}
    >
      <span className="sr-only">{isMine ? 'Вы:' : 'Поддержка:'}</span>
      {message.order !== null ? (
        <Link
          to={`/order/${message.order}`}
          className={cx(
            'font-semibold underline underline-offset-2',
            isMine ? 'text-white' : 'text-brand-700',
          )}
        >
          Заказ №{message.order}
        </Link>
      ) : null}
      {message.image ? (
        <a href={message.image.path} target="_blank" rel="noopener noreferrer" className="block">
          <img
            src={message.image.path}
            alt="Изображение в сообщении"
            className="max-h-60 rounded-xl object-contain"
          />
        </a>
      ) : null}
      {message.text ? <p className="break-words whitespace-pre-wrap">{message.text}</p> : null}
      <p className={cx('flex gap-2 text-xs', isMine ? 'justify-end text-white' : 'text-muted')}>
        {isPending ? null : (
          <time dateTime={message.created_at}>{formatDayMonthTime(message.created_at)}</time>
        )}
        {isMine ? <span>{state}</span> : null}
      </p>
    </li>
  );
}
