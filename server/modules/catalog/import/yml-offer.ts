/**
 * One raw YML offer checked and turned into the catalogue's terms (ADR 049): kopecks, a discount percent from
 * `oldprice`, grams from the kilograms of `weight`, plain text from the description's HTML, and what the feed
 * says about stock. An offer the catalogue cannot hold honestly is refused with the reason the operator reads.
 */
import type { RawOffer } from './yml-feed';

export const OFFER_ID_MAX_CHARS = 80;
export const NAME_MAX_CHARS = 300;
export const DESCRIPTION_MAX_CHARS = 10_000;
/** 10 million roubles: more is a broken value, not a price (and would pass an int4 of kopecks soon). */
const MAX_PRICE_KOPECKS = 1_000_000_000;
const MAX_WEIGHT_GRAMS = 1_000_000;
const MAX_STOCK = 1_000_000;
const ROUBLE_CURRENCIES = new Set(['RUR', 'RUB']);

export type OfferStock =
  | { kind: 'outlets'; outlets: { id: string; count: number }[] }
  | { kind: 'count'; count: number }
  /** available="false": none anywhere. */
  | { kind: 'none' }
  /** The feed says nothing about stock: what the points have stays. */
  | { kind: 'unknown' };

export type OfferData = {
  offerId: string;
  line: number;
  name: string;
  description: string;
  priceKopecks: number;
  discountPercent: number;
  weightGrams: number;
  /** The feed's category id, or null. */
  feedCategoryId: string | null;
  pictures: string[];
  stock: OfferStock;
};

export type ReadOffer = { ok: true; offer: OfferData; warnings: string[] } | { ok: false; reason: string };

/** '123.45' (or '123,45') roubles → 12345 kopecks; null when it is not a plain non-negative amount. */
export function kopecksOf(text: string | undefined): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec((text ?? '').trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

function wholeOf(text: string | null | undefined): number | null {
  const trimmed = (text ?? '').trim();
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : null;
}

/** Tags dropped, the common entities decoded, white space collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/div)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/[ \t\r\f\v]+/g, ' ')
    .replace(/ *\n[ \n]*/g, '\n')
    .trim();
}

const refuse = (reason: string): ReadOffer => ({ ok: false, reason });

export function readOffer(raw: RawOffer): ReadOffer {
  const warnings: string[] = [];
  const offerId = raw.id?.trim() ?? '';
  if (!offerId) return refuse('no offer id (the id attribute)');
  if (offerId.length > OFFER_ID_MAX_CHARS) return refuse(`offer id longer than ${OFFER_ID_MAX_CHARS}`);
  if (raw.problem) return refuse(raw.problem);
  const fields = raw.fields;

  const currency = (fields.currencyId ?? '').trim().toUpperCase();
  if (!ROUBLE_CURRENCIES.has(currency)) {
    return refuse(`currency ${currency || '(none)'} is not roubles (RUR or RUB)`);
  }
  const priceText = (fields.price ?? '').trim();
  if (priceText.startsWith('-')) return refuse(`negative price ${priceText}`);
  const price = kopecksOf(priceText);
  if (price === null) return refuse(`price '${priceText}' is not an amount`);
  if (price === 0) return refuse('price is zero');
  if (price > MAX_PRICE_KOPECKS) return refuse(`price ${priceText} is beyond 10 000 000 ₽`);

  let discountPercent = 0;
  if (fields.oldprice !== undefined) {
    const old = kopecksOf(fields.oldprice);
    if (old === null) warnings.push(`oldprice '${fields.oldprice.trim()}' is not an amount: no discount`);
    else if (old > price) discountPercent = Math.min(99, Math.round(((old - price) / old) * 100));
  }

  const name = plainText(
    fields.name ?? [fields.typePrefix, fields.vendor, fields.model].filter(Boolean).join(' '),
  ).replace(/\s+/g, ' ');
  if (!name) return refuse('no name');
  if (name.length > NAME_MAX_CHARS) return refuse(`name longer than ${NAME_MAX_CHARS} characters`);

  const weightText = (fields.weight ?? '').trim().replace(',', '.');
  if (!weightText) return refuse('no weight (the catalogue shows every product’s weight)');
  const kilograms = /^\d{1,6}(\.\d{1,6})?$/.test(weightText) ? Number(weightText) : Number.NaN;
  const weightGrams = Math.round(kilograms * 1000);
  if (!(weightGrams >= 1 && weightGrams <= MAX_WEIGHT_GRAMS)) {
    return refuse(`weight '${weightText}' is not a weight in kilograms (1 g to 1 t)`);
  }

  let stock: OfferStock = { kind: 'unknown' };
  if (raw.available?.trim() === 'false') stock = { kind: 'none' };
  else if (raw.outlets.length > 0) {
    const outlets: { id: string; count: number }[] = [];
    for (const outlet of raw.outlets) {
      const count = wholeOf(outlet.instock);
      if (!outlet.id.trim()) return refuse('an outlet without an id');
      if (count === null || count > MAX_STOCK) {
        return refuse(`outlet ${outlet.id}: instock '${outlet.instock ?? ''}' is not a count`);
      }
      outlets.push({ id: outlet.id.trim(), count });
    }
    stock = { kind: 'outlets', outlets };
  } else if (fields.count !== undefined) {
    const count = wholeOf(fields.count);
    if (count === null || count > MAX_STOCK) return refuse(`count '${fields.count.trim()}' is not a count`);
    stock = { kind: 'count', count };
  } else {
    warnings.push('no stock in the feed (outlets or count): the points keep what they have');
  }

  let description = plainText(fields.description ?? '');
  if (description.length > DESCRIPTION_MAX_CHARS) {
    description = description.slice(0, DESCRIPTION_MAX_CHARS);
    warnings.push(`description cut to ${DESCRIPTION_MAX_CHARS} characters`);
  }
  const categoryId = fields.categoryId?.trim();
  return {
    ok: true,
    offer: {
      offerId,
      line: raw.line,
      name,
      description,
      priceKopecks: price,
      discountPercent,
      weightGrams,
      feedCategoryId: categoryId ? categoryId : null,
      pictures: raw.pictures.filter(Boolean),
      stock,
    },
    warnings,
  };
}
