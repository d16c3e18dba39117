import { randomUUID } from 'node:crypto';
import {
  ClientSocketMessageSchema,
  type ServerSocketMessage,
  SOCKET_CLOSE_SESSION_ENDED,
  SOCKET_PATH,
  SOCKET_PING_INTERVAL_MS,
} from '@core/contracts/realtime';
import type { Role } from '@core/contracts/support';
import { TYPING_REPEAT_MS } from '@core/rules/chat';
import type fastifyWebsocket from '@fastify/websocket';
import type { WebSocket } from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../lib/clock';
import type { NotificationsService } from '../modules/notifications/notifications.service';
import type { SupportService } from '../modules/support/support.service';
import { type Envelope, isOperatorAudience } from '../realtime/bus';
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

export type SocketRegistry = {
  readonly size: number;
  closeAll(code?: number, reason?: string): void;
};

type Connection = {
  id: string;
  userId: string;
  sessionId: string;
  role: Role;
  /** An operator's shops (null: every shop, and every customer); a customer's: null. */
  storeIds: readonly string[] | null;
  socket: WebSocket;
  lastTypingAt: number;
};

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
  identity: { onSessionEnded(listener: (sessionId: string) => void): () => void };
  clock: Clock;
};

/**
 * The /ws socket (SPEC §4, §7; protocol in core/contracts/realtime.ts, docs/decisions/027), for signed-in users
 * only: the upgrade is refused with 401 in our JSON shape unless it carries a live session (the `token` query
 * parameter of SPEC §7, the Authorization header or the session cookie). Events published on the bus by any
 * process reach this process's sockets of their audience; a logout anywhere closes that session's sockets.
 */
export async function registerWebSocket(
  app: FastifyInstance,
  plugin: typeof fastifyWebsocket,
  deps: WebSocketDeps,
): Promise<SocketRegistry> {
  const open = new Set<Connection>();
  const byUser = new Map<string, Set<Connection>>();
  const operators = new Set<Connection>();
  const at = () => new Date(deps.clock.now()).toISOString();
  const send = (connection: Connection, message: ServerSocketMessage) =>
    connection.socket.send(JSON.stringify(message));

  function deliver(envelope: Envelope): void {
    if (envelope.kind === 'session-ended') {
      for (const connection of open) {
        if (connection.sessionId === envelope.sessionId)
          connection.socket.close(SOCKET_CLOSE_SESSION_ENDED, 'Сеанс завершён');
      }
      return;
    }
    // Serialised once, however many sockets get it.
    const text = JSON.stringify(envelope.event);
    const to = envelope.to;
    const targets =
      'role' in to
        ? [...operators].filter((connection) => isOperatorAudience(connection.storeIds, to))
        : to.users.flatMap((userId) => [...(byUser.get(userId) ?? [])]);
    for (const connection of targets) connection.socket.send(text);
  }

  const unsubscribe = deps.realtime.bus.subscribe(deliver);
  const stopListening = deps.identity.onSessionEnded((sessionId) => {
    deps.realtime.bus.publish({ kind: 'session-ended', sessionId }).catch((error: unknown) => {
      app.log.warn({ err: error }, 'session end not published');
    });
  });
  const refresh = setInterval(() => {
    deps.realtime.presence
      .refresh([...open].map((connection) => ({ userId: connection.userId, connectionId: connection.id })))
      .catch((error: unknown) => app.log.warn({ err: error }, 'presence refresh failed'));
  }, SOCKET_PING_INTERVAL_MS);
  refresh.unref();
  app.addHook('onClose', async () => {
    clearInterval(refresh);
    unsubscribe();
    stopListening();
  });

  async function answer(connection: Connection, data: string): Promise<void> {
    // The first protocol's bare 'ping' still works.
    if (data === 'ping') return void connection.socket.send('pong');
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return send(connection, { type: 'error', message: BAD_MESSAGE });
    }
    const parsed = ClientSocketMessageSchema.safeParse(json);
    if (!parsed.success) return send(connection, { type: 'error', message: BAD_MESSAGE });
    const message = parsed.data;
    switch (message.type) {
      case 'ping':
        send(connection, { type: 'pong' });
        await deps.realtime.presence.refresh([{ userId: connection.userId, connectionId: connection.id }]);
        return;
      case 'resume': {
        // Stamped before reading (the client's next cursor): what the reads cannot see yet is announced to
        // this socket live, or falls within the next catch-up's overlap.
        const now = at();
        const since = new Date(Date.parse(message.since) - CATCH_UP_OVERLAP_MS);
        // Notifications stored with a change whose announcement never went out (the process ended between
        // the commit and the announcement, or it failed) go out now, to this socket among others.
        await deps.notifications.deliverPending(connection.userId);
        const [notifications, messages, badges] = await Promise.all([
          deps.notifications.listSince(connection.userId, since),
          deps.support.listMessagesSince(connection.userId, connection.role, since, connection.storeIds),
          deps.notifications.badges(connection.userId),
        ]);
        send(connection, { type: 'missed', since: message.since, notifications, messages, at: now });
        send(connection, { type: 'badges', badges, at: now });
        return;
      }
      case 'typing': {
        const nowMs = deps.clock.now();
        // One signal per TYPING_REPEAT_MS is all the other side needs.
        if (nowMs - connection.lastTypingAt < TYPING_REPEAT_MS) return;
        connection.lastTypingAt = nowMs;
        await deps.support.typing(connection.userId, connection.role, message.conversation);
        return;
      }
    }
  }

  await app.register(plugin, { options: { maxPayload: 64 * 1024 } });
  app.decorateRequest('socketViewer', null);
  app.get(
    SOCKET_PATH,
    {
      websocket: true,
      // Before the upgrade: a refused client gets an HTTP answer, not a socket that closes at once.
      preValidation: async (request) => {
        const viewer = await requireSocketUser(request);
        // An operator's shops decide which conversations' events reach the socket (ADR 034).
        const [role, stores] = await Promise.all([
          deps.support.roleOf(viewer.user._id),
          deps.support.storesOf(viewer.user._id),
        ]);
        const storeIds = role === 'operator' ? stores : null;
        request.socketViewer = { viewer, role, storeIds };
      },
    },
    (socket, request) => {
      const found = request.socketViewer;
      if (!found) return socket.close(1011);
      const connection: Connection = {
        id: randomUUID(),
        userId: found.viewer.user._id,
        sessionId: found.viewer.sessionId,
        role: found.role,
        storeIds: found.storeIds,
        socket,
        lastTypingAt: 0,
      };
      open.add(connection);
      const mine = byUser.get(connection.userId) ?? new Set();
      mine.add(connection);
      byUser.set(connection.userId, mine);
      if (connection.role === 'operator') operators.add(connection);
      deps.realtime.presence
        .connected(connection.userId, connection.id)
        .catch((error: unknown) => app.log.warn({ err: error }, 'presence not recorded'));
      socket.on('close', () => {
        open.delete(connection);
        operators.delete(connection);
        mine.delete(connection);
        if (mine.size === 0 && byUser.get(connection.userId) === mine) byUser.delete(connection.userId);
        deps.realtime.presence
          .disconnected(connection.userId, connection.id)
          .catch((error: unknown) => app.log.warn({ err: error }, 'presence not cleared'));
      });
      socket.on('message', (data) => {
        answer(connection, String(data)).catch((error: unknown) => {
          app.log.warn({ err: error }, 'socket message failed');
          if (socket.readyState === socket.OPEN) send(connection, { type: 'error', message: BAD_MESSAGE });
        });
      });
      send(connection, { type: 'hello', user: connection.userId, role: connection.role, at: at() });
    },
  );
  return {
    get size() {
      return open.size;
    },
    closeAll(code = WS_GOING_AWAY, reason = 'Сервер перезапускается') {
      for (const connection of open) connection.socket.close(code, reason);
    },
  };
}
