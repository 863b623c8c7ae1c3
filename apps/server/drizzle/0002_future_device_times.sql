-- Controller errors stored with a device time more than 5 minutes after they were received (a clock in the
-- future) are dated at their receive time, as new ones are (ADR 017): they no longer stay on top of the list.
UPDATE "item_errors" SET "error_time" = "created_at"
WHERE "event_id" IS NOT NULL AND "error_time" > "created_at" + interval '5 minutes';--> statement-breakpoint
-- The live position of a device whose last reading carried a future time: the time it was last heard instead.
UPDATE "items" SET "telemetry_at" = coalesce("last_seen_at", now())
WHERE "telemetry_at" > now() + interval '5 minutes';
