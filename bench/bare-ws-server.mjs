// The baseline of bench:ws: a bare `ws` server (the library @fastify/websocket wraps), no sessions, no bus.
// Each socket gets a greeting; POST /send takes a JSON array of texts and sends each, as a text frame, to every
// open socket (the frames of one Фреш support message, so each socket gets as many frames and bytes), then
// answers. GET anything else answers 200 (the bench's readiness check).
// Usage: node bench/bare-ws-server.mjs <port>
import http from 'node:http';
import { WebSocketServer } from 'ws';

const [port] = process.argv.slice(2);

const server = http.createServer((request, response) => {
  if (request.method !== 'POST' || request.url !== '/send') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const texts = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    for (const text of texts) for (const socket of sockets.clients) socket.send(text);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
  });
});
const sockets = new WebSocketServer({ server, path: '/ws', maxPayload: 64 * 1024 });
sockets.on('connection', (socket) => socket.send('{"type":"hello"}'));
server.listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
