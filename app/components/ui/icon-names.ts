/**
 * The icons of the sprite (app/assets/icons.svg, made by `npm run build:icons` from lucide-react's drawings):
 * lucide's names. Adding one here and running the script puts it in the sprite; a test keeps the two equal.
 */
export const ICON_NAMES = [
  'apple',
  'arrow-left',
  'arrow-right',
  'arrow-right-left',
  'beef',
  'briefcase',
  'calendar-days',
  'carrot',
  'check',
  'chevron-down',
  'chevron-left',
  'chevron-right',
  'circle-alert',
  'circle-check',
  'citrus',
  'clock',
  'croissant',
  'egg',
  'external-link',
  'file-text',
  'fish',
  'folder-open',
  'heart',
  'image-off',
  'info',
  'layout-grid',
  'leaf',
  'list-checks',
  'list-plus',
  'log-in',
  'map-pin',
  'map-pin-off',
  'menu',
  'milk',
  'minus',
  'package',
  'package-search',
  'pencil',
  'phone',
  'plus',
  'refresh-cw',
  'search',
  'shopping-basket',
  'sliders-horizontal',
  'star',
  'store',
  'trash-2',
  'triangle-alert',
  'truck',
  'user',
  'users',
  'wallet',
  'x',
] as const;

/**
 * Brand marks, which lucide does not draw: filled shapes (the `brand-mark` class beside `icon`), their
 * drawings in scripts/icon-sprite.ts. They follow ICON_NAMES in the sprite.
 */
export const BRAND_ICON_NAMES = ['telegram', 'vk'] as const;

export type IconName = (typeof ICON_NAMES)[number] | (typeof BRAND_ICON_NAMES)[number];
