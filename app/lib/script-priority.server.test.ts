import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from './script-priority.server';

/** The document sent through the rewriter in chunks of `size` bytes (the last one shorter). */
async function rewrite(html: string, size: number): Promise<string> {
  const bytes = Buffer.from(html);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return text(Readable.from(chunks).pipe(lowPriorityModulePreloads()));
}

const HEAD =
  '<!DOCTYPE html><html lang="ru"><head><meta charSet="utf-8"/><title>Фреш — продукты</title>' +
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/root.js" nonce="n"/>' +
  '<link rel="stylesheet" href="/assets/shell.css"/></head>';
const BODY =
  '<body><p>Молоко — 89 ₽</p><pre>rel="modulepreload" in the body is text</pre>' +
  '<link rel="modulepreload" href="/assets/late.js"/></body></html>';

describe('module preloads at low priority', () => {
  it("marks each of the head's modulepreloads low, and leaves the body as it was", async () => {
    const expected = HEAD.replaceAll('rel="modulepreload"', 'rel="modulepreload" fetchpriority="low"') + BODY;
    expect(await rewrite(HEAD + BODY, 1 << 16)).toBe(expected);
  });

  it('gives the same bytes however the document is cut: inside a marker, a character or `</head>`', async () => {
    const expected = HEAD.replaceAll('rel="modulepreload"', 'rel="modulepreload" fetchpriority="low"') + BODY;
    for (const size of [1, 2, 3, 5, 7, 11, 19, 20, 64]) {
      expect(await rewrite(HEAD + BODY, size), `chunks of ${size}`).toBe(expected);
    }
  });

  it('passes a document without a head through whole', async () => {
    expect(await rewrite('<p>Нет заголовка</p>', 4)).toBe('<p>Нет заголовка</p>');
  });
});
