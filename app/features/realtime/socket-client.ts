/**
 * The browser's end of /ws (SPEC §4 'Notifications and sockets', §7; protocol in core/contracts/realtime.ts,
 * ADR 027; this side ADR 033). Open while the shopper is signed in: every frame is checked with the shared Zod
 * schema, repeats are dropped by id, a lost connection is retried with exponential backoff and jitter, and
 * each (re)connect resumes from the server time of the last event seen, so what happened meanwhile arrives
 * as ordinary events. A close with 4001 (the session ended: logout, expiry) stops it for good; one with 4029
 * (the server's frame limits, ADR 035) waits long before the next try, and the backoff goes back to its
 * first step only after a connection lasted a ping interval — a server that closes at once is not retried
 * every second.
 *
 * Time, timers, randomness and the socket itself are passed in: the tests drive it with fakes.
 */
import {
  type ClientSocketMessage,
  type ServerSocketMessage,
  ServerSocketMessageSchema,
  SOCKET_CLOSE_SESSION_ENDED,
  SOCKET_PATH,
  SOCKET_PING_INTERVAL_MS,
  type SocketEvent,
} from '@core/contracts/realtime';
import { reconnectDelayMs } from '@core/rules/chat';
import {
  createSeenIds,
  eventKey,
  expandMissed,
  isBefore,
  isSocketStale,
  laterCursor,
  reconnectAttemptAfter,
} from '@core/rules/realtime';

/** What the client needs of a WebSocket (the browser's, or a test's fake). */
export type SocketLike = {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
};

export type Timers = {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
};

/**
 * connecting: opening, or open and not yet greeted; open: greeted (`hello`); waiting: closed, a retry is
 * scheduled; ended: the session ended (4001), no retry; stopped: the page stopped it.
 */
export type SocketStatus = 'connecting' | 'open' | 'waiting' | 'ended' | 'stopped';

/** How an event reached us: live, or in the catch-up after a (re)connect. */
export type EventOrigin = {
  /** It came in a `missed` answer after a (re)connect, not live. */
  isCatchUp: boolean;
  /** It happened before the page was rendered (`since`; the catch-up's overlap): the page shows it already. */
  isBeforePage: boolean;
};

export type SocketClientOptions = {
  url: string;
  /** Where the first catch-up starts: the server time the page was rendered (null: from the greeting). */
  since: string | null;
  onEvent(event: SocketEvent, origin: EventOrigin): void;
  onStatus?(status: SocketStatus): void;
  /** A catch-up could not go back as far as asked (away too long): the page should load its data again. */
  onPartialCatchUp?(): void;
  connect?(url: string): SocketLike;
  timers?: Timers;
  /** 0..1, the backoff's jitter. */
  random?(): number;
  pingIntervalMs?: number;
};

export type SocketClient = {
  start(): void;
  stop(): void;
  /** Sends when open; dropped otherwise (typing and pings are worthless later). */
  send(message: ClientSocketMessage): boolean;
  /** The network is back (the `online` event): retry now instead of at the scheduled time. */
  retryNow(): void;
  readonly status: SocketStatus;
  /** The server time the next catch-up resumes from. */
  readonly cursor: string | null;
};

const browserTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
  setInterval: (run, ms) => globalThis.setInterval(run, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof globalThis.setInterval>),
};

/** ws(s)://<this host>/ws?group=user: the session cookie goes with it (SPEC §7's token stays httpOnly). */
export function socketUrlFor(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${SOCKET_PATH}?group=user`;
}

/** One frame as a server message; null for anything that is not one (logged by the caller, never thrown). */
export function parseServerMessage(data: unknown): ServerSocketMessage | null {
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = ServerSocketMessageSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

export function createSocketClient(options: SocketClientOptions): SocketClient {
  const timers = options.timers ?? browserTimers;
  const random = options.random ?? Math.random;
  const connect = options.connect ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  const pingIntervalMs = options.pingIntervalMs ?? SOCKET_PING_INTERVAL_MS;
  const seen = createSeenIds();

  let status: SocketStatus = 'stopped';
  let socket: SocketLike | null = null;
  let cursor = options.since;
  /** Failed connections since the last one that lasted a ping interval: the backoff's exponent. */
  let attempt = 0;
  let retryTimer: unknown = null;
  let pingTimer: unknown = null;
  let lastMessageAt = 0;

  function setStatus(next: SocketStatus): void {
    if (status === next) return;
    status = next;
    options.onStatus?.(next);
  }

  function deliver(event: SocketEvent, isCatchUp: boolean): void {
    const key = eventKey(event);
    if (key !== null && !seen.add(key)) return;
    cursor = laterCursor(cursor, event.at);
    options.onEvent(event, { isCatchUp, isBeforePage: isBefore(event.at, options.since) });
  }

  function receive(message: ServerSocketMessage): void {
    switch (message.type) {
      case 'hello':
        // Greeted: the session is good. Resume from the last event seen (or from now, the first time).
        cursor ??= message.at;
        setStatus('open');
        send({ type: 'resume', since: cursor });
        return;
      case 'pong':
      case 'error':
        return;
      case 'missed':
        for (const event of expandMissed(message)) deliver(event, true);
        cursor = laterCursor(cursor, message.at);
        if (message.is_partial) options.onPartialCatchUp?.();
        return;
      default:
        deliver(message, false);
    }
  }

  function stopPinging(): void {
    if (pingTimer !== null) timers.clearInterval(pingTimer);
    pingTimer = null;
  }

  function open(): void {
    retryTimer = null;
    setStatus('connecting');
    let current: SocketLike;
    try {
      current = connect(options.url);
    } catch {
      // A refused URL (never ours) or a browser without sockets: try later like any failure.
      scheduleRetry();
      return;
    }
    socket = current;
    lastMessageAt = timers.now();
    current.onmessage = (event) => {
      if (socket !== current) return;
      lastMessageAt = timers.now();
      const message = parseServerMessage(event.data);
      if (message) receive(message);
    };
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      stopPinging();
      if (status === 'stopped') return;
      if (event.code === SOCKET_CLOSE_SESSION_ENDED) return setStatus('ended');
      attempt = reconnectAttemptAfter(event.code, attempt);
      scheduleRetry();
    };
    current.onerror = () => {
      // A close follows every error; the retry is scheduled there.
    };
    pingTimer = timers.setInterval(() => {
      if (socket !== current) return;
      if (isSocketStale(lastMessageAt, timers.now(), pingIntervalMs)) {
        // No pong for two intervals: the connection is gone without a close. Start over.
        socket = null;
        stopPinging();
        current.close(4000, 'stale');
        scheduleRetry();
        return;
      }
      // Open for a whole interval: the next loss starts the backoff from its first step again.
      if (status === 'open') attempt = 0;
      send({ type: 'ping' });
    }, pingIntervalMs);
  }

  function scheduleRetry(): void {
    const delay = reconnectDelayMs(attempt, random());
    attempt += 1;
    setStatus('waiting');
    retryTimer = timers.setTimeout(open, delay);
  }

  function send(message: ClientSocketMessage): boolean {
    if (!socket || status !== 'open') return false;
    try {
      socket.send(JSON.stringify(message));
      return true;
    } catch {
      return false;
    }
  }

  return {
    start() {
      if (status !== 'stopped') return;
      open();
    },
    stop() {
      setStatus('stopped');
      if (retryTimer !== null) timers.clearTimeout(retryTimer);
      retryTimer = null;
      stopPinging();
      const current = socket;
      socket = null;
      current?.close(1000, 'bye');
    },
    send,
    retryNow() {
      if (status !== 'waiting') return;
      if (retryTimer !== null) timers.clearTimeout(retryTimer);
      open();
    },
    get status() {
      return status;
    },
    get cursor() {
      return cursor;
    },
  };
}
