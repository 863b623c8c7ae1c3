ALTER TABLE "items" ADD COLUMN "reported_settings" jsonb;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "drop_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "last_drop_reason" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "last_drop_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "clock_corrected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "paired_code_hash" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "paired_at" timestamp with time zone;