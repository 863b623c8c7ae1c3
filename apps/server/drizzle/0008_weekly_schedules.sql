ALTER TABLE "items" ADD COLUMN "schedule" jsonb;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "reported_schedule" jsonb;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "schedule_period" jsonb;