CREATE TABLE "favourite_owners" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favourite_set_items" (
	"set_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"count" integer NOT NULL,
	"position" bigint GENERATED ALWAYS AS IDENTITY (sequence name "favourite_set_items_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "favourite_set_items_set_id_product_id_pk" PRIMARY KEY("set_id","product_id"),
	CONSTRAINT "favourite_set_items_count_range" CHECK ("favourite_set_items"."count" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "favourite_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"position" bigint GENERATED ALWAYS AS IDENTITY (sequence name "favourite_sets_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_sets_title_length" CHECK (char_length("favourite_sets"."title") between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "favourites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"product_id" uuid,
	"store_id" uuid,
	"article_id" uuid,
	"recipe_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_one_item" CHECK (("favourites"."type" = 'product' and "favourites"."product_id" is not null and "favourites"."store_id" is null and "favourites"."article_id" is null and "favourites"."recipe_id" is null)
        or ("favourites"."type" = 'store' and "favourites"."store_id" is not null and "favourites"."product_id" is null and "favourites"."article_id" is null and "favourites"."recipe_id" is null)
        or ("favourites"."type" = 'article' and "favourites"."product_id" is null and "favourites"."store_id" is null
          and ("favourites"."article_id" is null) <> ("favourites"."recipe_id" is null)))
);
--> statement-breakpoint
ALTER TABLE "favourite_owners" ADD CONSTRAINT "favourite_owners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_set_items" ADD CONSTRAINT "favourite_set_items_set_id_favourite_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."favourite_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_set_items" ADD CONSTRAINT "favourite_set_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_sets" ADD CONSTRAINT "favourite_sets_user_id_favourite_owners_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."favourite_owners"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_favourite_owners_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."favourite_owners"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favourite_set_items_product_idx" ON "favourite_set_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "favourite_sets_user_idx" ON "favourite_sets" USING btree ("user_id","position");--> statement-breakpoint
CREATE INDEX "favourites_user_type_idx" ON "favourites" USING btree ("user_id","type","id");--> statement-breakpoint
CREATE UNIQUE INDEX "favourites_user_product_idx" ON "favourites" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "favourites_user_store_idx" ON "favourites" USING btree ("user_id","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "favourites_user_article_idx" ON "favourites" USING btree ("user_id","article_id");--> statement-breakpoint
CREATE UNIQUE INDEX "favourites_user_recipe_idx" ON "favourites" USING btree ("user_id","recipe_id");--> statement-breakpoint
CREATE INDEX "favourites_product_idx" ON "favourites" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "favourites_store_idx" ON "favourites" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "favourites_article_idx" ON "favourites" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "favourites_recipe_idx" ON "favourites" USING btree ("recipe_id");