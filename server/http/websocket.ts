import type fastifyWebsocket from '@fastify/websocket';
import type { WebSocket } from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';

/** Close code 1001 "going away": the server is shutting down; clients reconnect to another process. */
export const WS_GOING_AWAY = 1001;

export type SocketRegistry = {
  readonly size: number;
  closeAll(code?: number, reason?: string): void;
};

/**
 * The /ws socket. For now it accepts every connection and greets it; the notifications issue authenticates
 * it by token (group=user) and delivers messages through the bus.
 */
export async function registerWebSocket(
  app: FastifyInstance,
  plugin: typeof fastifyWebsocket,
): Promise<SocketRegistry> {
  const open = new Set<WebSocket>();
  await app.register(plugin, { options: { maxPayload: 64 * 1024 } });
  app.get('/ws', { websocket: true }, (socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('message', (data) => {
      if (String(data) === 'ping') socket.send('pong');
    });
    socket.send(JSON.stringify({ type: 'hello' }));
  });
  return {
    get size() {
      return open.size;
    },
    closeAll(code = WS_GOING_AWAY, reason = 'Сервер перезапускается') {
      for (const socket of open) socket.close(code, reason);
    },
  };
}
