/**
 * The icon sprite (ADR 040): each icon of ICON_NAMES drawn by lucide-react, as a <symbol> of one SVG file.
 * Stroke and fill are left to the page's `icon` class, so a utility such as `fill-berry` still colours it.
 */
import * as lucide from 'lucide-react';
import { type ComponentType, createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { BRAND_ICON_NAMES, ICON_NAMES } from '../app/components/ui/icon-names';

/**
 * The brand marks' drawings (the footer's socials): filled paths, their fill and stroke left to the page's
 * `brand-mark` class like the lucide icons' to `icon`.
 */
const BRAND_DRAWINGS: Record<(typeof BRAND_ICON_NAMES)[number], string> = {
  telegram:
    '<path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm4.64 6.8-1.64 7.73c-.12.55-.45.68-.91.42l-2.5-1.84-1.21 1.16c-.13.13-.25.25-.51.25l.18-2.55 4.64-4.19c.2-.18-.04-.28-.31-.1l-5.73 3.61-2.47-.77c-.54-.17-.55-.54.11-.8l9.65-3.72c.45-.16.84.11.7.8Z"/>',
  vk: '<path d="M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2Zm4.98 12.9c.55.54 1.13 1.04 1.62 1.63.22.26.42.54.57.84.21.43.02.9-.37.93h-2.4c-.62.05-1.11-.2-1.53-.63-.33-.34-.64-.7-.96-1.05-.13-.14-.27-.28-.43-.38-.33-.21-.61-.15-.8.19-.19.35-.24.74-.26 1.13-.03.57-.2.72-.77.74-1.22.06-2.38-.13-3.46-.75-.95-.54-1.69-1.31-2.33-2.18C4.6 12.09 3.66 10.25 2.81 8.37c-.19-.42-.05-.65.41-.66.77-.01 1.54-.01 2.31 0 .31 0 .52.18.64.47.42 1.03.93 2.01 1.57 2.92.17.24.34.48.59.65.27.19.48.13.6-.18.08-.2.12-.41.13-.62.06-.73.07-1.46-.04-2.19-.07-.45-.32-.75-.78-.83-.23-.04-.2-.13-.09-.26.2-.23.38-.37.75-.37h2.67c.42.08.51.27.57.69v2.97c0 .16.08.65.38.76.24.08.4-.11.54-.26.64-.68 1.09-1.48 1.5-2.31.18-.36.34-.74.49-1.12.11-.28.29-.42.61-.42h2.57c.08 0 .15 0 .23.01.43.07.55.26.42.68-.21.66-.62 1.21-1.02 1.76-.43.59-.9 1.16-1.32 1.76-.39.55-.36.82.13 1.3Z"/>',
};

const pascalCase = (name: string) =>
  name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/** The inner drawing of one lucide icon (its paths, circles, rects). */
export function iconDrawing(name: string): string {
  const component = (lucide as unknown as Record<string, ComponentType | undefined>)[pascalCase(name)];
  if (!component) throw new Error(`lucide-react has no icon "${name}"`);
  const markup = renderToStaticMarkup(createElement(component));
  const inner = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(markup)?.[1];
  if (inner === undefined) throw new Error(`unexpected markup of "${name}": ${markup.slice(0, 80)}`);
  // XML, so self-closing elements: <path d="…"/> instead of <path d="…"></path>.
  return inner.replace(/<(\w+)([^>]*)><\/\1>/g, '<$1$2/>');
}

export function renderSprite(): string {
  const symbols = [
    ...ICON_NAMES.map((name) => `<symbol id="${name}" viewBox="0 0 24 24">${iconDrawing(name)}</symbol>`),
    ...BRAND_ICON_NAMES.map(
      (name) => `<symbol id="${name}" viewBox="0 0 24 24">${BRAND_DRAWINGS[name]}</symbol>`,
    ),
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`;
}
