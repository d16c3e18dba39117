/**
 * A server on the PostgreSQL wire protocol that refuses every connection at startup with the SQLSTATE given,
 * as PostgreSQL itself does while it starts up or shuts down (57P03), when it has no connection slot left
 * (53300) or when the database does not accept connections (55000). A real server can be made to refuse with
 * 53300 (a role's connection limit) or 55000 (ALLOW_CONNECTIONS false), but not with 57P03 without stopping
 * it for everyone; this is the wire answer it would send, nothing more.
 */
import { createServer, type Server, type Socket } from 'node:net';

export type RefusingPostgres = { url: string; close(): Promise<void> };

function errorResponse(code: string, message: string): Buffer {
  const fields = Buffer.concat([
    ...[
      ['S', 'FATAL'],
      ['V', 'FATAL'],
      ['C', code],
      ['M', message],
    ].map(([type, value]) => Buffer.from(`${type}${value}\0`, 'utf8')),
    Buffer.from([0]),
  ]);
  const header = Buffer.alloc(5);
  header.write('E', 0, 'latin1');
  header.writeInt32BE(4 + fields.length, 1);
  return Buffer.concat([header, fields]);
}

export async function startRefusingPostgres(code: string, message: string): Promise<RefusingPostgres> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    // The startup message (or an SSL request) arrives first; the refusal answers it.
    socket.once('data', () => socket.end(errorResponse(code, message)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `postgres://postgres@127.0.0.1:${address.port}/fresh`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
