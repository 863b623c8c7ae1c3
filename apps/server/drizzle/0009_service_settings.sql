ALTER TABLE "items" ADD COLUMN "service_settings" jsonb;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "reported_service_settings" jsonb;