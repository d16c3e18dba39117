import { describe, expect, it } from 'vitest';
import {
  eagerScripts,
  facesInUse,
  firstLoadScripts,
  fontFaces,
  parseUnicodeRange,
  visibleCharacters,
} from './page-weight';

describe('what the budget counts as a page’s first load (tests/budget/page-weight.ts)', () => {
  it('counts module scripts, modulepreloads and the route modules the inline script imports, not the manifest', () => {
    const html =
      '<link rel="modulepreload" href="/assets/a.js"/><link nonce="x" rel="modulepreload" href="/assets/b.js"/>' +
      '<script type="module" src="/assets/c.js"></script>' +
      '<script nonce="x" type="module" async="">import * as route0 from "/assets/root.js";\n' +
      'import("/assets/entry.js");\nwindow.__reactRouterManifest = {"imports": ["/assets/lazy.js"]};</script>' +
      '<link rel="stylesheet" href="/assets/root.css"/>';
    expect(firstLoadScripts(html).sort()).toEqual(
      ['/assets/a.js', '/assets/b.js', '/assets/c.js', '/assets/entry.js', '/assets/root.js'].sort(),
    );
  });

  it("finds the head's modulepreloads that are not low priority, and none of the body's", () => {
    const html =
      '<html><head><link rel="modulepreload" fetchpriority="low" href="/assets/a.js"/>' +
      '<link nonce="x" rel="modulepreload" href="/assets/b.js"/><link rel="stylesheet" href="/s.css"/></head>' +
      '<body><link rel="modulepreload" href="/assets/c.js"/></body></html>';
    expect(eagerScripts(html)).toEqual(['/assets/b.js']);
  });

  it('fetches a font face only when the page writes a character of its unicode-range', () => {
    const faces = fontFaces(
      '@font-face{font-family:"A";src:url(/assets/latin.woff2) format("woff2");unicode-range:U+0020-007E,U+00A0}' +
        '@font-face{font-family:"A";src:url(/assets/rouble.woff2);unicode-range:U+20BD}' +
        '@font-face{font-family:"Fallback";src:local("Arial");size-adjust:107%}',
    );
    expect(faces).toEqual([
      {
        url: '/assets/latin.woff2',
        ranges: [
          [0x20, 0x7e],
          [0xa0, 0xa0],
        ],
      },
      { url: '/assets/rouble.woff2', ranges: [[0x20bd, 0x20bd]] },
    ]);
    const page = (body: string) =>
      visibleCharacters(`<html><head><title>₽</title></head><body>${body}</body></html>`);
    expect(facesInUse(faces, page('<p>Milk</p><script>"₽"</script>'))).toEqual(['/assets/latin.woff2']);
    expect(facesInUse(faces, page('<p>Milk &#x20BD;</p>'))).toEqual([
      '/assets/latin.woff2',
      '/assets/rouble.woff2',
    ]);
  });

  it('reads unicode-range forms: a range, one code point, wildcards', () => {
    expect(parseUnicodeRange('U+0400-045F')).toEqual([0x400, 0x45f]);
    expect(parseUnicodeRange('u+20bd')).toEqual([0x20bd, 0x20bd]);
    expect(parseUnicodeRange('U+4??')).toEqual([0x400, 0x4ff]);
  });
});
