/**
 * What the peers of `npm run bench:peers` share with Фреш (bundled by the bench into
 * bench/peers/next/lib/peer-runtime.mjs, which both peers import): the catalogue's row → card presenter and
 * the card's formatting rules (Фреш's own code, so they cannot drift), and the card markup as templates cut
 * from Фреш's /catalog at bench time, filled in two ways: a template string (the bare node:http peer) and
 * React elements (the Next.js peer), so React does per card the element work Фреш's render does.
 */
import type { ProductCard } from '../../core/contracts/catalog';
import { formatRoubles, priceBeforeDiscountRoubles } from '../../core/rules/price';
import { formatSize, saleUnitOf } from '../../core/rules/sold-by-weight';
import { presentProductCard } from '../../server/modules/catalog/catalog.presenter';
import type { ProductCardRow } from '../../server/modules/catalog/catalog.repository';

/** Written by the bench, read by both peers at start (PEER_CONFIG names the file). */
export type PeerConfig = {
  /** Фреш's catalogue query for the page, as its repository sent it to PostgreSQL. */
  sql: string;
  params: unknown[];
  /** The query's columns in order (rows are read as arrays: two columns are named "id"). */
  fields: string[];
  /** Card templates by shape (signature()), cut from Фреш's /catalog. */
  templates: Record<string, string>;
  /** The grid's opening tag, cut from the same page. */
  gridOpen: string;
  /** How many first cards load their picture eagerly. */
  eagerCount: number;
};

export type CardValues = Record<
  | 'id'
  | 'point'
  | 'name'
  | 'slug'
  | 'img'
  | 'price'
  | 'oldPrice'
  | 'discount'
  | 'weight'
  | 'unit'
  | 'min'
  | 'rating'
  | 'store'
  | 'labelId',
  string
>;

/** A row of the query (columns in `fields` order) as Фреш's presenter makes it a card. */
export function cardOf(values: readonly unknown[], fields: readonly string[], now: Date): ProductCard {
  const row = Object.fromEntries(fields.map((field, index) => [field, values[index]])) as ProductCardRow;
  return presentProductCard(
    {
      ...row,
      createdAt: new Date(row.createdAt),
      rating: Number(row.rating),
      priceKopecks: Number(row.priceKopecks),
    },
    now,
  );
}

/**
 * The texts a card shows, as app/features/catalog/product-card.tsx and price-tag.tsx format them. `labelId`
 * is the id of the card's link, which its controls name themselves by (ADR 044): Фреш's is React's `useId`,
 * a peer writes one of its own per card (`c` and the card's index), the same work.
 */
export function cardValues(card: ProductCard, labelId: string): CardValues {
  return {
    labelId,
    // 'В корзину' names its line in its value (issue 22: it posts without JavaScript; ADR 044).
    id: card._id,
    point: card.offer?.point ?? '',
    name: card.name,
    slug: card.slug,
    img: card.img ?? '',
    price: formatRoubles(card.price),
    oldPrice: formatRoubles(priceBeforeDiscountRoubles(card.price, card.discount) * 100),
    discount: String(card.discount),
    weight: formatSize(card),
    // A product sold by weight (ADR 054): its counter's form posts its step and minimum, and 'В корзину' adds
    // the minimum.
    unit: card.by_weight ? `${saleUnitOf(card.by_weight).step}/${saleUnitOf(card.by_weight).min}` : '',
    min: String(saleUnitOf(card.by_weight).min),
    rating: card.rating.toFixed(1),
    store: card.store.name,
  };
}

/** Which markup branches a card takes: one template per shape. */
export function signature(card: ProductCard, index: number, eagerCount: number): string {
  return [
    card.discount > 0 ? 'sale' : '',
    card.is_new ? 'new' : '',
    card.reviews > 0 ? 'rated' : '',
    card.in_stock && card.offer && card.offer.count >= saleUnitOf(card.by_weight).min ? 'stock' : '',
    card.by_weight ? 'kg' : '',
    card.img ? 'img' : '',
    index < eagerCount ? 'eager' : '',
  ].join('.');
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) =>
    char === '&'
      ? '&amp;'
      : char === '<'
        ? '&lt;'
        : char === '>'
          ? '&gt;'
          : char === '"'
            ? '&quot;'
            : '&#x27;',
  );

/** `{{name}}` etc. in a template: the escaped value. */
export function fillTemplate(template: string, values: CardValues): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: keyof CardValues) => escapeHtml(values[key] ?? ''));
}

export type TemplateNode =
  | { tag: string; attributes: [string, string][]; children: TemplateNode[] }
  | { text: string };

const VOID = new Set(['img', 'br', 'hr', 'input', 'meta', 'link', 'source']);

const unescapeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) =>
    name === 'amp' ? '&' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : "'",
  );

/** A card template as a tree (elements, attributes, text runs; React's `<!-- -->` separators end a run). */
export function parseTemplate(html: string): TemplateNode[] {
  const root: TemplateNode[] = [];
  const stack: { children: TemplateNode[] }[] = [{ children: root }];
  const tokens = html.matchAll(
    /<!--[\s\S]*?-->|<\/(\w+)>|<(\w+)((?:\s+[\w:-]+(?:="[^"]*")?)*)\s*(\/?)>|([^<]+)/g,
  );
  for (const [whole, closing, opening, attributeText = '', selfClosing, text] of tokens) {
    const parent = stack.at(-1);
    if (!parent) throw new Error('template: unbalanced tags');
    if (whole.startsWith('<!--')) continue;
    if (closing) {
      stack.pop();
    } else if (opening) {
      const attributes = [...attributeText.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].map(
        ([, name = '', value = '']) => [name, unescapeHtml(value)] as [string, string],
      );
      const node = { tag: opening, attributes, children: [] as TemplateNode[] };
      parent.children.push(node);
      if (!selfClosing && !VOID.has(opening)) stack.push(node);
    } else if (text) {
      // One text node per run of text, as React wrote it: it separates adjacent ones with `<!-- -->`, so a
      // run without one was one string (a template literal), placeholders and all.
      parent.children.push({ text: unescapeHtml(text) });
    }
  }
  return root;
}

type CreateElement = (type: string, props: Record<string, unknown> | null, ...children: unknown[]) => unknown;

const PROP_NAMES: Record<string, string> = { class: 'className', for: 'htmlFor', tabindex: 'tabIndex' };

/** The tree as React elements with the values filled in. */
export function templateElements(
  nodes: readonly TemplateNode[],
  values: CardValues,
  h: CreateElement,
  key?: string,
): unknown[] {
  const fill = (text: string) =>
    text.replace(/\{\{(\w+)\}\}/g, (_, name: keyof CardValues) => values[name] ?? '');
  return nodes.map((node, index) => {
    if ('text' in node) return fill(node.text);
    const props: Record<string, unknown> = index === 0 && key ? { key } : {};
    for (const [name, value] of node.attributes) props[PROP_NAMES[name] ?? name] = fill(value);
    return h(node.tag, props, ...templateElements(node.children, values, h));
  });
}
