import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND_ICON_NAMES, ICON_NAMES } from '../app/components/ui/icon-names';
import { iconDrawing, renderSprite } from './icon-sprite';

const committed = readFileSync(path.resolve(import.meta.dirname, '../app/assets/icons.svg'), 'utf8');

describe('the icon sprite (app/assets/icons.svg)', () => {
  it('is what `npm run build:icons` makes of ICON_NAMES: one symbol per name, lucide’s drawing, then the brand marks', () => {
    expect(committed).toBe(renderSprite());
    const ids = [...committed.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toEqual([...ICON_NAMES, ...BRAND_ICON_NAMES]);
  });

  it('leaves stroke and fill to the page (so `fill-berry` fills a heart)', () => {
    expect(committed).not.toMatch(/\b(stroke|fill)="/);
    expect(iconDrawing('heart')).toMatch(/^<path d="M2 9\.5[^"]*"\/>$/);
  });

  it('names an icon lucide lacks', () => {
    expect(() => iconDrawing('no-such-icon')).toThrow('lucide-react has no icon "no-such-icon"');
  });
});
