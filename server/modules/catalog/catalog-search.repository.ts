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
 * phrase, or with the first word asked for in any form, counts as a prefix match), then products in stock,
 * then text rank, popularity and the id (so equal products come in one order on every database). With a
 * scope only products in stock in it are returned.
 *
 * A common word («молоко» in 1,700 of 100,000 names) must not cost a read of every match (ADR 009, amendment
 * of issue 26). The prefix matches rank above every other match, so they are looked for first, each prefix a
 * range of `products_search_prefix_idx`, an index holding the folded name with the vector and popularity:
 * an index-only scan of neighbouring entries, no table rows. Only when they are fewer than the candidates
 * needed does the full-text index look for the other matches. Then the best candidates are checked for
 * stock, and only those rows are read.
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
  const candidates = input.limit * CANDIDATES_PER_RESULT;
  const inScope = input.scope ? sql`and ${inStock(input.scope)}` : sql``;
  // What a prefix match starts with: the phrase, or the Russian stem of a first word asked for («молоком» →
  // «молок»), worked out once per query. The words are letters and digits only.
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
      select array_agg(distinct prefix) as prefixes
      from (
        select coalesce((ts_lexize('russian_stem', word))[1], word) as prefix from unnest(${words}::text[]) as word
        union select ${input.phrase}
      ) as starts
    ),
    ranges as (
      -- The shortest prefixes only («молок» covers «молоко»), so the ranges never overlap.
      select prefix, left(prefix, -1) || chr(ascii(right(prefix, 1)) + 1) as past
      from leads, unnest(leads.prefixes) as prefix
      where not exists (
        select 1 from unnest(leads.prefixes) as shorter where shorter <> prefix and starts_with(prefix, shorter)
      )
    ),
    prefixed as materialized (
      select hit.* from ranges cross join lateral (
        select ${products.id} as id, ${products.popularity} as popularity,
          (${products}.search_name = ${input.phrase}) as is_exact,
          ts_rank(${products}.search_vector, ${query}) as rank
        from ${products}
        where ${products}.search_name ~>=~ ranges.prefix and ${products}.search_name ~<~ ranges.past
          and ${products}.search_vector @@ ${query} ${inScope}
        order by is_exact desc, rank desc, popularity desc, id
        limit ${candidates}
      ) as hit
      order by is_exact desc, rank desc, popularity desc, id
      limit ${candidates}
    ),
    candidates as (
      select id, is_exact, true as is_prefix, rank, popularity from prefixed
      union all
      select ${products.id}, (${products}.search_name = ${input.phrase}), false,
        ts_rank(${products}.search_vector, ${query}), ${products.popularity}
      from ${products}, leads
      where (select count(*) from prefixed) < ${candidates}
        and ${products}.search_vector @@ ${query}
        and not (${products}.search_name ^@ any (leads.prefixes)) ${inScope}
      order by is_exact desc, is_prefix desc, rank desc, popularity desc, id
      limit ${candidates}
    )
    select candidates.id, ${products.name} as name
    from candidates join ${products} on ${products.id} = candidates.id
    order by candidates.is_exact desc, candidates.is_prefix desc, ${inStockFirst} candidates.rank desc,
      candidates.popularity desc, candidates.id
    limit ${input.limit}`,
  );
}

/**
 * Products whose names contain a word close to the phrase (pg_trgm), for typos the dictionary missed: asked
 * only when the full-text query found too few. Equally similar and popular products come in id order.
 */
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
    order by word_similarity(${input.phrase}, ${products}.search_name) desc, ${products.popularity} desc,
      ${products.id}
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
