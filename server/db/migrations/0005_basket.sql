CREATE TABLE "basket_items" (
	"user_id" uuid NOT NULL,
	"point_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"position" bigint GENERATED ALWAYS AS IDENTITY (sequence name "basket_items_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "basket_items_user_id_point_id_product_id_pk" PRIMARY KEY("user_id","point_id","product_id"),
	CONSTRAINT "basket_items_quantity_range" CHECK ("basket_items"."quantity" between 1 and 999)
);
--> statement-breakpoint
CREATE TABLE "baskets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "basket_items" ADD CONSTRAINT "basket_items_user_id_baskets_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."baskets"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_items" ADD CONSTRAINT "basket_items_point_id_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_items" ADD CONSTRAINT "basket_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baskets" ADD CONSTRAINT "baskets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "basket_items_product_idx" ON "basket_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "basket_items_point_idx" ON "basket_items" USING btree ("point_id");