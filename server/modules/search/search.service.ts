import type { SearchItem } from '@core/contracts/catalog';
import type { AssortmentScope } from '@core/rules/delivery-area';
import {
  allowedTypos,
  editDistance,
  fixKeyboardLayout,
  isSearchable,
  searchTokens,
  withSynonyms,
} from '@core/rules/search-text';
import { createTtlCache } from '../../lib/ttl-cache';
import type { CatalogService, ProductHit, VocabularyRow } from '../catalog/catalog.service';

/** The catalogue's text-search queries (its service): this module decides what to ask them. */
export type SearchDeps = { catalog: Pick<CatalogService, 'textSearch'> };

/** At most this many typo corrections per word: the most used words at the smallest distance. */
const MAX_CORRECTIONS = 3;
export const SUGGESTION_STORES = 3;
export const SUGGESTION_PRODUCTS = 7;

/** One way to read the query: its words, each with the alternatives that may stand for it. */
type Reading = { words: string[][] };

class Vocabulary {
  private readonly sorted: string[];
  private readonly uses: Map<string, number>;

  constructor(rows: readonly VocabularyRow[]) {
    this.uses = new Map(rows.map((row) => [row.word, row.uses]));
    this.sorted = [...this.uses.keys()].sort();
  }

  has(word: string): boolean {
    return this.uses.has(word);
  }

  /** Whether some name word starts with `prefix` (the customer is still typing it). */
  hasPrefix(prefix: string): boolean {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.sorted[middle] ?? '') < prefix) low = middle + 1;
      else high = middle;
    }
    return (this.sorted[low] ?? '').startsWith(prefix);
  }

  /** The closest known words to a word nobody's product name contains. */
  corrections(word: string): string[] {
    const max = allowedTypos(word);
    if (max === 0) return [];
    const found: { word: string; distance: number; uses: number }[] = [];
    for (const candidate of this.sorted) {
      if (Math.abs(candidate.length - word.length) > max) continue;
      const distance = editDistance(word, candidate, max);
      if (distance <= max) found.push({ word: candidate, distance, uses: this.uses.get(candidate) ?? 0 });
    }
    const best = Math.min(...found.map((item) => item.distance));
    return found
      .filter((item) => item.distance === best)
      .sort((a, b) => b.uses - a.uses)
      .slice(0, MAX_CORRECTIONS)
      .map((item) => item.word);
  }
}

/** The first word of every reading, any of its alternatives: what a name should start with. */
function leadWords(readings: readonly Reading[]): string[] {
  return [...new Set(readings.flatMap((reading) => reading.words[0] ?? []))];
}

function toTsquery(readings: readonly Reading[]): string {
  return readings
    .map((reading) =>
      reading.words
        .map((alternatives, index) => {
          const isLast = index === reading.words.length - 1;
          const terms = alternatives.map((word) => (isLast ? `${word}:*` : word));
          return `(${terms.join(' | ')})`;
        })
        .join(' & '),
    )
    .map((part) => `(${part})`)
    .join(' | ');
}

export type SearchResult = { stores: ProductHit[]; products: ProductHit[] };

/**
 * Product search the way Russian shoppers type (ADR 009): PostgreSQL full-text search with the `russian`
 * configuration (inflections), ё folded to е on both sides, prefix matching of the last word, a synonym list,
 * typo correction against the words of product names, the wrong-keyboard-layout fix, and pg_trgm similarity
 * on names for whatever is left.
 */
export function createSearchService(deps: SearchDeps, options: { vocabularyTtlMs: number }) {
  const queries = deps.catalog.textSearch;
  const vocabulary = createTtlCache(async () => new Vocabulary(await queries.listNameVocabulary()), {
    ttlMs: options.vocabularyTtlMs,
  });

  function readWords(tokens: readonly string[], known: Vocabulary): string[][] {
    return tokens.map((token, index) => {
      const isLast = index === tokens.length - 1;
      const alternatives = new Set(withSynonyms(token));
      const isKnown = known.has(token) || (isLast && known.hasPrefix(token));
      if (!isKnown) for (const correction of known.corrections(token)) alternatives.add(correction);
      return [...alternatives];
    });
  }

  async function search(
    text: string,
    input: { scope?: AssortmentScope; stores: number; products: number },
  ): Promise<SearchResult> {
    if (!isSearchable(text)) return { stores: [], products: [] };
    const tokens = searchTokens(text);
    const layoutFixed = fixKeyboardLayout(text);
    const layoutTokens = layoutFixed ? searchTokens(layoutFixed) : [];
    const known = await vocabulary.get();
    const readings: Reading[] = [tokens, layoutTokens]
      .filter((words) => words.length > 0)
      .map((words) => ({ words: readWords(words, known) }));
    // The phrase that exact and prefix matches compare with: what the customer most likely meant.
    const meant = layoutTokens.length > 0 && !known.hasPrefix(tokens[0] ?? '') ? layoutTokens : tokens;
    const phrase = meant.join(' ');

    const [stores, byText] = await Promise.all([
      input.stores > 0
        ? queries.findStoresByWords(
            readings.map((reading) => reading.words.map((alternatives) => alternatives[0] ?? '')),
            input.scope,
            input.stores,
          )
        : Promise.resolve([]),
      queries.findProductsByText({
        tsquery: toTsquery(readings),
        leadWords: leadWords(readings),
        phrase,
        scope: input.scope,
        limit: input.products,
      }),
    ]);
    if (byText.length >= input.products) return { stores, products: byText };
    const similar = await queries.findProductsBySimilarName({
      phrase,
      scope: input.scope,
      exclude: byText.map((hit) => hit.id),
      limit: input.products - byText.length,
    });
    return { stores, products: [...byText, ...similar] };
  }

  return {
    search,

    /** GET /api/search: shop catalogues ('category') first, then products, as SPEC §3 Search item. */
    async suggest(text: string, scope?: AssortmentScope): Promise<SearchItem[]> {
      const result = await search(text, { scope, stores: SUGGESTION_STORES, products: SUGGESTION_PRODUCTS });
      return [
        ...result.stores.map((hit) => ({ _id: hit.id, name: hit.name, type: 'category' as const })),
        ...result.products.map((hit) => ({ _id: hit.id, name: hit.name, type: 'product' as const })),
      ];
    },

    /** Loads the dictionary ahead of the first search (in the background, at start). */
    warmUp: (): Promise<unknown> => vocabulary.get(),
    invalidate: (): void => vocabulary.invalidate(),
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
