import { randomUUID } from 'node:crypto';
import {
  type ClientSocketMessage,
  ClientSocketMessageSchema,
  type ServerSocketMessage,
  SOCKET_CLOSE_ACCESS_CHANGED,
  SOCKET_CLOSE_SESSION_ENDED,
  SOCKET_CLOSE_TOO_MANY,
  SOCKET_MAX_FRAME_BYTES,
  SOCKET_PATH,
  SOCKET_PING_INTERVAL_MS,
  SOCKET_SLOW_DOWN_MESSAGE,
  SOCKET_TOO_MANY_REASON,
} from '@core/contracts/realtime';
import type { Role } from '@core/contracts/support';
import { TYPING_REPEAT_MS } from '@core/rules/chat';
import { catchUpStart } from '@core/rules/realtime';
import {
  createFrameBudget,
  createKeyedRate,
  type FrameBudget,
  SOCKET_MAX_BUFFERED_BYTES,
  SOCKET_MAX_PER_USER,
  SOCKET_UPGRADE_RATE_PER_USER,
  type SocketFrameKind,
} from '@core/rules/socket-limits';
import type fastifyWebsocket from '@fastify/websocket';
import type { WebSocket } from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import type { Clock } from '../lib/clock';
import { createWorkQueue } from '../lib/work-queue';
import type { IdentityService } from '../modules/identity/identity.service';
import type { NotificationsService } from '../modules/notifications/notifications.service';
import type { SupportService } from '../modules/support/support.service';
import { type Envelope, isOperatorAudience } from '../realtime/bus';
import { PRESENCE_HEARTBEAT_MS } from '../realtime/presence';
import type { Realtime } from '../realtime/realtime';
import { requireSocketUser, type SignedIn } from './auth';

/** Close code 1001 "going away": the server is shutting down; clients reconnect to another process. */
export const WS_GOING_AWAY = 1001;
export const BAD_MESSAGE = 'Некорректное сообщение';
/**
 * A catch-up answers from this long before the client's cursor. The cursor is the newest `at` the client saw,
 * from any event; an event stamped a moment later can overtake one stamped earlier on its way to the socket
 * (the stamp comes before the row's write and the publish; another process's clock runs a little apart), and
 * the connection can drop between the two. The client drops the repeats by id.
 */
export const CATCH_UP_OVERLAP_MS = 2_000;

/**
 * Catch-ups worked on at once in this process, whoever asked: each reads a few hundred rows, and more at once
 * would only queue at the database. On PostgreSQL they hold at most 4 of the pool's 10 connections; requests
 * keep the rest. On the embedded database (whose queries run on this thread and resolve in a microtask)
 * catch-ups that followed one another without a pause held every other request until the last: each one,
 * and each of its reads, now starts after a turn of the event loop.
 */
export const CATCH_UPS_AT_ONCE = 4;
/** Catch-ups waiting for their turn: at most one per user (a user's catch-ups take turns) and per socket. */
const CATCH_UPS_WAITING = 10_000;

/** The upgrade of a user who holds SOCKET_MAX_PER_USER sockets, or opens them faster than the limit (429). */
export const TOO_MANY_SOCKETS_MESSAGE = 'Слишком много открытых вкладок: закройте лишние и обновите страницу';
/** ws's options for a text frame, whether it is given a string or its UTF-8 bytes (a Buffer is binary by default). */
const TEXT_FRAME = { binary: false } as const;
/** How long a closed socket waits for the client's close frame before the connection is dropped. */
const SOCKET_CLOSE_TIMEOUT_MS = 5_000;
/** Seconds a refused upgrade is asked to wait. */
const TOO_MANY_SOCKETS_RETRY_AFTER_S = 10;

export type SocketRegistry = {
  readonly size: number;
  closeAll(code?: number, reason?: string): void;
  /**
   * Closes the sockets whose session ended without a logout (expired, or deleted) and those of an operator
   * whose role or shops changed. Runs every SOCKET_PING_INTERVAL_MS; tests call it instead of waiting.
   */
  checkSessions(): Promise<void>;
};

/** Frames worked on at a time: one of each kind (a resume that comes meanwhile joins the next one). */
type BusyKind = Exclude<SocketFrameKind, 'invalid'>;

type Connection = {
  id: string;
  userId: string;
  sessionId: string;
  /** When the session expires (ms since the epoch): the socket ends with it. */
  expiresAt: number;
  role: Role;
  /** An operator's shops (null: every shop, and every customer); a customer's: null. */
  storeIds: readonly string[] | null;
  socket: WebSocket;
  lastTypingAt: number;
  budget: FrameBudget;
  busy: Set<BusyKind>;
  /** A resume that came while one was answered: the earliest `since` asked; null when none waits. */
  nextResume: string | null;
  /** Closing or closed by the server: its frames are ignored and nothing more is sent. */
  isEnding: boolean;
  /**
   * Settles once the socket's presence is recorded (or failed to be). Its catch-up reads the badges after it:
   * an order change announced before then saw the customer away and sent no badges (notifications service).
   */
  present: Promise<void>;
};

/**
 * Operators who see the same shops (null: every shop), with their sockets: whether an event for operators
 * reaches them is decided once per group and message, not once per socket.
 */
type OperatorGroup = { storeIds: readonly string[] | null; sockets: Set<Connection> };

/** The key of an operator's group: the same shops in any order are one group. */
const shopsKey = (storeIds: readonly string[] | null) =>
  storeIds === null ? '*' : [...storeIds].sort().join(',');

/** A catch-up's two messages, serialised once for every socket that asked for it. */
type CatchUpAnswer = { missed: string; badges: string };
/** A catch-up that has not begun, and the sockets waiting for it. */
type SharedCatchUp = { askers: Set<Connection>; answer: Promise<CatchUpAnswer | undefined> };

/** A client frame as what its ration counts it as. */
type Frame =
  | { kind: 'invalid' }
  | { kind: 'ping'; isBare: boolean }
  | { kind: 'resume'; since: string }
  | { kind: 'typing'; conversation: string | undefined };

function readFrame(data: string | null): Frame {
  // The first protocol's bare 'ping' still works.
  if (data === 'ping') return { kind: 'ping', isBare: true };
  if (data === null) return { kind: 'invalid' };
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { kind: 'invalid' };
  }
  const parsed = ClientSocketMessageSchema.safeParse(json);
  if (!parsed.success) return { kind: 'invalid' };
  const message: ClientSocketMessage = parsed.data;
  switch (message.type) {
    case 'ping':
      return { kind: 'ping', isBare: false };
    case 'resume':
      return { kind: 'resume', since: message.since };
    case 'typing':
      return { kind: 'typing', conversation: message.conversation };
  }
}

/**
 * Whether a socket's error is the client's doing: the ws library's errors for a frame that breaks the protocol
 * (an oversize frame, a bad opcode, invalid UTF-8, an unmasked frame …) all have a `WS_ERR_` code.
 */
export function isClientFault(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  return typeof error.code === 'string' && error.code.startsWith('WS_ERR_');
}

/** The earlier of two cursors (null: none yet). */
function earlierCursor(current: string | null, next: string): string {
  return current === null || Date.parse(next) < Date.parse(current) ? next : current;
}

/** Resolves after the event loop's next turn: what waits for I/O (other customers' requests) goes first. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function isSameShops(a: readonly string[] | null, b: readonly string[] | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The customer or operator a /ws upgrade is for, found before the upgrade. */
    socketViewer: { viewer: SignedIn; role: Role; storeIds: readonly string[] | null } | null;
  }
}

export type WebSocketDeps = {
  realtime: Realtime;
  notifications: Pick<NotificationsService, 'badges' | 'listSince' | 'deliverPending'>;
  support: Pick<SupportService, 'roleOf' | 'storesOf' | 'listMessagesSince' | 'typing'>;
  identity: Pick<IdentityService, 'onSessionEnded' | 'liveSessionIds'>;
  clock: Clock;
  /** How long a closed socket waits for the client's close frame (SOCKET_CLOSE_TIMEOUT_MS; tests shorten it). */
  closeTimeoutMs?: number;
};

/**
 * The /ws socket (SPEC §4, §7; protocol in core/contracts/realtime.ts, docs/decisions/027, 035), for signed-in
 * users only: the upgrade is refused with 401 in our JSON shape unless it carries a live session (the `token`
 * query parameter of SPEC §7, the Authorization header or the session cookie), and with 429 beyond a user's
 * sockets or upgrades. Events published on the bus by any process reach this process's sockets of their
 * audience. A session's sockets close when it ends: a logout anywhere (the bus), its expiry or its deletion
 * (checked at every frame and every SOCKET_PING_INTERVAL_MS). Every frame is rationed
 * (core/rules/socket-limits.ts), and a socket that does not read what it is sent is cut off.
 */
export async function registerWebSocket(
  app: FastifyInstance,
  plugin: typeof fastifyWebsocket,
  deps: WebSocketDeps,
): Promise<SocketRegistry> {
  const open = new Set<Connection>();
  const byUser = new Map<string, Set<Connection>>();
  const operatorGroups = new Map<string, OperatorGroup>();
  const upgrades = createKeyedRate(SOCKET_UPGRADE_RATE_PER_USER);
  /** The catch-up of each user's that runs now (or last ran): the next one of theirs waits for it. */
  const catchingUp = new Map<string, Promise<void>>();
  const catchUps = createWorkQueue({ concurrency: CATCH_UPS_AT_ONCE, maxWaiting: CATCH_UPS_WAITING });
  /** Catch-ups waiting for their turn, by what they answer: a socket asking the same joins one (`inTurn`). */
  const sharedCatchUps = new Map<string, SharedCatchUp>();
  const at = () => new Date(deps.clock.now()).toISOString();

  /**
   * Sends a text frame unless the socket is ending; one that has not read what it was sent already is cut off
   * instead. A fan-out passes its UTF-8 bytes, encoded once for every socket (ws frames a Buffer as it is; a
   * string it measures and encodes again for each socket).
   */
  function write(connection: Connection, text: string | Buffer): void {
    if (connection.isEnding || connection.socket.readyState !== connection.socket.OPEN) return;
    if (connection.socket.bufferedAmount > SOCKET_MAX_BUFFERED_BYTES) cutOff(connection);
    else connection.socket.send(text, TEXT_FRAME);
  }
  const send = (connection: Connection, message: ServerSocketMessage) =>
    write(connection, JSON.stringify(message));

  function end(connection: Connection, code: number, reason: string): void {
    if (connection.isEnding) return;
    connection.isEnding = true;
    connection.socket.close(code, reason);
    // A client that does not answer the close soon is dropped (ws would wait 30 s).
    setTimeout(() => connection.socket.terminate(), deps.closeTimeoutMs ?? SOCKET_CLOSE_TIMEOUT_MS).unref();
  }
  const endSession = (connection: Connection) =>
    end(connection, SOCKET_CLOSE_SESSION_ENDED, 'Сеанс завершён');

  /** A client that does not read would not read a close frame either: the connection is dropped. */
  function cutOff(connection: Connection): void {
    connection.isEnding = true;
    app.log.warn({ user: connection.userId }, 'socket cut off: it does not read what it is sent');
    connection.socket.terminate();
  }

  function deliver(envelope: Envelope): void {
    if (envelope.kind === 'catalogue-changed') return;
    if (envelope.kind === 'session-ended') {
      for (const connection of open) {
        if (connection.sessionId === envelope.sessionId) endSession(connection);
      }
      return;
    }
    // Serialised and encoded once, however many sockets get it; no copy of the audience's sockets is made.
    const frame = Buffer.from(JSON.stringify(envelope.event));
    const to = envelope.to;
    if ('role' in to) {
      for (const group of operatorGroups.values()) {
        if (!isOperatorAudience(group.storeIds, to)) continue;
        for (const connection of group.sockets) write(connection, frame);
      }
      return;
    }
    for (const userId of to.users) {
      for (const connection of byUser.get(userId) ?? []) write(connection, frame);
    }
  }

  async function checkSessions(): Promise<void> {
    const connections = [...open].filter((connection) => !connection.isEnding);
    const live = await deps.identity.liveSessionIds([
      ...new Set(connections.map((connection) => connection.sessionId)),
    ]);
    const nowMs = deps.clock.now();
    for (const connection of connections) {
      if (!live.has(connection.sessionId) || connection.expiresAt <= nowMs) endSession(connection);
    }
    // An operator's reach was read at the upgrade; one who lost the role (or shops) must stop hearing
    // customers' conversations now, not at their next reconnect. Operators are few: a query each.
    const operatorIds = new Set(
      connections.filter((c) => c.role === 'operator' && !c.isEnding).map((c) => c.userId),
    );
    for (const userId of operatorIds) {
      const [role, stores] = await Promise.all([deps.support.roleOf(userId), deps.support.storesOf(userId)]);
      const storeIds = role === 'operator' ? stores : null;
      for (const connection of byUser.get(userId) ?? []) {
        if (connection.role !== role || !isSameShops(connection.storeIds, storeIds)) {
          end(connection, SOCKET_CLOSE_ACCESS_CHANGED, 'Права доступа изменились');
        }
      }
    }
  }

  const unsubscribe = deps.realtime.bus.subscribe(deliver);
  const stopListening = deps.identity.onSessionEnded((sessionId) => {
    deps.realtime.bus.publish({ kind: 'session-ended', sessionId }).catch((error: unknown) => {
      app.log.warn({ err: error }, 'session end not published');
    });
  });
  // Every ping interval: this process's sockets stay present for another TTL, and ended sessions close.
  const refresh = setInterval(() => {
    deps.realtime.presence
      .refresh([...open].map((connection) => ({ userId: connection.userId, connectionId: connection.id })))
      .catch((error: unknown) => app.log.warn({ err: error }, 'presence refresh failed'));
    if (open.size > 0) {
      checkSessions().catch((error: unknown) => app.log.warn({ err: error }, 'socket sessions not checked'));
    }
  }, SOCKET_PING_INTERVAL_MS);
  refresh.unref();
  // This process is alive: its sockets count as present elsewhere only while it beats (item 12 of issue 21).
  const heartbeat = setInterval(() => {
    if (open.size === 0) return;
    deps.realtime.presence
      .heartbeat()
      .catch((error: unknown) => app.log.warn({ err: error }, 'presence heartbeat failed'));
  }, PRESENCE_HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(refresh);
    clearInterval(heartbeat);
    unsubscribe();
    stopListening();
    await deps.realtime.presence
      .leave()
      .catch((error: unknown) => app.log.warn({ err: error }, 'presence not left'));
  });

  /** Answers a resume, or lets it join the one being answered (the earliest `since` asked wins). */
  async function resume(connection: Connection, since: string): Promise<void> {
    if (connection.busy.has('resume')) {
      connection.nextResume = earlierCursor(connection.nextResume, since);
      return;
    }
    connection.busy.add('resume');
    try {
      let next: string | null = since;
      while (next !== null && !connection.isEnding) {
        connection.nextResume = null;
        await inTurn(connection, next);
        next = connection.nextResume;
      }
    } finally {
      connection.busy.delete('resume');
      connection.nextResume = null;
    }
  }

  /**
   * One catch-up of a user's at a time, whichever of their sockets asked: the tabs of one customer (or the
   * sockets of one hostile client) take their turns instead of filling the database's queue together; and
   * CATCH_UPS_AT_ONCE of the whole process, each after a turn of the event loop. Sockets of one user asking
   * for the same catch-up while it waits or runs share it: it is read and serialised once, and each of them
   * is sent the same text (12 sockets of one operator asking for a long history at once cost 12 reads of
   * 200 long messages and 12 serialisations of 400 KB, at the start of every round of the socket chaos check).
   */
  function inTurn(connection: Connection, since: string): Promise<void> {
    // What a catch-up answers: whose, as which role over which shops, and from when.
    const key = `${connection.userId}\n${connection.role}\n${connection.storeIds?.join(',') ?? '*'}\n${since}`;
    let shared = sharedCatchUps.get(key);
    if (shared) shared.askers.add(connection);
    else {
      shared = { askers: new Set([connection]), answer: readInTurn(connection, since, key, () => shared) };
      sharedCatchUps.set(key, shared);
    }
    return shared.answer.then((answer) => {
      if (!answer) return;
      write(connection, answer.missed);
      write(connection, answer.badges);
    });
  }

  function readInTurn(
    connection: Connection,
    since: string,
    key: string,
    sharing: () => SharedCatchUp | undefined,
  ): Promise<CatchUpAnswer | undefined> {
    const { userId } = connection;
    const isWanted = () => [...(sharing()?.askers ?? [])].some((asker) => !asker.isEnding);
    const run = () => {
      // From here on, a socket asking the same waits for the next one: this read may have begun already.
      if (sharedCatchUps.get(key) === sharing()) sharedCatchUps.delete(key);
      return isWanted()
        ? catchUps.run(async () => {
            // A turn of the event loop first: requests waiting for I/O go before this catch-up's reads.
            await nextTurn();
            return isWanted() ? await readCatchUp(connection, since) : undefined;
          })
        : undefined;
    };
    const mine = (catchingUp.get(userId) ?? Promise.resolve()).then(run);
    const settled = mine.then(
      () => {},
      () => {},
    );
    catchingUp.set(userId, settled);
    void settled.then(() => {
      if (catchingUp.get(userId) === settled) catchingUp.delete(userId);
    });
    return mine;
  }

  async function readCatchUp(connection: Connection, since: string): Promise<CatchUpAnswer> {
    // Stamped before reading (the client's next cursor): what the reads cannot see yet is announced to this
    // socket live, or falls within the next catch-up's overlap.
    const nowMs = deps.clock.now();
    const now = new Date(nowMs).toISOString();
    // At most CATCH_UP_MAX_MS back, whatever `since` says: a client away longer loads its pages again.
    const { fromMs, isPartial } = catchUpStart(since, nowMs, CATCH_UP_OVERLAP_MS);
    const from = new Date(fromMs);
    // Notifications stored with a change whose announcement never went out (the process ended between the
    // commit and the announcement, or it failed) go out now, to this socket among others.
    await deps.notifications.deliverPending(connection.userId);
    // One read after another, each after a turn of the event loop: on the embedded database the three at
    // once were one long stretch of this thread's time (a few round trips more on PostgreSQL).
    await nextTurn();
    const notifications = await deps.notifications.listSince(connection.userId, from);
    await nextTurn();
    const messages = await deps.support.listMessagesSince(
      connection.userId,
      connection.role,
      from,
      connection.storeIds,
    );
    await nextTurn();
    await connection.present;
    const badges = await deps.notifications.badges(connection.userId);
    const missed: ServerSocketMessage = {
      type: 'missed',
      since,
      notifications,
      messages,
      is_partial: isPartial,
      at: now,
    };
    return {
      missed: JSON.stringify(missed),
      badges: JSON.stringify({ type: 'badges', badges, at: now } satisfies ServerSocketMessage),
    };
  }

  async function answer(connection: Connection, frame: Frame): Promise<void> {
    // A session past its expiry answers nothing more.
    if (connection.expiresAt <= deps.clock.now()) return endSession(connection);
    switch (frame.kind) {
      case 'invalid':
        return send(connection, { type: 'error', message: BAD_MESSAGE });
      case 'ping': {
        if (frame.isBare) write(connection, 'pong');
        else send(connection, { type: 'pong' });
        // One refresh at a time: the one on its way keeps the socket present as well.
        if (connection.busy.has('ping')) return;
        connection.busy.add('ping');
        try {
          await deps.realtime.presence.refresh([{ userId: connection.userId, connectionId: connection.id }]);
        } finally {
          connection.busy.delete('ping');
        }
        return;
      }
      case 'resume':
        return resume(connection, frame.since);
      case 'typing': {
        const nowMs = deps.clock.now();
        // One signal per TYPING_REPEAT_MS is all the other side needs; one on its way is as good as another.
        if (nowMs - connection.lastTypingAt < TYPING_REPEAT_MS || connection.busy.has('typing')) return;
        connection.lastTypingAt = nowMs;
        connection.busy.add('typing');
        try {
          await deps.support.typing(connection.userId, connection.role, frame.conversation);
        } finally {
          connection.busy.delete('typing');
        }
        return;
      }
    }
  }

  function receive(connection: Connection, data: string | null): void {
    if (connection.isEnding) return;
    if (connection.socket.bufferedAmount > SOCKET_MAX_BUFFERED_BYTES) {
      cutOff(connection);
      return;
    }
    const frame = readFrame(data);
    switch (connection.budget.admit(frame.kind, deps.clock.now())) {
      case 'close':
        end(connection, SOCKET_CLOSE_TOO_MANY, SOCKET_TOO_MANY_REASON);
        // The flood goes on reaching us until the client reads the close: nothing more of it is read (the close
        // timeout drops the connection).
        connection.socket.pause();
        return;
      case 'slow-down':
        send(connection, { type: 'error', message: SOCKET_SLOW_DOWN_MESSAGE });
        return;
      case 'drop':
        return;
      case 'answer':
        answer(connection, frame).catch((error: unknown) => {
          app.log.warn({ err: error }, 'socket message failed');
          send(connection, { type: 'error', message: BAD_MESSAGE });
        });
    }
  }

  const tooManySockets = () =>
    new AppError('too_many_requests', TOO_MANY_SOCKETS_MESSAGE, {
      retryAfterS: TOO_MANY_SOCKETS_RETRY_AFTER_S,
    });

  // A frame over the limit closes the socket with 1009 (the ws library's answer), unread.
  await app.register(plugin, {
    options: { maxPayload: SOCKET_MAX_FRAME_BYTES },
    errorHandler: (error, socket, request) => {
      // The ws library's own errors are a client's frames that break the protocol or the size limit, already
      // answered with their close code: the client's fault, a warning. Anything else is ours.
      if (isClientFault(error))
        request.log.warn({ err: error }, 'socket closed: the client broke the protocol');
      else request.log.error({ err: error }, 'socket failed');
      socket.terminate();
    },
  });
  app.decorateRequest('socketViewer', null);
  app.get(
    SOCKET_PATH,
    {
      websocket: true,
      // Before the upgrade: a refused client gets an HTTP answer, not a socket that closes at once.
      preValidation: async (request) => {
        const viewer = await requireSocketUser(request);
        const userId = viewer.user._id;
        if ((byUser.get(userId)?.size ?? 0) >= SOCKET_MAX_PER_USER) throw tooManySockets();
        if (!upgrades.take(userId, deps.clock.now())) throw tooManySockets();
        // An operator's shops decide which conversations' events reach the socket (ADR 034).
        const [role, stores] = await Promise.all([
          deps.support.roleOf(userId),
          deps.support.storesOf(userId),
        ]);
        const storeIds = role === 'operator' ? stores : null;
        request.socketViewer = { viewer, role, storeIds };
      },
    },
    (socket, request) => {
      const found = request.socketViewer;
      if (!found) return socket.close(1011);
      const userId = found.viewer.user._id;
      const mine = byUser.get(userId) ?? new Set();
      // Upgrades of one user that passed the check together: those beyond the cap go again.
      if (mine.size >= SOCKET_MAX_PER_USER)
        return socket.close(SOCKET_CLOSE_TOO_MANY, SOCKET_TOO_MANY_REASON);
      const connection: Connection = {
        id: randomUUID(),
        userId,
        sessionId: found.viewer.sessionId,
        expiresAt: found.viewer.expiresAt,
        role: found.role,
        storeIds: found.storeIds,
        socket,
        lastTypingAt: 0,
        budget: createFrameBudget(deps.clock.now()),
        busy: new Set(),
        nextResume: null,
        isEnding: false,
        present: Promise.resolve(),
      };
      open.add(connection);
      mine.add(connection);
      byUser.set(userId, mine);
      const groupKey = shopsKey(connection.storeIds);
      if (connection.role === 'operator') {
        const group = operatorGroups.get(groupKey) ?? { storeIds: connection.storeIds, sockets: new Set() };
        group.sockets.add(connection);
        operatorGroups.set(groupKey, group);
      }
      connection.present = deps.realtime.presence
        .connected(userId, connection.id)
        .catch((error: unknown) => app.log.warn({ err: error }, 'presence not recorded'));
      socket.on('close', () => {
        connection.isEnding = true;
        open.delete(connection);
        const group = operatorGroups.get(groupKey);
        if (group?.sockets.delete(connection) && group.sockets.size === 0) operatorGroups.delete(groupKey);
        mine.delete(connection);
        if (mine.size === 0 && byUser.get(userId) === mine) byUser.delete(userId);
        deps.realtime.presence
          .disconnected(userId, connection.id)
          .catch((error: unknown) => app.log.warn({ err: error }, 'presence not cleared'));
      });
      socket.on('message', (data, isBinary) => {
        receive(connection, isBinary ? null : String(data));
      });
      send(connection, { type: 'hello', user: userId, role: connection.role, at: at() });
    },
  );
  return {
    get size() {
      return open.size;
    },
    closeAll(code = WS_GOING_AWAY, reason = 'Сервер перезапускается') {
      for (const connection of open) end(connection, code, reason);
    },
    checkSessions,
  };
}
