ALTER TABLE "item_errors" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "active_errors" text[];