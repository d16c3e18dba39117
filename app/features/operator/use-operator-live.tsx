/**
 * The console's live side (ADR 034) over the tab's socket (app/features/realtime, ADR 033): a changed
 * conversation (a message, a read receipt, a close) or an order of the operator's shops placed or moved (by
 * the customer, another operator or the CLI) makes the router run the console's loaders again — the
 * pages show what the server says, nothing is mirrored here; a customer typing is shown for the event's TTL.
 */
import { TYPING_REPEAT_MS } from '@core/rules/chat';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useRealtime, useRealtimeEvent } from '~/features/realtime/use-realtime';

type OperatorLive = {
  /** Conversations whose customer is typing now. */
  typing: ReadonlySet<string>;
};

const OperatorLiveContext = createContext<OperatorLive>({ typing: new Set() });

export function OperatorLiveProvider({ children }: { children: ReactNode }) {
  const { revalidate } = useRevalidator();
  const refresh = useCallback(() => void revalidate(), [revalidate]);
  useRealtimeEvent('chat.conversation', refresh);
  useRealtimeEvent('chat.message', refresh);
  useRealtimeEvent('chat.read', refresh);
  useRealtimeEvent('order.board', refresh);
  // Back after a lost connection: `missed` brings messages, not the board's moves, so load the pages again.
  const { status } = useRealtime();
  const wasOpen = useRef(false);
  useEffect(() => {
    if (status !== 'open') return;
    if (wasOpen.current) refresh();
    wasOpen.current = true;
  }, [status, refresh]);

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

  return <OperatorLiveContext value={{ typing }}>{children}</OperatorLiveContext>;
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
