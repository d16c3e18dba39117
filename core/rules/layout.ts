export type LayoutName = 'default' | 'back';

/** First path segments whose pages use the compact 'back' layout (SPEC §2: order and basket). */
const BACK_LAYOUT_SECTIONS = ['order', 'basket'] as const;

/**
 * Which shell a path renders in: '/order', '/order/{slug}' and '/basket' get the compact header with a back
 * button; everything else the default header and footer. The rule compares the whole first segment, so a
 * content page such as '/ordering-rules' keeps the default layout.
 */
export function chooseLayout(pathname: string): LayoutName {
  // Stryker disable next-line StringLiteral: split always yields a first part; the default is for the type checker
  const [path = ''] = pathname.split(/[?#]/, 1);
  const firstSegment = path.split('/').find((part) => part !== '');
  return firstSegment !== undefined &&
    (BACK_LAYOUT_SECTIONS as readonly string[]).includes(firstSegment.toLowerCase())
    ? 'back'
    : 'default';
}
