/**
 * A YML (Yandex Market) feed read as a stream (ADR 049): `saxes` is given the file a chunk at a time and what it
 * finds comes out as categories and raw offers, so memory holds one chunk and the offers of it, never the
 * file. The next chunk is read only when the consumer asks for more, which is the back pressure. Only the
 * elements the import uses keep their text, each up to a cap; everything else in an offer (params, vendor
 * data) is passed over without being kept.
 */
import { SaxesParser, type SaxesTag } from 'saxes';

export type FeedCategory = { id: string; parentId: string | null; name: string };

/** An offer as the feed wrote it: strings, nothing checked yet (yml-offer.ts reads it). */
export type RawOffer = {
  /** The `id` attribute, or null when the offer has none. */
  id: string | null;
  /** The `available` attribute as written ('true', 'false'), or null. */
  available: string | null;
  /** The line of the feed the offer starts at. */
  line: number;
  /** The first value of each element the import reads (name, price, oldprice, currencyId, …). */
  fields: Record<string, string>;
  pictures: string[];
  outlets: { id: string; instock: string | null }[];
  /** Set when the offer broke a cap while it was read: it is skipped with this reason. */
  problem: string | null;
};

export type FeedItem = { kind: 'category'; category: FeedCategory } | { kind: 'offer'; offer: RawOffer };

/** The feed is not well-formed XML: nothing after `line` was read. */
export class FeedSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
    this.name = 'FeedSyntaxError';
  }
}

/** Habit 14: every way in has limits. */
export const FEED_LIMITS = {
  /** Characters kept of one element's text (a description longer than this breaks the offer). */
  fieldChars: 65_536,
  picturesPerOffer: 10,
  outletsPerOffer: 1_000,
  /** Categories of one feed: they are kept in memory for the whole import. */
  categories: 20_000,
};

/** The elements of an offer whose text the import reads; the text of anything else is dropped as it comes. */
const OFFER_FIELDS = new Set([
  'name',
  'description',
  'price',
  'oldprice',
  'currencyId',
  'categoryId',
  'weight',
  'count',
  'typePrefix',
  'vendor',
  'model',
]);

/** The XML declaration's encoding (YML feeds are often windows-1251), from the file's first bytes. */
function declaredEncoding(head: Uint8Array): string {
  const text = Buffer.from(head.subarray(0, DECLARATION_BYTES)).toString('latin1');
  const match = /^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(text);
  return match?.[1]?.toLowerCase() ?? 'utf-8';
}

/** Bytes read before the encoding is decided: an XML declaration is shorter. */
const DECLARATION_BYTES = 200;

function decoderFor(head: Uint8Array): TextDecoder {
  const encoding = declaredEncoding(head);
  try {
    return new TextDecoder(encoding);
  } catch {
    throw new FeedSyntaxError(`unsupported encoding ${encoding}`, 1, 0);
  }
}

const attribute = (tag: SaxesTag, name: string): string | null => {
  const value = tag.attributes[name];
  return typeof value === 'string' ? value : null;
};

/**
 * The feed's categories and offers in the order they come. An XML error throws FeedSyntaxError after
 * everything complete before it was given out; the offer it broke is not.
 */
export async function* readYmlFeed(
  chunks: AsyncIterable<Uint8Array | string>,
  limits = FEED_LIMITS,
): AsyncGenerator<FeedItem> {
  const parser = new SaxesParser({ position: true });
  const ready: FeedItem[] = [];
  const path: string[] = [];
  let failure: FeedSyntaxError | null = null;
  let categories = 0;
  let category: { id: string; parentId: string | null; name: string } | null = null;
  let offer: RawOffer | null = null;
  /** The element of the offer (or the category) whose text is being kept, and its text so far. */
  let field: { name: string; text: string } | null = null;

  const inOffer = () => offer !== null;
  const stop = (message: string) => {
    failure ??= new FeedSyntaxError(message, parser.line, parser.column);
  };

  parser.on('error', (error) => stop(error.message));
  parser.on('opentag', (tag) => {
    if (failure) return;
    const parent = path.at(-1);
    path.push(tag.name);
    if (tag.name === 'category' && parent === 'categories' && !inOffer()) {
      category = { id: attribute(tag, 'id') ?? '', parentId: attribute(tag, 'parentId'), name: '' };
      field = { name: 'category', text: '' };
    } else if (tag.name === 'offer' && parent === 'offers') {
      offer = {
        id: attribute(tag, 'id'),
        available: attribute(tag, 'available'),
        line: parser.line,
        fields: {},
        pictures: [],
        outlets: [],
        problem: null,
      };
    } else if (offer && parent === 'offer' && (OFFER_FIELDS.has(tag.name) || tag.name === 'picture')) {
      field = { name: tag.name, text: '' };
    } else if (offer && parent === 'outlets' && tag.name === 'outlet') {
      if (offer.outlets.length >= limits.outletsPerOffer) {
        offer.problem ??= `more than ${limits.outletsPerOffer} outlets`;
      } else {
        offer.outlets.push({ id: attribute(tag, 'id') ?? '', instock: attribute(tag, 'instock') });
      }
    }
  });
  const onText = (text: string) => {
    if (failure || !field) return;
    if (field.text.length + text.length > limits.fieldChars) {
      if (offer) offer.problem ??= `<${field.name}> longer than ${limits.fieldChars} characters`;
      return;
    }
    field.text += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag) => {
    if (failure) return;
    path.pop();
    if (tag.name === 'category' && category && field) {
      categories += 1;
      if (categories > limits.categories) {
        stop(`more than ${limits.categories} categories`);
        return;
      }
      ready.push({ kind: 'category', category: { ...category, name: field.text.trim() } });
      category = null;
      field = null;
    } else if (tag.name === 'offer' && offer && path.at(-1) === 'offers') {
      ready.push({ kind: 'offer', offer });
      offer = null;
      field = null;
    } else if (offer && field && tag.name === field.name && path.at(-1) === 'offer') {
      if (field.name === 'picture') {
        if (offer.pictures.length < limits.picturesPerOffer) offer.pictures.push(field.text.trim());
      } else {
        offer.fields[field.name] ??= field.text;
      }
      field = null;
    }
  });

  let decoder: TextDecoder | null = null;
  /** The first bytes, kept until there are enough to read the XML declaration's encoding from. */
  let head: Uint8Array[] | null = [];
  let headBytes = 0;
  const feed = (text: string) => {
    try {
      parser.write(text);
    } catch (error) {
      stop(error instanceof Error ? error.message : String(error));
    }
  };
  for await (const chunk of chunks) {
    if (typeof chunk === 'string') feed(chunk);
    else if (head) {
      head.push(chunk);
      headBytes += chunk.byteLength;
      if (headBytes >= DECLARATION_BYTES) {
        const start = Buffer.concat(head);
        head = null;
        decoder = decoderFor(start);
        feed(decoder.decode(start, { stream: true }));
      }
    } else if (decoder) feed(decoder.decode(chunk, { stream: true }));
    yield* ready.splice(0);
    if (failure) throw failure;
  }
  if (head && headBytes > 0) {
    const start = Buffer.concat(head);
    decoder = decoderFor(start);
    feed(decoder.decode(start, { stream: true }));
  }
  if (decoder) feed(decoder.decode());
  try {
    parser.close();
  } catch (error) {
    stop(error instanceof Error ? error.message : String(error));
  }
  yield* ready.splice(0);
  if (failure) throw failure;
}
