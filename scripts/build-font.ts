/**
 * `npm run build:font`: the storefront's one font file, made from the full Inter variable font (inter-ui's
 * InterVariable.woff2; the @fontsource-variable files are cut by script already, and no tool merges them back)
 * and written to app/assets/fonts/ (committed: a build needs no font tool, ADR 040):
 *
 * - inter-subset.woff2: the characters the site writes (Cyrillic, basic Latin and Latin-1, digits, '₽', '«»',
 *   '—', '№', arrows and punctuation of Russian text), the weight axis cut to the weights in use (400–900,
 *   optical size pinned at text size), the layout features text needs;
 * - inter.css: its @font-face (font-display: swap, unicode-range from the subset's own character map) and
 *   two local fallback faces (Arial and its metric twins; Roboto on Android) scaled to Inter's metrics, so
 *   the swap moves nothing: size-adjust from the width of a Russian sample text, ascent/descent/line gap
 *   from Inter's own.
 *
 * The fallback's widths are measured on Liberation Sans (metric-compatible with Arial, Debian's
 * fonts-liberation), at FALLBACK_FONT or its usual path. Roboto's are Arial's scaled by the two fonts' average
 * widths (both 2048 units per em).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Blob, Face, Font, Buffer as HbBuffer, shape } from 'harfbuzzjs';
import subsetFont from 'subset-font';

const root = path.resolve(import.meta.dirname, '..');
const SOURCE = path.join(root, 'node_modules/inter-ui/variable/InterVariable.woff2');
const OUT_DIR = path.join(root, 'app/assets/fonts');
const FALLBACK_FONT =
  process.env.FALLBACK_FONT ?? '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf';

/**
 * Closed ranges of code points the site writes. Not '★' (ratings): it was always drawn by the system's
 * symbol font, and stays so (tests/budget/pages.budget.ts lists it).
 */
export const FONT_RANGES: readonly (readonly [number, number])[] = [
  [0x0020, 0x007e], // basic Latin: letters, digits, punctuation
  [0x00a0, 0x00ff], // Latin-1: nbsp, «», °, ·, ×, ½, ©, and the accented letters of imported names
  [0x0401, 0x0401], // Ё
  [0x0410, 0x044f], // А–я
  [0x0451, 0x0451], // ё
  [0x2009, 0x2009], // thin space
  [0x2010, 0x2014], // hyphens, –, —
  [0x2018, 0x201e], // ‘’‚“”„
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x202f, 0x202f], // narrow no-break space (Intl's digit groups)
  [0x20ac, 0x20ac], // €
  [0x20bd, 0x20bd], // ₽
  [0x2116, 0x2116], // №
  [0x2190, 0x2193], // ←↑→↓
  [0x2212, 0x2212], // − (discounts: «−20%»)
  [0x2248, 0x2248], // ≈ (goods by weight)
  [0x2264, 0x2265], // ≤ ≥
];

/** What text needs: kerning, ligatures and contextual forms, marks, tabular digits (counters, prices). */
const LAYOUT_FEATURES = ['kern', 'liga', 'calt', 'ccmp', 'locl', 'mark', 'mkmk', 'tnum', 'case'];
/** font-medium … font-black; text below 400 is never set. */
const WEIGHTS = { min: 400, max: 900 };
/** Inter's optical size for text (its opsz axis runs 14–32). */
const OPTICAL_SIZE = 14;

/** The sample whose width the fallback is scaled to: Russian running text with prices and units. */
const SAMPLE =
  'Съешь же ещё этих мягких французских булок, да выпей чаю. Молоко деревенское 3,2% 1 л — 89 ₽, ' +
  'сыр «Российский» 250 г, хлеб ржаной, яблоки 1 кг. Доставка сегодня с 10:00 до 22:00, заказ № 1042.';

/** Roboto's and Arial's average character widths (units of 2048 per em; capsize's font metrics). */
const ROBOTO_PER_ARIAL_WIDTH = 911 / 904;
const ROBOTO = { ascent: 1900, descent: 500, lineGap: 0, unitsPerEm: 2048 };

function face(data: Uint8Array): { face: Face; font: Font } {
  const loaded = new Face(new Blob(data));
  return { face: loaded, font: new Font(loaded) };
}

/** Width of the sample in ems. */
function sampleWidth(font: Font, unitsPerEm: number): number {
  const buffer = new HbBuffer();
  buffer.addText(SAMPLE);
  buffer.guessSegmentProperties();
  shape(font, buffer);
  const width = buffer.getGlyphPositions().reduce((sum, position) => sum + position.xAdvance, 0);
  return width / unitsPerEm;
}

/** Code points of a font's character map as unicode-range text ('U+20-7E,U+A0-FF,…'). */
export function unicodeRangeOf(codes: Iterable<number>): string {
  const sorted = [...new Set(codes)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let index = 0; index < sorted.length; ) {
    const start = sorted[index] ?? 0;
    let end = start;
    while (sorted[index + 1] === end + 1) {
      end += 1;
      index += 1;
    }
    index += 1;
    const hex = (code: number) => code.toString(16).toUpperCase();
    parts.push(start === end ? `U+${hex(start)}` : `U+${hex(start)}-${hex(end)}`);
  }
  return parts.join(',');
}

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

async function main(): Promise<void> {
  if (!existsSync(FALLBACK_FONT)) {
    throw new Error(
      `No ${FALLBACK_FONT}: install fonts-liberation or set FALLBACK_FONT to an Arial-metric font`,
    );
  }
  let text = '';
  for (const [from, to] of FONT_RANGES)
    for (let code = from; code <= to; code += 1) text += String.fromCodePoint(code);

  const subset = await subsetFont(await readFile(SOURCE), text, {
    targetFormat: 'woff2',
    variationAxes: { opsz: OPTICAL_SIZE, wght: WEIGHTS },
    keepFeatures: LAYOUT_FEATURES,
  });
  const truetype = await subsetFont(subset, text, {
    targetFormat: 'truetype',
    keepFeatures: LAYOUT_FEATURES,
  });

  // Measured at the default instance: weight 400, the body text's.
  const inter = face(new Uint8Array(truetype));
  const interUnits = inter.face.upem;
  const interExtents = inter.font.hExtents();
  const arial = face(new Uint8Array(await readFile(FALLBACK_FONT)));
  const arialUnits = arial.face.upem;
  const arialExtents = arial.font.hExtents();

  // The fallback drawn at size-adjust × its size is as wide as Inter; then its vertical metrics, which
  // size-adjust scales too, are set to Inter's divided by it.
  const interWidth = sampleWidth(inter.font, interUnits);
  const arialScale = interWidth / sampleWidth(arial.font, arialUnits);
  const robotoScale = arialScale / ROBOTO_PER_ARIAL_WIDTH;
  const ascent = interExtents.ascender / interUnits;
  const descent = Math.abs(interExtents.descender) / interUnits;
  const lineGap = interExtents.lineGap / interUnits;
  const fallback = (family: string, sources: string[], scale: number) =>
    [
      '@font-face {',
      `  font-family: "${family}";`,
      `  src: ${sources.map((name) => `local("${name}")`).join(', ')};`,
      `  size-adjust: ${percent(scale)};`,
      `  ascent-override: ${percent(ascent / scale)};`,
      `  descent-override: ${percent(descent / scale)};`,
      `  line-gap-override: ${percent(lineGap / scale)};`,
      '}',
    ].join('\n');

  const css = [
    '/* Generated by scripts/build-font.ts (npm run build:font): do not edit. ADR 040. */',
    '@font-face {',
    '  font-family: "Inter Variable";',
    '  font-style: normal;',
    `  font-weight: ${WEIGHTS.min} ${WEIGHTS.max};`,
    '  font-display: swap;',
    '  src: url("./inter-subset.woff2") format("woff2");',
    `  unicode-range: ${unicodeRangeOf(inter.face.collectUnicodes())};`,
    '}',
    `/* Arial and its metric twins (Windows, macOS, Linux), scaled to Inter: ${arialExtents.ascender}/${arialExtents.descender} of ${arialUnits}. */`,
    fallback('Inter Fallback', ['Arial', 'ArialMT', 'Liberation Sans', 'Arimo'], arialScale),
    `/* Android: Roboto (${ROBOTO.ascent}/-${ROBOTO.descent} of ${ROBOTO.unitsPerEm}), scaled to Inter. */`,
    fallback('Inter Fallback Roboto', ['Roboto', 'Roboto-Regular'], robotoScale),
    '',
  ].join('\n');

  await mkdir(OUT_DIR, { recursive: true });
  await writeFile(path.join(OUT_DIR, 'inter-subset.woff2'), subset);
  await writeFile(path.join(OUT_DIR, 'inter.css'), css);
  console.log(
    `app/assets/fonts/inter-subset.woff2: ${subset.length} bytes (${(subset.length / 1024).toFixed(1)} KB), ` +
      `${inter.face.collectUnicodes().length} characters; fallback size-adjust ${percent(arialScale)} (Arial), ` +
      `${percent(robotoScale)} (Roboto)`,
  );
}

await main();
