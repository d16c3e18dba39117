/**
 * The discount card's barcode for the till: an EAN-13 drawn by bwip-js (a maintained barcode library) on the
 * server, sent as an SVG data URL so the page ships no barcode code. The number is shown as text beside it.
 */
import { isEan13Valid } from '@core/rules/discount-card';
import type BwipJs from 'bwip-js/node';

/** bwip-js (200 KB of JavaScript) is loaded by the first card shown, not at every start (issue 26's boot). */
let loaded: Promise<typeof BwipJs> | undefined;

export async function ean13Svg(number: string): Promise<string> {
  if (!isEan13Valid(number)) throw new RangeError('not an EAN-13 number');
  // Its types say `export =`; its ES module exports it as the default.
  loaded ??= import('bwip-js/node').then(
    (module) => (module as unknown as { default: typeof BwipJs }).default,
  );
  const bwipjs = await loaded;
  return bwipjs.toSVG({ bcid: 'ean13', text: number, height: 18, includetext: false, paddingwidth: 4 });
}

export async function ean13DataUrl(number: string): Promise<string> {
  return `data:image/svg+xml;base64,${Buffer.from(await ean13Svg(number)).toString('base64')}`;
}
