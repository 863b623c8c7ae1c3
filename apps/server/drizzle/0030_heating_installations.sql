CREATE TABLE "item_installations" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"message" jsonb NOT NULL,
	"announced_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_installations" ADD CONSTRAINT "item_installations_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;