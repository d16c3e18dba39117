-- Russian product search (ADR 009). Hand-written: drizzle-kit cannot express these. The generated columns
-- are not declared in the Drizzle schema on purpose; queries reach them through sql fragments.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Lower case with ё folded to е: the same folding at indexing and at query time.
CREATE OR REPLACE FUNCTION search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(translate(value, 'Ёё', 'Ее')) $$;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_name" text GENERATED ALWAYS AS (search_fold("name")) STORED;
--> statement-breakpoint
-- Names only: shoppers search for what a product is called, and a small vector keeps the index and the
-- rows it points to small (ADR 009).
ALTER TABLE "products" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (to_tsvector('russian'::regconfig, search_fold("name"))) STORED;
--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");
--> statement-breakpoint
CREATE INDEX "products_search_name_trgm_idx" ON "products" USING gin ("search_name" gin_trgm_ops);
