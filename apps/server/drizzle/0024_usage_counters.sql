ALTER TABLE "telemetry" ADD COLUMN "outdoor_temp" double precision;--> statement-breakpoint
ALTER TABLE "telemetry" ADD COLUMN "burner_hours" double precision;--> statement-breakpoint
ALTER TABLE "telemetry" ADD COLUMN "ignitions" integer;--> statement-breakpoint
ALTER TABLE "telemetry_1d" ADD COLUMN "samples" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_1d" ADD COLUMN "burner_on_s" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_1d" ADD COLUMN "lit_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_1d" ADD COLUMN "outdoor_temp_sum" double precision;--> statement-breakpoint
ALTER TABLE "telemetry_1d" ADD COLUMN "outdoor_temp_n" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_1d" ADD COLUMN "burner_hours_min" double precision;--> statement-breakpoint
ALTER TABLE "telemetry_1d" ADD COLUMN "burner_hours_max" double precision;--> statement-breakpoint
ALTER TABLE "telemetry_1d" ADD COLUMN "burner_hours_n" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_1d" ADD COLUMN "ignitions_min" integer;--> statement-breakpoint
ALTER TABLE "telemetry_1d" ADD COLUMN "ignitions_max" integer;--> statement-breakpoint
ALTER TABLE "telemetry_1d" ADD COLUMN "ignitions_n" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_1h" ADD COLUMN "burner_on_s" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_1h" ADD COLUMN "lit_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_1h" ADD COLUMN "outdoor_temp_sum" double precision;--> statement-breakpoint
ALTER TABLE "telemetry_1h" ADD COLUMN "outdoor_temp_n" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_1h" ADD COLUMN "burner_hours_min" double precision;--> statement-breakpoint
ALTER TABLE "telemetry_1h" ADD COLUMN "burner_hours_max" double precision;--> statement-breakpoint
ALTER TABLE "telemetry_1h" ADD COLUMN "burner_hours_n" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_1h" ADD COLUMN "ignitions_min" integer;--> statement-breakpoint
ALTER TABLE "telemetry_1h" ADD COLUMN "ignitions_max" integer;--> statement-breakpoint
ALTER TABLE "telemetry_1h" ADD COLUMN "ignitions_n" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_1m" ADD COLUMN "burner_on_s" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_1m" ADD COLUMN "lit_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_1m" ADD COLUMN "outdoor_temp_sum" double precision;--> statement-breakpoint
ALTER TABLE "telemetry_1m" ADD COLUMN "outdoor_temp_n" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_1m" ADD COLUMN "burner_hours_min" double precision;--> statement-breakpoint
ALTER TABLE "telemetry_1m" ADD COLUMN "burner_hours_max" double precision;--> statement-breakpoint
ALTER TABLE "telemetry_1m" ADD COLUMN "burner_hours_n" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "telemetry_1m" ADD COLUMN "ignitions_min" integer;--> statement-breakpoint
ALTER TABLE "telemetry_1m" ADD COLUMN "ignitions_max" integer;--> statement-breakpoint
ALTER TABLE "telemetry_1m" ADD COLUMN "ignitions_n" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Backfill from the readings still kept: the seconds the burner was lit and the ignitions (a reading with the
-- burner lit whose previous reading, at most 120 s before, had it out), a minute at a time, then summed into the
-- hours and Kyiv's days (whole minutes line up with both). The outdoor temperature and the controller's counters
-- are new readings: nothing to backfill.
CREATE TEMP TABLE "usage_backfill" AS
SELECT "item_id", date_trunc('minute', "recorded_at") AS "bucket",
  coalesce(sum(CASE WHEN "burner_on" THEN "interval_s" ELSE 0 END), 0) AS "burner_on_s", sum("lit")::int AS "lit_count"
FROM (
  SELECT "item_id", "recorded_at", "burner_on", "interval_s",
    CASE WHEN "burner_on" IS TRUE AND lag("burner_on") OVER w IS FALSE
      AND "recorded_at" - lag("recorded_at") OVER w <= interval '120 seconds' THEN 1 ELSE 0 END AS "lit"
  FROM "telemetry"
  WINDOW w AS (PARTITION BY "item_id" ORDER BY "recorded_at")
) r
GROUP BY 1, 2;--> statement-breakpoint
UPDATE "telemetry_1m" t SET "burner_on_s" = b."burner_on_s", "lit_count" = b."lit_count"
FROM "usage_backfill" b WHERE t."item_id" = b."item_id" AND t."bucket" = b."bucket";--> statement-breakpoint
UPDATE "telemetry_1h" t SET "burner_on_s" = b."burner_on_s", "lit_count" = b."lit_count"
FROM (SELECT "item_id", date_trunc('hour', "bucket") AS "bucket", sum("burner_on_s") AS "burner_on_s", sum("lit_count")::int AS "lit_count"
  FROM "usage_backfill" GROUP BY 1, 2) b
WHERE t."item_id" = b."item_id" AND t."bucket" = b."bucket";--> statement-breakpoint
UPDATE "telemetry_1d" t SET "burner_on_s" = b."burner_on_s", "lit_count" = b."lit_count"
FROM (SELECT "item_id", date_trunc('day', "bucket" AT TIME ZONE 'Europe/Kyiv') AT TIME ZONE 'Europe/Kyiv' AS "bucket",
    sum("burner_on_s") AS "burner_on_s", sum("lit_count")::int AS "lit_count"
  FROM "usage_backfill" GROUP BY 1, 2) b
WHERE t."item_id" = b."item_id" AND t."bucket" = b."bucket";--> statement-breakpoint
-- The day's readings from the hourly rollup.
UPDATE "telemetry_1d" t SET "samples" = h."samples"
FROM (SELECT "item_id", date_trunc('day', "bucket" AT TIME ZONE 'Europe/Kyiv') AT TIME ZONE 'Europe/Kyiv' AS "bucket", sum("samples")::int AS "samples"
  FROM "telemetry_1h" GROUP BY 1, 2) h
WHERE t."item_id" = h."item_id" AND t."bucket" = h."bucket";--> statement-breakpoint
DROP TABLE "usage_backfill";
