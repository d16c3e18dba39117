/**
 * The icons of the sprite (app/assets/icons.svg, made by `npm run build:icons` from lucide-react's drawings):
 * lucide's names. Adding one here and running the script puts it in the sprite; a test keeps the two equal.
 */
export const ICON_NAMES = [
  'arrow-right-left',
  'chevron-down',
  'chevron-left',
  'chevron-right',
  'circle-alert',
  'circle-check',
  'heart',
  'layout-grid',
  'list-plus',
  'map-pin',
  'map-pin-off',
  'menu',
  'minus',
  'package',
  'plus',
  'search',
  'shopping-basket',
  'sliders-horizontal',
  'star',
  'user',
] as const;

export type IconName = (typeof ICON_NAMES)[number];
