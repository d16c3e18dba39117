/**
 * What a browser downloads on the first load of a page, counted from the server's HTML alone (byte and file
 * counts: the same on any machine, unlike timings):
 * - the HTML as served, uncompressed;
 * - first-load JavaScript: the module scripts, the modulepreloads and the route modules the inline module
 *   script imports, each gzipped at level 9 as a CDN would serve it (bench/js-size.ts counts the same way);
 * - fonts: those the page preloads, and every @font-face of its stylesheets whose unicode-range covers a
 *   character of the page's text (the browser fetches a face only then).
 */
import { gzipSync } from 'node:zlib';

export type PageWeight = {
  htmlBytes: number;
  jsFiles: number;
  jsGzipBytes: number;
  cssGzipBytes: number;
  fontFiles: number;
  fontBytes: number;
  /** The first-load JavaScript files (for a failure message). */
  jsUrls: string[];
  fontUrls: string[];
  /** Characters of the page's text that no web font face covers (drawn in a fallback font). */
  uncovered: string[];
  /** Scripts the head preloads at the browser's default (high) priority, beside the stylesheet. */
  eagerScripts: string[];
};

/** The JavaScript files the page loads before it is interactive. */
export function firstLoadScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(match[0])?.[1];
    if (href) urls.add(href);
  }
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) {
    if (match[1]) urls.add(match[1]);
  }
  // The inline module script: `import * as route0 from "…"` and `import("…")`. Its manifest lists every
  // route's files as plain strings, which are not loads.
  for (const script of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    const body = script[1] ?? '';
    for (const match of body.matchAll(/\bfrom\s*"([^"]+\.js)"|\bimport\s*\(\s*"([^"]+\.js)"\s*\)/g)) {
      const url = match[1] ?? match[2];
      if (url) urls.add(url);
    }
  }
  return [...urls];
}

/**
 * The head's modulepreloads without `fetchpriority="low"`: at the default priority they share a slow line with
 * the stylesheet and the font, and Lighthouse's phone counts them as holding up the first paint (ADR 044,
 * "The scripts after the first paint").
 */
export function eagerScripts(html: string): string[] {
  const head = html.slice(0, Math.max(0, html.indexOf('</head>')));
  const urls: string[] = [];
  for (const match of head.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    if (/\bfetchpriority="low"/.test(match[0])) continue;
    const href = /\bhref="([^"]+)"/.exec(match[0])?.[1];
    if (href) urls.push(href);
  }
  return urls;
}

export function stylesheets(html: string): string[] {
  const urls: string[] = [];
  for (const match of html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(match[0])?.[1];
    if (href) urls.push(href);
  }
  return urls;
}

export function preloadedFonts(html: string): string[] {
  const urls: string[] = [];
  for (const match of html.matchAll(/<link\b[^>]*\bas="font"[^>]*>/g)) {
    if (!/\brel="preload"/.test(match[0])) continue;
    const href = /\bhref="([^"]+)"/.exec(match[0])?.[1];
    if (href) urls.push(href);
  }
  return urls;
}

export type FontFace = { url: string; ranges: [number, number][] };

/** The @font-face rules of a stylesheet: the first url of each src and its unicode-range (all when absent). */
export function fontFaces(css: string): FontFace[] {
  const faces: FontFace[] = [];
  for (const rule of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    const body = rule[1] ?? '';
    const url = /url\(\s*["']?([^"')]+)["']?\s*\)/.exec(body)?.[1];
    if (!url) continue;
    const rangeText = /unicode-range\s*:\s*([^;]+)/.exec(body)?.[1];
    const ranges: [number, number][] = rangeText
      ? rangeText.split(',').map((part) => parseUnicodeRange(part.trim()))
      : [[0, 0x10ffff]];
    faces.push({ url, ranges });
  }
  return faces;
}

/** 'U+0400-045F', 'U+20BD', 'U+4??' as a closed range of code points. */
export function parseUnicodeRange(text: string): [number, number] {
  const value = text.replace(/^u\+/i, '');
  if (value.includes('-')) {
    const [from = '0', to = '0'] = value.split('-');
    return [Number.parseInt(from, 16), Number.parseInt(to, 16)];
  }
  if (value.includes('?')) {
    return [Number.parseInt(value.replaceAll('?', '0'), 16), Number.parseInt(value.replaceAll('?', 'F'), 16)];
  }
  const single = Number.parseInt(value, 16);
  return [single, single];
}

/** The characters a reader sees: the HTML without its scripts, styles and tags, entities decoded. */
export function visibleCharacters(html: string): Set<number> {
  const text = html
    .replace(/<script\b[\s\S]*?<\/script>/g, ' ')
    .replace(/<style\b[\s\S]*?<\/style>/g, ' ')
    .replace(/<head\b[\s\S]*?<\/head>/, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) =>
      name === 'amp' ? '&' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : "'",
    );
  const codes = new Set<number>();
  for (const char of text) {
    const code = char.codePointAt(0);
    if (code !== undefined && code > 0x20) codes.add(code);
  }
  return codes;
}

/** The faces the page's text needs (one file once, however many rules name it). */
export function facesInUse(faces: readonly FontFace[], characters: ReadonlySet<number>): string[] {
  const used = new Set<string>();
  for (const face of faces) {
    const covers = [...characters].some((code) =>
      face.ranges.some(([from, to]) => code >= from && code <= to),
    );
    if (covers) used.add(face.url);
  }
  return [...used];
}

type Fetcher = (url: string) => Promise<Buffer>;

/** Weighs a page whose HTML was already fetched; `get` fetches one of its files (origin-relative URL). */
export async function weighPage(html: string, get: Fetcher): Promise<PageWeight> {
  const jsUrls = firstLoadScripts(html);
  let jsGzipBytes = 0;
  for (const url of jsUrls) jsGzipBytes += gzipSync(await get(url), { level: 9 }).length;

  let cssGzipBytes = 0;
  const faces: FontFace[] = [];
  for (const url of stylesheets(html)) {
    const css = await get(url);
    cssGzipBytes += gzipSync(css, { level: 9 }).length;
    faces.push(
      ...fontFaces(css.toString('utf8')).map((face) => ({
        ...face,
        url: new URL(face.url, `http://x${url}`).pathname,
      })),
    );
  }
  const characters = visibleCharacters(html);
  const fontUrls = [...new Set([...preloadedFonts(html), ...facesInUse(faces, characters)])];
  const uncovered = [...characters]
    .filter((code) => !faces.some((face) => face.ranges.some(([from, to]) => code >= from && code <= to)))
    .map((code) => String.fromCodePoint(code));
  let fontBytes = 0;
  // Fonts are served as they are (woff2 is compressed already).
  for (const url of fontUrls) fontBytes += (await get(url)).length;

  return {
    htmlBytes: Buffer.byteLength(html),
    jsFiles: jsUrls.length,
    jsGzipBytes,
    cssGzipBytes,
    fontFiles: fontUrls.length,
    fontBytes,
    jsUrls,
    fontUrls,
    uncovered,
    eagerScripts: eagerScripts(html),
  };
}
