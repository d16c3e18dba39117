CREATE TABLE "order_substitutions" (
	"order_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"state" text NOT NULL,
	"decided_by" text,
	"replacement_id" uuid,
	"name" text,
	"slug" text,
	"image" text,
	"weight_grams" integer,
	"price_kopecks" integer,
	"discount_percent" integer,
	"quantity" integer,
	"vat_code" smallint,
	"sold_by" text,
	"step_grams" integer,
	"piece_grams" integer,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "order_substitutions_order_id_product_id_pk" PRIMARY KEY("order_id","product_id"),
	CONSTRAINT "order_substitutions_replacement" CHECK ("order_substitutions"."state" = 'missing' or ("order_substitutions"."replacement_id" is not null and "order_substitutions"."quantity" > 0 and "order_substitutions"."price_kopecks" >= 0))
);
--> statement-breakpoint
ALTER TABLE "basket_items" ADD COLUMN "on_missing" text;--> statement-breakpoint
ALTER TABLE "basket_items" ADD COLUMN "replacement_id" uuid;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "replacement_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "detail" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "on_missing" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "chosen_replacement_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "on_missing" text DEFAULT 'call' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_substitutions" ADD CONSTRAINT "order_substitutions_replacement_id_products_id_fk" FOREIGN KEY ("replacement_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_substitutions" ADD CONSTRAINT "order_substitutions_order_id_product_id_order_items_order_id_product_id_fk" FOREIGN KEY ("order_id","product_id") REFERENCES "public"."order_items"("order_id","product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_substitutions_offered_idx" ON "order_substitutions" USING btree ("expires_at") WHERE "order_substitutions"."state" = 'offered';--> statement-breakpoint
ALTER TABLE "basket_items" ADD CONSTRAINT "basket_items_replacement_id_products_id_fk" FOREIGN KEY ("replacement_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_chosen_replacement_id_products_id_fk" FOREIGN KEY ("chosen_replacement_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;