ALTER TABLE "basket_items" DROP CONSTRAINT "basket_items_quantity_range";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sold_by" text DEFAULT 'piece' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "step_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "min_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "piece_grams" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sold_by" text DEFAULT 'piece' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "step_grams" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "piece_grams" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "actual_grams" integer;--> statement-breakpoint
ALTER TABLE "basket_items" ADD CONSTRAINT "basket_items_quantity_range" CHECK ("basket_items"."quantity" between 1 and 20000);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight_terms" CHECK ("products"."sold_by" = 'piece' or ("products"."step_grams" > 0 and "products"."min_grams" >= "products"."step_grams" and ("products"."piece_grams" is null or "products"."piece_grams" > 0)));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_actual_grams_positive" CHECK ("order_items"."actual_grams" is null or "order_items"."actual_grams" > 0);