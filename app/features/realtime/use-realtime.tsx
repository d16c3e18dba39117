/**
 * The live side of the storefront (SPEC §4 'Notifications and sockets', ADR 033): while the shopper is signed
 * in, one socket (socket-client.ts) per tab; components subscribe to its events by type. The header badges
 * follow `badges` events until the loaders run again; toasts and the open chat are realtime-toasts.tsx's.
 *
 * The socket client and the Zod schema it checks frames with load only for a signed-in shopper: a guest's
 * pages carry none of it.
 */
import type { BadgeCounts } from '@core/contracts/notifications';
import type { ClientSocketMessage, SocketEvent } from '@core/contracts/realtime';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useRevalidator } from 'react-router';
import { onFirstUse, useFirstUse } from '~/lib/on-first-use';
import type { EventOrigin, SocketClient, SocketStatus } from './socket-client';

export type { EventOrigin, SocketStatus } from './socket-client';

export type SocketEventType = SocketEvent['type'];
export type SocketEventOf<T extends SocketEventType> = Extract<SocketEvent, { type: T }>;
export type EventHandler<T extends SocketEventType> = (event: SocketEventOf<T>, origin: EventOrigin) => void;

type AnyHandler = (event: SocketEvent, origin: EventOrigin) => void;

export type Realtime = {
  /** Calls `handler` for every event of `type` from now on; returns the unsubscribe. */
  subscribe<T extends SocketEventType>(type: T, handler: EventHandler<T>): () => void;
  /** Sends a message when the socket is open (false otherwise: nothing is queued). */
  send(message: ClientSocketMessage): boolean;
  status: SocketStatus;
  /** The last `badges` event and the loader's badges it arrived over (it wins until they change). */
  live: { badges: BadgeCounts; over: BadgeCounts | null } | null;
  /** Marks the support chat as on screen while the caller is mounted (its toasts are not shown). */
  showChat(): () => void;
  isChatShown(): boolean;
};

const RealtimeContext = createContext<Realtime | null>(null);

// Handing this browser's push subscription to the server again: a signed-in shopper's, after the page is up.
const pushResync = onFirstUse(() => import('~/features/notifications/push-resync'));

const NO_SOCKET: Realtime = {
  subscribe: () => () => {},
  send: () => false,
  status: 'stopped',
  live: null,
  showChat: () => () => {},
  isChatShown: () => false,
};

export function RealtimeProvider({
  userId,
  since,
  badges,
  children,
}: {
  /** The signed-in shopper (the root loader's user): the socket is open exactly while there is one. */
  userId: string | null;
  /** The server time the page was rendered: the first catch-up starts there. */
  since: string | null;
  /** The root loader's badges. */
  badges: BadgeCounts | null;
  children: ReactNode;
}) {
  const handlers = useRef(new Map<SocketEventType, Set<AnyHandler>>());
  const client = useRef<SocketClient | null>(null);
  const [status, setStatus] = useState<SocketStatus>('stopped');
  const [live, setLive] = useState<Realtime['live']>(null);
  const loaderBadges = useRef(badges);
  loaderBadges.current = badges;
  const sinceRef = useRef(since);
  sinceRef.current = since;
  const shownChats = useRef(0);
  const [resync, requestResync] = useFirstUse(pushResync);
  useEffect(() => {
    if (userId) requestResync();
  }, [userId, requestResync]);
  const { revalidate } = useRevalidator();
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;

  const dispatch = useCallback((event: SocketEvent, origin: EventOrigin) => {
    if (event.type === 'badges') setLive({ badges: event.badges, over: loaderBadges.current });
    for (const handler of [...(handlers.current.get(event.type) ?? [])]) {
      try {
        handler(event, origin);
      } catch (error) {
        console.error(`a ${event.type} handler failed`, error);
      }
    }
  }, []);

  useEffect(() => {
    if (!userId) return;
    let isCurrent = true;
    import('./socket-client')
      .then(({ createSocketClient, socketUrlFor }) => {
        if (!isCurrent) return;
        const created = createSocketClient({
          url: socketUrlFor(window.location),
          since: sinceRef.current,
          onEvent: dispatch,
          onStatus: setStatus,
          // Away longer than a catch-up reads back: the loaders bring the lists and counts up to date.
          onPartialCatchUp: () => {
            revalidateRef
              .current()
              .catch((error: unknown) => console.error('reload after a catch-up failed', error));
          },
        });
        client.current = created;
        created.start();
      })
      .catch((error: unknown) => console.error('live updates failed to load', error));
    // Back online, or back to a tab the browser had put to sleep: no need to wait for the backoff.
    const retry = () => client.current?.retryNow();
    const retryIfVisible = () => {
      if (document.visibilityState === 'visible') retry();
    };
    window.addEventListener('online', retry);
    document.addEventListener('visibilitychange', retryIfVisible);
    return () => {
      isCurrent = false;
      window.removeEventListener('online', retry);
      document.removeEventListener('visibilitychange', retryIfVisible);
      client.current?.stop();
      client.current = null;
      setLive(null);
    };
  }, [userId, dispatch]);

  const subscribe = useCallback(<T extends SocketEventType>(type: T, handler: EventHandler<T>) => {
    const set = handlers.current.get(type) ?? new Set<AnyHandler>();
    handlers.current.set(type, set);
    // Only events of `type` reach it (dispatch looks the set up by type).
    const stored = handler as unknown as AnyHandler;
    set.add(stored);
    return () => {
      set.delete(stored);
    };
  }, []);

  const send = useCallback((message: ClientSocketMessage) => client.current?.send(message) ?? false, []);

  const showChat = useCallback(() => {
    shownChats.current += 1;
    return () => {
      shownChats.current -= 1;
    };
  }, []);
  const isChatShown = useCallback(() => shownChats.current > 0, []);

  const value = useMemo<Realtime>(
    () => ({ subscribe, send, status: userId ? status : 'stopped', live, showChat, isChatShown }),
    [subscribe, send, status, userId, live, showChat, isChatShown],
  );
  return (
    <RealtimeContext value={value}>
      {children}
      {userId && resync ? <resync.PushResync userId={userId} /> : null}
    </RealtimeContext>
  );
}

/** The socket of this tab (a no-op one outside the provider, e.g. in an isolated component test). */
export function useRealtime(): Realtime {
  return useContext(RealtimeContext) ?? NO_SOCKET;
}

/** Runs `handler` (its latest version) for every event of `type` while the caller is mounted. */
export function useRealtimeEvent<T extends SocketEventType>(type: T, handler: EventHandler<T>): void {
  const { subscribe } = useRealtime();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => subscribe(type, (event, origin) => latest.current(event, origin)), [subscribe, type]);
}

/**
 * The header's counts: the last `badges` event while it is newer than the loader's answer, the loader's
 * otherwise (a revalidation replaces the live value: the server's count is the truth again).
 */
export function useHeaderBadges(loaded: BadgeCounts | null): BadgeCounts | null {
  const { live } = useRealtime();
  return live && live.over === loaded ? live.badges : loaded;
}
