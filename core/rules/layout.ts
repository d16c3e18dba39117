export type LayoutName = 'default' | 'back';

/** First path segments whose pages use the compact 'back' layout (SPEC §2: order and basket). */
const BACK_LAYOUT_SECTIONS = ['order', 'basket'] as const;

/**
 * Which shell a path renders in: '/order', '/order/{slug}' and '/basket' get the compact header with a back
 * button; everything else the default header and footer. The rule compares the whole first segment, so a
 * content page such as '/ordering-rules' keeps the default layout.
 */
export function chooseLayout(pathname: string): LayoutName {
  const firstSegment =
    pathname
      .split(/[?#]/, 1)[0]
      ?.split('/')
      .find((part) => part !== '') ?? '';
  return (BACK_LAYOUT_SECTIONS as readonly string[]).includes(firstSegment.toLowerCase())
    ? 'back'
    : 'default';
}
