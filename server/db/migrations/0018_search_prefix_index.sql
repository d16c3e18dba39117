-- Search narrowed before ranking (ADR 009, amendment of issue 26). Hand-written, like 0001: drizzle-kit cannot
-- express these, and the columns they index are not declared in the Drizzle schema.
--
-- No pending list on the search indexes: with fastupdate on, new names wait in an unsorted list (up to
-- gin_pending_list_limit, 4 MB) that every search reads from start to end until a vacuum merges it, and the
-- embedded database never vacuums on its own. A catalogue write now updates the index at once instead.
ALTER INDEX "products_search_vector_idx" SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('products_search_vector_idx'::regclass);
--> statement-breakpoint
ALTER INDEX "products_search_name_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('products_search_name_trgm_idx'::regclass);
--> statement-breakpoint
-- The names in byte order with what ranking needs: the products whose name starts with a word are one range
-- of neighbouring entries, ranked by an index-only scan without reading a table row.
CREATE INDEX "products_search_prefix_idx" ON "products" USING btree ("search_name" text_pattern_ops)
  INCLUDE ("id", "popularity", "search_vector");
