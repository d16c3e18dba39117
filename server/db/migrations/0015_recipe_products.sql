CREATE TABLE "recipe_ingredient_products" (
	"recipe_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"rank" integer NOT NULL,
	"packs" numeric(6, 3) NOT NULL,
	CONSTRAINT "recipe_ingredient_products_recipe_id_position_rank_pk" PRIMARY KEY("recipe_id","position","rank"),
	CONSTRAINT "recipe_ingredient_products_packs_positive" CHECK ("recipe_ingredient_products"."packs" > 0)
);
--> statement-breakpoint
ALTER TABLE "recipe_ingredients" DROP CONSTRAINT "recipe_ingredients_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "recipe_ingredient_products" ADD CONSTRAINT "recipe_ingredient_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_ingredient_products" ADD CONSTRAINT "recipe_ingredient_products_recipe_id_position_recipe_ingredients_recipe_id_position_fk" FOREIGN KEY ("recipe_id","position") REFERENCES "public"."recipe_ingredients"("recipe_id","position") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recipe_ingredient_products_product_idx" ON "recipe_ingredient_products" USING btree ("product_id");--> statement-breakpoint
-- Each existing link becomes its ingredient's only candidate, one pack for the recipe's servings.
INSERT INTO "recipe_ingredient_products" ("recipe_id", "position", "product_id", "rank", "packs")
SELECT "recipe_id", "position", "product_id", 0, 1 FROM "recipe_ingredients" WHERE "product_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" DROP COLUMN "product_id";