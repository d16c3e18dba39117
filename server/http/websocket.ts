import type fastifyWebsocket from '@fastify/websocket';
import type { WebSocket } from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { requireSocketUser } from './auth';

/** Close code 1001 "going away": the server is shutting down; clients reconnect to another process. */
export const WS_GOING_AWAY = 1001;

export type SocketRegistry = {
  readonly size: number;
  closeAll(code?: number, reason?: string): void;
};

/**
 * The /ws socket, for signed-in customers only: the upgrade is refused with 401 in our JSON shape unless it
 * carries a live session (the `token` query parameter of SPEC §7, the Authorization header or the session
 * cookie). For now it greets the customer; the notifications issue delivers messages through the bus.
 */
export async function registerWebSocket(
  app: FastifyInstance,
  plugin: typeof fastifyWebsocket,
): Promise<SocketRegistry> {
  const open = new Set<WebSocket>();
  await app.register(plugin, { options: { maxPayload: 64 * 1024 } });
  app.get(
    '/ws',
    {
      websocket: true,
      // Before the upgrade: a refused client gets an HTTP answer, not a socket that closes at once.
      preValidation: async (request) => {
        await requireSocketUser(request);
      },
    },
    (socket) => {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('message', (data) => {
        if (String(data) === 'ping') socket.send('pong');
      });
      socket.send(JSON.stringify({ type: 'hello' }));
    },
  );
  return {
    get size() {
      return open.size;
    },
    closeAll(code = WS_GOING_AWAY, reason = 'Сервер перезапускается') {
      for (const socket of open) socket.close(code, reason);
    },
  };
}
