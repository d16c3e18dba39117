/** The part of subset-font (no types of its own) that scripts/build-font.ts uses. */
declare module 'subset-font' {
  type AxisRange = { min: number; max: number; default?: number };
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: {
      targetFormat?: 'woff2' | 'woff' | 'truetype' | 'sfnt';
      keepFeatures?: string[];
      variationAxes?: Record<string, number | AxisRange>;
      noLayoutClosure?: boolean;
      preserveNameIds?: number[];
    },
  ): Promise<Buffer>;
}
