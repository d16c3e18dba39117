// Baseline of the catalogue SSR benchmark: a bare node:http server that renders the same 48-product grid
// with a template string on every request. Usage: node bench/template-server.mjs <port> <products.json>
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [port, file] = process.argv.slice(2);
const products = JSON.parse(readFileSync(file, 'utf8'));
const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const money = new Intl.NumberFormat('ru-RU');
const roubles = (kopecks) => `${money.format(kopecks / 100)} ₽`;

function render() {
  const cards = products
    .map(
      (p) =>
        `<li><article class="card"><img src="${escapeHtml(p.img ?? '')}" alt="" width="400" height="400" loading="lazy">` +
        `<p class="price">${roubles(p.price)}${p.discount > 0 ? ` <s>${roubles(Math.ceil(p.price / (100 - p.discount)) * 100)}</s>` : ''}</p>` +
        `<h3><a href="/product/${escapeHtml(p.slug)}">${escapeHtml(p.name)}</a></h3>` +
        `<p>${p.weight} г · ${escapeHtml(p.store.name)}</p><button type="button">В корзину</button></article></li>`,
    )
    .join('');
  return `<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"><title>Каталог — Фреш</title></head><body><main><h1>Каталог</h1><ul class="grid">${cards}</ul></main></body></html>`;
}

http
  .createServer((_request, response) => {
    const body = render();
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
