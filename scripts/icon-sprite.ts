/**
 * The icon sprite (ADR 040): each icon of ICON_NAMES drawn by lucide-react, as a <symbol> of one SVG file.
 * Stroke and fill are left to the page's `icon` class, so a utility such as `fill-berry` still colours it.
 */
import * as lucide from 'lucide-react';
import { type ComponentType, createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ICON_NAMES } from '../app/components/ui/icon-names';

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
  const symbols = ICON_NAMES.map(
    (name) => `<symbol id="${name}" viewBox="0 0 24 24">${iconDrawing(name)}</symbol>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`;
}
