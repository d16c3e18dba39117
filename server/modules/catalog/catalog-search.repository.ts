/**
 * The catalogue's text-search queries (ADR 009): the search module turns what a shopper typed into these
 * queries' input and asks for them through the catalogue's service.
 */
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client';
import { products, stock, stores } from '../../db/schema/index';
import { type AssortmentScope, inStock, storeServes } from './catalog.repository';

const VocabularyRowSchema = z.object({ word: z.string(), uses: z.coerce.number().int() });
export type VocabularyRow = z.infer<typeof VocabularyRowSchema>;

/** Every word of every product name (folded), with how many names use it: the typo corrector's dictionary. */
export async function findNameVocabulary(db: Db): Promise<VocabularyRow[]> {
  return queryRows(
    db,
    VocabularyRowSchema,
    sql`
    select word, count(*)::int as uses
    from (select regexp_split_to_table(search_name, '[^а-яa-z0-9]+') as word from ${products}) words
    where length(word) >= 3
    group by word`,
  );
}

const ProductHitSchema = z.object({ id: z.string(), name: z.string() });
export type ProductHit = z.infer<typeof ProductHitSchema>;

/** How many of the best text matches the in-stock ordering looks at. */
const CANDIDATES_PER_RESULT = 5;

/**
 * Products matching a Russian full-text query. Exact and prefix name matches first (a name starting with the
 * first word asked for, in any form, counts as a prefix match), then products in stock, then text rank and
 * popularity. With a scope only products in stock in it are returned.
 *
 * Two steps keep a common word («молоко» in 2,000 names) cheap: the best text matches are picked first, and
 * only those are checked for stock.
 */
export async function findProductsByText(
  db: Db,
  input: {
    tsquery: string;
    leadWords: readonly string[];
    phrase: string;
    scope?: AssortmentScope;
    limit: number;
  },
): Promise<ProductHit[]> {
  const query = sql`to_tsquery('russian', ${input.tsquery})`;
  const prefix = `${escapeLike(input.phrase)}%`;
  // A name that starts with the first word asked for, in any of its forms («молоком» → «Молоко …»): the
  // words' Russian stems, worked out once per query (an array, so no per-row subplan), as LIKE prefixes
  // (the words are letters and digits only, nothing to escape).
  const words = `{${input.leadWords.join(',')}}`;
  // With a scope every candidate is already in stock there. (A constant such as `true desc` in its place is
  // what PostgreSQL refuses: "non-integer constant in ORDER BY".)
  const inStockFirst = input.scope
    ? sql``
    : sql`exists (select 1 from ${stock} where ${stock.productId} = candidates.id and ${stock.count} > 0) desc,`;
  return queryRows(
    db,
    ProductHitSchema,
    sql`
    with leads as materialized (
      select coalesce(array_agg(coalesce((ts_lexize('russian_stem', word))[1], word) || '%'), '{}') as prefixes
      from unnest(${words}::text[]) as word
    ),
    candidates as (
      select ${products.id} as id, ${products.name} as name, ${products.popularity} as popularity,
        (${products}.search_name = ${input.phrase}) as is_exact,
        (${products}.search_name like ${prefix} or ${products}.search_name like any (leads.prefixes)) as is_prefix,
        ts_rank(${products}.search_vector, ${query}) as rank
      from ${products} cross join leads
      where ${products}.search_vector @@ ${query} ${input.scope ? sql`and ${inStock(input.scope)}` : sql``}
      order by is_exact desc, is_prefix desc, rank desc, ${products.popularity} desc
      limit ${input.limit * CANDIDATES_PER_RESULT}
    )
    select id, name from candidates
    order by is_exact desc, is_prefix desc, ${inStockFirst} rank desc, popularity desc
    limit ${input.limit}`,
  );
}

/** Products whose names contain a word close to the phrase (pg_trgm), for typos the dictionary missed. */
export async function findProductsBySimilarName(
  db: Db,
  input: { phrase: string; scope?: AssortmentScope; exclude: readonly string[]; limit: number },
): Promise<ProductHit[]> {
  const available = inStock(input.scope);
  const exclude: SQL =
    input.exclude.length > 0
      ? sql`and ${products.id} not in (${sql.join(
          input.exclude.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  return queryRows(
    db,
    ProductHitSchema,
    sql`
    select ${products.id} as id, ${products.name} as name
    from ${products}
    where ${input.phrase} <% ${products}.search_name ${exclude} ${input.scope ? sql`and ${available}` : sql``}
    order by word_similarity(${input.phrase}, ${products}.search_name) desc, ${products.popularity} desc
    limit ${input.limit}`,
  );
}

/**
 * Shops whose (folded) name contains every word of one of the phrases. With a scope only shops with a point
 * in it: a shop catalogue that could show the shopper nothing is not a result.
 */
export async function findStoresByWords(
  db: Db,
  phrases: readonly (readonly string[])[],
  scope: AssortmentScope | undefined,
  limit: number,
): Promise<ProductHit[]> {
  const alternatives = phrases
    .filter((words) => words.length > 0)
    .map(
      (words) =>
        sql`(${sql.join(
          words.map((word) => sql`search_fold(${stores.name}) like ${`%${escapeLike(word)}%`}`),
          sql` and `,
        )})`,
    );
  if (alternatives.length === 0) return [];
  return queryRows(
    db,
    ProductHitSchema,
    sql`
    select ${stores.id} as id, ${stores.name} as name from ${stores}
    where (${sql.join(alternatives, sql` or `)}) ${scope ? sql`and ${storeServes(scope)}` : sql``}
    order by ${stores.rating} desc, ${stores.name}
    limit ${limit}`,
  );
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
