/**
 * The discount card's barcode for the till: an EAN-13 drawn by bwip-js (a maintained barcode library) on the
 * server, sent as an SVG data URL so the page ships no barcode code. The number is shown as text beside it.
 */
import { isEan13Valid } from '@core/rules/discount-card';
import bwipjs from 'bwip-js/node';

export function ean13Svg(number: string): string {
  if (!isEan13Valid(number)) throw new RangeError('not an EAN-13 number');
  return bwipjs.toSVG({ bcid: 'ean13', text: number, height: 18, includetext: false, paddingwidth: 4 });
}

export function ean13DataUrl(number: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(ean13Svg(number)).toString('base64')}`;
}
