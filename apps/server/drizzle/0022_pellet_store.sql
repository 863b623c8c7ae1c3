CREATE TABLE "pellet_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"delivered_at" date NOT NULL,
	"kg" double precision NOT NULL,
	"price_total" double precision,
	"supplier" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pellet_deliveries_kg_check" CHECK ("pellet_deliveries"."kg" > 0),
	CONSTRAINT "pellet_deliveries_price_check" CHECK ("pellet_deliveries"."price_total" is null or "pellet_deliveries"."price_total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pellet_stores" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"capacity_kg" double precision,
	"reorder_lead_days" integer DEFAULT 7 NOT NULL,
	"min_stock_kg" double precision DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pellet_deliveries" ADD CONSTRAINT "pellet_deliveries_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pellet_stores" ADD CONSTRAINT "pellet_stores_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pellet_deliveries_item_day_idx" ON "pellet_deliveries" USING btree ("item_id","delivered_at");