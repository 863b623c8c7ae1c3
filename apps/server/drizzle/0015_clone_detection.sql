ALTER TABLE "alarms" DROP CONSTRAINT "alarms_kind_check";--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "identity_boot_ids" jsonb;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "identity_takeovers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "identity_takeover_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_kind_check" CHECK ("alarms"."kind" in ('device_error', 'offline', 'overheat', 'frost', 'fire_out', 'fuel_low', 'identity_conflict'));