/**
 * The console's live side (ADR 034, 041) over the tab's socket (app/features/realtime, ADR 033). Chat events
 * change the pages from what they carry (live-console.ts): a conversation's summary, a message, a read mark —
 * a customer's message costs the console no loader run. An order placed or moved elsewhere, and the socket
 * coming back, load the page's own data again with its keyed fetcher, never the root's or the layout's. A
 * customer typing is shown for the event's TTL.
 */
import type { SocketEvent } from '@core/contracts/realtime';
import { TYPING_REPEAT_MS } from '@core/rules/chat';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { useRealtime, useRealtimeEvent } from '~/features/realtime/use-realtime';
import { type LiveChat, type Loaded, NO_LIVE_CHAT, newerOf, withEvent } from './live-console';

type OperatorLive = {
  /** Conversations whose customer is typing now. */
  typing: ReadonlySet<string>;
  /** What the chat events since the console opened have changed. */
  chat: LiveChat;
};

const OperatorLiveContext = createContext<OperatorLive>({ typing: new Set(), chat: NO_LIVE_CHAT });

export function OperatorLiveProvider({ children }: { children: ReactNode }) {
  const [chat, setChat] = useState<LiveChat>(NO_LIVE_CHAT);
  const onChatEvent = useCallback((event: SocketEvent) => setChat((live) => withEvent(live, event)), []);
  useRealtimeEvent('chat.conversation', onChatEvent);
  useRealtimeEvent('chat.message', onChatEvent);
  useRealtimeEvent('chat.read', onChatEvent);

  const [typing, setTyping] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const stopTyping = useCallback((conversation: string) => {
    clearTimeout(timers.current.get(conversation));
    timers.current.delete(conversation);
    setTyping((current) => {
      if (!current.has(conversation)) return current;
      const next = new Set(current);
      next.delete(conversation);
      return next;
    });
  }, []);
  useRealtimeEvent('chat.typing', (event) => {
    if (event.author !== 'customer') return;
    clearTimeout(timers.current.get(event.conversation));
    // Typing stops by itself unless the customer keeps typing (the server repeats the event).
    timers.current.set(
      event.conversation,
      setTimeout(() => stopTyping(event.conversation), event.ttl_ms),
    );
    setTyping((current) =>
      current.has(event.conversation) ? current : new Set(current).add(event.conversation),
    );
  });
  // The customer's message has arrived: they are no longer typing it.
  useRealtimeEvent('chat.message', (event) => {
    if (event.message.author === 'customer') stopTyping(event.conversation);
  });
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  return <OperatorLiveContext value={{ typing, chat }}>{children}</OperatorLiveContext>;
}

/** What the chat events since the console opened have changed (live-console.ts applies it). */
export function useLiveChat(): LiveChat {
  return useContext(OperatorLiveContext).chat;
}

/**
 * A console page's data: its loader's answer, or its keyed fetcher's when that is newer. The fetcher loads
 * `href` — the page's own route, so only its loader runs — when an order of the operator's shops is placed
 * or moved (`onOrderBoard`) and when the socket is back after a lost connection (events were missed).
 */
export function useConsolePageData<T extends Loaded>(
  loaderData: T,
  href: string,
  { onOrderBoard }: { onOrderBoard: boolean },
): T {
  const fetcher = useFetcher<T>({ key: `operator-page:${href}` });
  const { load } = fetcher;
  const reload = useRef(() => {});
  reload.current = () => {
    load(href).catch((error: unknown) => console.error('the console page did not load', error));
  };
  useRealtimeEvent('order.board', () => {
    if (onOrderBoard) reload.current();
  });
  const { status } = useRealtime();
  const wasOpen = useRef(false);
  useEffect(() => {
    if (status !== 'open') return;
    if (wasOpen.current) reload.current();
    wasOpen.current = true;
  }, [status]);
  return newerOf(loaderData, fetcher.data as T | undefined);
}

/** Whether the customer of this conversation is typing now. */
export function useCustomerTyping(conversation: string): boolean {
  return useContext(OperatorLiveContext).typing.has(conversation);
}

/** Tells the customer the operator is typing in this conversation: at most once per TYPING_REPEAT_MS. */
export function useSendTyping(conversation: string): () => void {
  const { send } = useRealtime();
  const lastSentAt = useRef(0);
  return useCallback(() => {
    const now = Date.now();
    if (now - lastSentAt.current < TYPING_REPEAT_MS) return;
    if (send({ type: 'typing', conversation })) lastSentAt.current = now;
  }, [send, conversation]);
}
