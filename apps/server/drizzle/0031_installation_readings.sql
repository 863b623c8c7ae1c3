ALTER TABLE "item_installations" ADD COLUMN "readings" jsonb;--> statement-breakpoint
ALTER TABLE "item_installations" ADD COLUMN "readings_at" timestamp with time zone;