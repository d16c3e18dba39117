import { Transform } from 'node:stream';

const PRELOAD = Buffer.from('rel="modulepreload"');
const LOW = Buffer.from(' fetchpriority="low"');
const HEAD_END = Buffer.from('</head>');
/** Bytes held back at a chunk's end while the head goes on: a marker may begin in them. */
const KEEP = Math.max(PRELOAD.length, HEAD_END.length) - 1;

/**
 * The document's bytes as React renders them, with each `<link rel="modulepreload">` of the head fetched at low
 * priority (issue 23; ADR 044, "The scripts after the first paint"). React Router renders the page's scripts as
 * modulepreloads, which React hoists into the head ahead of the stylesheet; at their default (high) priority
 * they shared the line with the stylesheet and the font, so on a slow connection the first paint waited for
 * 120 KB of JavaScript it does not need (the server renders the page; the scripts hydrate it). At low priority
 * the stylesheet, the font and the first images go first. React Router's `<Scripts>` has no attribute for it,
 * so its output is rewritten: in bytes, never decoded (a chunk may end inside a character), up to `</head>`;
 * the rest streams through untouched.
 */
export function lowPriorityModulePreloads(): Transform {
  let isHeadDone = false;
  let carry = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (isHeadDone) return callback(null, chunk);
      const bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      const headEnd = bytes.indexOf(HEAD_END);
      isHeadDone = headEnd !== -1;
      // Markers that begin before this point are rewritten; with the head going on, the last bytes wait.
      const scanEnd = isHeadDone ? headEnd : Math.max(0, bytes.length - KEEP);
      const parts: Buffer[] = [];
      let written = 0;
      for (let at = bytes.indexOf(PRELOAD); at !== -1 && at < scanEnd; at = bytes.indexOf(PRELOAD, written)) {
        const end = at + PRELOAD.length;
        parts.push(bytes.subarray(written, end), LOW);
        written = end;
      }
      const sent = isHeadDone ? bytes.length : Math.max(scanEnd, written);
      parts.push(bytes.subarray(written, sent));
      carry = Buffer.from(bytes.subarray(sent));
      callback(null, parts.length === 1 ? parts[0] : Buffer.concat(parts));
    },
    flush(callback) {
      callback(null, carry.length > 0 ? carry : null);
    },
  });
}
