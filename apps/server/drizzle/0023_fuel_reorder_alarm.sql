ALTER TABLE "alarms" DROP CONSTRAINT "alarms_kind_check";--> statement-breakpoint
ALTER TABLE "item_alarm_settings" ADD COLUMN "reorder_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_kind_check" CHECK ("alarms"."kind" in ('device_error', 'offline', 'overheat', 'frost', 'fire_out', 'fuel_low', 'fuel_reorder', 'identity_conflict'));