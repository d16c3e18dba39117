/**
 * `npx tsx scripts/build-app-icons.ts`: writes the installable app's icons (public/icons/, ADR 050) from the
 * logo mark of app/assets/favicon.svg: 192 and 512 px as the favicon draws it (rounded green square), a
 * maskable 512 px one (the green to the edges, the mark inside the middle 80 % that any mask keeps) and the
 * 180 px apple-touch-icon (iOS rounds it itself, so full-bleed too). The PNGs are committed; run this again
 * only when the logo changes.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'public/icons');
const favicon = await readFile(path.join(ROOT, 'app/assets/favicon.svg'), 'utf8');

/** The mark: everything of the favicon but its title and its background square. */
const mark = favicon
  .replace(/^<svg[^>]*>/, '')
  .replace(/<\/svg>\s*$/, '')
  .replace(/<title>.*?<\/title>/, '')
  .replace(/<rect[^>]*\/>/, '');
const green = /<rect[^>]*fill="([^"]+)"/.exec(favicon)?.[1] ?? '#147a3c';

/** The mark at `scale` of the square, centred, on a green square with corners of `radius` (of 32). */
function svg(scale: number, radius: number): string {
  const offset = (32 - 32 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="${radius}" fill="${green}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${mark}</g></svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, svg: svg(1, 10) },
  { file: 'icon-512.png', size: 512, svg: svg(1, 10) },
  // The maskable safe zone is a circle of 80 % of the width (radius 12.8 of 32): at 0.8 the mark's farthest
  // point (the sun's edge, 12.5 from the centre) is 10 from it.
  { file: 'icon-maskable-512.png', size: 512, svg: svg(0.8, 0) },
  { file: 'apple-touch-icon.png', size: 180, svg: svg(0.8, 0) },
];
for (const icon of icons) {
  const png = await sharp(Buffer.from(icon.svg), { density: (72 * icon.size) / 32 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  await writeFile(path.join(OUT, icon.file), png);
  console.log(`public/icons/${icon.file}: ${png.length} bytes`);
}
