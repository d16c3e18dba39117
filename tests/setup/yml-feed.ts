/**
 * Generated YML feeds for the catalogue import's test and bench (ADR 049), written to a file a piece at a
 * time (a stream with back pressure), so a feed of any size costs no more memory than one offer.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

export type GeneratedFeed = {
  offers: number;
  /** The outlets (point slugs) stock is spread over. */
  outlets: readonly string[];
  categories?: readonly { id: string; name: string; parentId?: string }[];
};

export const GENERATED_CATEGORIES = [
  { id: '1', name: 'Молочные продукты' },
  { id: '2', name: 'Сыры', parentId: '1' },
  { id: '3', name: 'Выпечка' },
];

/** Offer n of a generated feed: the same n always gives the same offer. */
export function generatedOffer(n: number, outlets: readonly string[]): string {
  const price = 50 + (n % 900);
  const outletXml = outlets
    .map((outlet, index) => `<outlet id="${outlet}" instock="${(n + index) % 40}"/>`)
    .join('');
  return (
    `<offer id="g-${n}" available="true"><name>Творог зернёный №${n}</name>` +
    `<price>${price}.50</price>${n % 3 === 0 ? `<oldprice>${price + 20}</oldprice>` : ''}` +
    `<currencyId>RUR</currencyId><categoryId>${1 + (n % 3)}</categoryId>` +
    `<description><![CDATA[<p>Свежий творог, партия ${n}.</p>]]></description>` +
    `<weight>0.${String(200 + (n % 700)).padStart(3, '0')}</weight>` +
    `<param name="Жирность">5%</param><outlets>${outletXml}</outlets></offer>\n`
  );
}

/** Writes a whole feed to `file`. */
export async function writeGeneratedFeed(file: string, feed: GeneratedFeed): Promise<void> {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(
    '<?xml version="1.0" encoding="UTF-8"?>\n<yml_catalog date="2026-11-27 12:00"><shop>' +
      '<name>Лавка</name><currencies><currency id="RUR" rate="1"/></currencies><categories>\n',
  );
  for (const category of feed.categories ?? GENERATED_CATEGORIES) {
    const parent = 'parentId' in category && category.parentId ? ` parentId="${category.parentId}"` : '';
    await write(`<category id="${category.id}"${parent}>${category.name}</category>\n`);
  }
  await write('</categories><offers>\n');
  for (let n = 1; n <= feed.offers; n += 1) await write(generatedOffer(n, feed.outlets));
  await write('</offers></shop></yml_catalog>\n');
  out.end();
  await once(out, 'finish');
}
