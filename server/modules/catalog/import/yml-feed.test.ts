/** The YML stream reader and the offer checks (ADR 049), without a database. */
import { describe, expect, it } from 'vitest';
import { type FeedItem, FeedSyntaxError, readYmlFeed } from './yml-feed';
import { kopecksOf, plainText, readOffer } from './yml-offer';

async function readAll(chunks: (Uint8Array | string)[], limits?: Parameters<typeof readYmlFeed>[1]) {
  const items: FeedItem[] = [];
  let error: unknown = null;
  try {
    for await (const item of readYmlFeed(
      (async function* () {
        yield* chunks;
      })(),
      limits,
    )) {
      items.push(item);
    }
  } catch (caught) {
    error = caught;
  }
  return { items, error };
}

const offerXml = (id: string, body: string) => `<offer id="${id}">${body}</offer>`;
const feedXml = (offers: string, head = '<?xml version="1.0" encoding="UTF-8"?>') =>
  `${head}<yml_catalog><shop><categories><category id="1">Хлеб</category></categories><offers>${offers}</offers></shop></yml_catalog>`;

describe('reading a YML feed', () => {
  it('decodes a windows-1251 feed split anywhere, and keeps only what the import reads', async () => {
    const xml = feedXml(
      offerXml('a', '<name>Батон нарезной</name><param name="Вес">400 г</param><picture>a.jpg</picture>'),
      '<?xml version="1.0" encoding="windows-1251"?>',
    );
    const bytes = encode1251(xml);
    const chunks = [...bytes].map((byte) => Uint8Array.of(byte));
    const { items, error } = await readAll(chunks);
    expect(error).toBeNull();
    expect(items).toEqual([
      { kind: 'category', category: { id: '1', parentId: null, name: 'Хлеб' } },
      {
        kind: 'offer',
        offer: expect.objectContaining({
          id: 'a',
          fields: { name: 'Батон нарезной' },
          pictures: ['a.jpg'],
        }),
      },
    ]);
  });

  it('gives out the offers before broken XML, then says where it broke', async () => {
    const xml = feedXml(`${offerXml('a', '<name>А</name>')}\n${offerXml('b', '<name>Б</price>')}`);
    const { items, error } = await readAll([xml]);
    expect(items.filter((item) => item.kind === 'offer')).toHaveLength(1);
    expect(error).toBeInstanceOf(FeedSyntaxError);
    expect((error as FeedSyntaxError).line).toBe(2);
  });

  it('marks an offer that breaks a cap, and stops at too many categories', async () => {
    const long = feedXml(offerXml('a', `<description>${'я'.repeat(50)}</description>`));
    const { items } = await readAll([long], {
      fieldChars: 20,
      picturesPerOffer: 1,
      outletsPerOffer: 1,
      categories: 5,
    });
    const offer = items.find((item) => item.kind === 'offer');
    expect(offer?.kind === 'offer' && offer.offer.problem).toBe('<description> longer than 20 characters');
    const { error } = await readAll([long], {
      fieldChars: 100,
      picturesPerOffer: 1,
      outletsPerOffer: 1,
      categories: 0,
    });
    expect(error).toBeInstanceOf(FeedSyntaxError);
  });
});

/** Cyrillic to windows-1251 (А–я and ё; the rest is ASCII here). */
function encode1251(text: string): Uint8Array {
  return Uint8Array.from(
    [...text].map((char) => {
      const code = char.charCodeAt(0);
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      if (char === 'ё') return 0xb8;
      if (char === 'Ё') return 0xa8;
      if (code > 0x7f) throw new Error(`not in the test's table: ${char}`);
      return code;
    }),
  );
}

describe('reading an offer', () => {
  const raw = (fields: Record<string, string>, extra: Partial<Parameters<typeof readOffer>[0]> = {}) =>
    readOffer({
      id: 'x',
      available: null,
      line: 1,
      fields,
      pictures: [],
      outlets: [],
      problem: null,
      ...extra,
    });
  const good = { name: 'Хлеб', price: '45.9', currencyId: 'rub', weight: '0,4' };

  it('maps prices, the discount and the weight', () => {
    expect(kopecksOf('45.9')).toBe(4590);
    expect(kopecksOf('45,05')).toBe(4505);
    expect(kopecksOf('1e3')).toBeNull();
    const read = raw({ ...good, oldprice: '51' });
    expect(read.ok && read.offer).toMatchObject({
      priceKopecks: 4590,
      discountPercent: 10,
      weightGrams: 400,
    });
    expect(plainText('<p>Мягкий&nbsp;<b>хлеб</b></p><p>Вкусный</p>')).toBe('Мягкий хлеб\nВкусный');
  });

  it('refuses what the catalogue cannot hold, with a reason', () => {
    expect(raw({ ...good, price: '0' })).toEqual({ ok: false, reason: 'price is zero' });
    expect(raw({ ...good, price: 'abc' })).toEqual({ ok: false, reason: "price 'abc' is not an amount" });
    expect(raw({ ...good, currencyId: 'EUR' })).toEqual({
      ok: false,
      reason: 'currency EUR is not roubles (RUR or RUB)',
    });
    expect(raw({ ...good, count: '-1' })).toEqual({ ok: false, reason: "count '-1' is not a count" });
    expect(raw(good, { outlets: [{ id: 'p', instock: 'many' }] })).toEqual({
      ok: false,
      reason: "outlet p: instock 'many' is not a count",
    });
    expect(raw(good, { id: ' ' })).toEqual({ ok: false, reason: 'no offer id (the id attribute)' });
  });

  it('reads stock from outlets, count or available', () => {
    const outlets = raw(good, { outlets: [{ id: 'p', instock: '3' }] });
    expect(outlets.ok && outlets.offer.stock).toEqual({ kind: 'outlets', outlets: [{ id: 'p', count: 3 }] });
    const none = raw({ ...good, count: '5' }, { available: 'false' });
    expect(none.ok && none.offer.stock).toEqual({ kind: 'none' });
    const unknown = raw(good);
    expect(unknown.ok && unknown.warnings).toEqual([expect.stringContaining('no stock in the feed')]);
  });
});
