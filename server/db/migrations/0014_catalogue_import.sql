ALTER TABLE "products" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "external_pictures" text;--> statement-breakpoint
CREATE UNIQUE INDEX "products_store_external_idx" ON "products" USING btree ("store_id","external_id");