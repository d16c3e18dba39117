// The baseline of the HTTP benchmarks: a bare node:http server answering every request with the same bytes
// and headers the real server produced for that path. Usage: node bench/bare-server.mjs <port> <responses.json>
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [port, file] = process.argv.slice(2);
/** @type {Record<string, {contentType: string, body: string}>} */
const responses = JSON.parse(readFileSync(file, 'utf8'));
const bodies = new Map(
  Object.entries(responses).map(([path, r]) => [
    path,
    { contentType: r.contentType, body: Buffer.from(r.body, 'base64') },
  ]),
);

http
  .createServer((request, response) => {
    const found = bodies.get(request.url ?? '/');
    if (!found) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': found.contentType, 'content-length': found.body.length });
    response.end(found.body);
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
