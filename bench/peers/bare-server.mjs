// The baseline of `npm run bench:peers`: a bare node:http server running Фреш's catalogue query on node-postgres
// and writing the same 48 cards with a template string, per request. Usage: PEER_CONFIG=<config.json>
// DATABASE_URL=<url> node bench/peers/bare-server.mjs <port>. The runtime (presenter, formatting, templates)
// is the one the Next.js peer imports, bundled by the bench.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { cardOf, cardValues, fillTemplate, signature } from './next/lib/peer-runtime.mjs';

const [port] = process.argv.slice(2);
const config = JSON.parse(readFileSync(process.env.PEER_CONFIG, 'utf8'));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

async function render() {
  const { rows } = await pool.query({ text: config.sql, values: config.params, rowMode: 'array' });
  const now = new Date();
  let cards = '';
  rows.forEach((row, index) => {
    const card = cardOf(row, config.fields, now);
    cards += fillTemplate(
      config.templates[signature(card, index, config.eagerCount)] ?? '',
      cardValues(card, `c${index}`),
    );
  });
  return `<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"><title>Каталог — bare peer</title></head><body><main><h1>Каталог</h1>${config.gridOpen}${cards}</ul></main></body></html>`;
}

http
  .createServer((_request, response) => {
    render().then(
      (body) => {
        response.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-length': Buffer.byteLength(body),
        });
        response.end(body);
      },
      (error) => {
        response.writeHead(500).end(String(error));
      },
    );
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
