CREATE TABLE "hopper_refills" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"refilled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kg" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"settings" jsonb,
	CONSTRAINT "item_changes_kind_check" CHECK ("item_changes"."kind" in ('on', 'off', 'settings'))
);
--> statement-breakpoint
CREATE TABLE "item_fuel" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"calorific_value" double precision DEFAULT 4.8 NOT NULL,
	"boiler_efficiency" double precision DEFAULT 0.9 NOT NULL,
	"pellet_price_per_tonne" double precision,
	"hopper_capacity_kg" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telemetry_1h" (
	"item_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"samples" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"heater_temp_min" double precision,
	"heater_temp_max" double precision,
	"heater_temp_sum" double precision,
	"heater_temp_n" integer DEFAULT 0 NOT NULL,
	"heater_temp_set_min" double precision,
	"heater_temp_set_max" double precision,
	"heater_temp_set_sum" double precision,
	"heater_temp_set_n" integer DEFAULT 0 NOT NULL,
	"boiler_temp_min" double precision,
	"boiler_temp_max" double precision,
	"boiler_temp_sum" double precision,
	"boiler_temp_n" integer DEFAULT 0 NOT NULL,
	"boiler_temp_set_min" double precision,
	"boiler_temp_set_max" double precision,
	"boiler_temp_set_sum" double precision,
	"boiler_temp_set_n" integer DEFAULT 0 NOT NULL,
	"gas_temp_min" double precision,
	"gas_temp_max" double precision,
	"gas_temp_sum" double precision,
	"gas_temp_n" integer DEFAULT 0 NOT NULL,
	"burner_power_min" double precision,
	"burner_power_max" double precision,
	"burner_power_sum" double precision,
	"burner_power_n" integer DEFAULT 0 NOT NULL,
	"flame_brightness_min" double precision,
	"flame_brightness_max" double precision,
	"flame_brightness_sum" double precision,
	"flame_brightness_n" integer DEFAULT 0 NOT NULL,
	"work_mode" smallint,
	"is_on" boolean,
	"energy_kwh" double precision DEFAULT 0 NOT NULL,
	"covered_s" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "telemetry_1h_item_id_bucket_pk" PRIMARY KEY("item_id","bucket")
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
CREATE TABLE "telemetry_1h_default" PARTITION OF "telemetry_1h" DEFAULT;
--> statement-breakpoint
CREATE TABLE "telemetry_1m" (
	"item_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"samples" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"heater_temp_min" double precision,
	"heater_temp_max" double precision,
	"heater_temp_sum" double precision,
	"heater_temp_n" integer DEFAULT 0 NOT NULL,
	"heater_temp_set_min" double precision,
	"heater_temp_set_max" double precision,
	"heater_temp_set_sum" double precision,
	"heater_temp_set_n" integer DEFAULT 0 NOT NULL,
	"boiler_temp_min" double precision,
	"boiler_temp_max" double precision,
	"boiler_temp_sum" double precision,
	"boiler_temp_n" integer DEFAULT 0 NOT NULL,
	"boiler_temp_set_min" double precision,
	"boiler_temp_set_max" double precision,
	"boiler_temp_set_sum" double precision,
	"boiler_temp_set_n" integer DEFAULT 0 NOT NULL,
	"gas_temp_min" double precision,
	"gas_temp_max" double precision,
	"gas_temp_sum" double precision,
	"gas_temp_n" integer DEFAULT 0 NOT NULL,
	"burner_power_min" double precision,
	"burner_power_max" double precision,
	"burner_power_sum" double precision,
	"burner_power_n" integer DEFAULT 0 NOT NULL,
	"flame_brightness_min" double precision,
	"flame_brightness_max" double precision,
	"flame_brightness_sum" double precision,
	"flame_brightness_n" integer DEFAULT 0 NOT NULL,
	"work_mode" smallint,
	"is_on" boolean,
	"energy_kwh" double precision DEFAULT 0 NOT NULL,
	"covered_s" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "telemetry_1m_item_id_bucket_pk" PRIMARY KEY("item_id","bucket")
) PARTITION BY RANGE ("bucket");
--> statement-breakpoint
CREATE TABLE "telemetry_1m_default" PARTITION OF "telemetry_1m" DEFAULT;
--> statement-breakpoint
-- Readings move to a table partitioned by day (modules/history/partitions.ts creates the days and moves rows
-- out of the default partition); the old table's rows are copied with the interval each reading stands for
-- (0 after a gap of more than 120 s, as the ingest computes it) and rolled up below.
ALTER TABLE "telemetry" RENAME TO "telemetry_unpartitioned";--> statement-breakpoint
CREATE TABLE "telemetry" (
	"item_id" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"heater_temp" double precision,
	"heater_temp_set" double precision,
	"boiler_temp" double precision,
	"boiler_temp_set" double precision,
	"gas_temp" double precision,
	"burner_power" double precision,
	"flame_brightness" double precision,
	"work_mode" smallint,
	"pump_mode" smallint,
	"burner_on" boolean,
	"is_on" boolean,
	"interval_s" real DEFAULT 0 NOT NULL,
	CONSTRAINT "telemetry_item_id_recorded_at_pk" PRIMARY KEY("item_id","recorded_at")
) PARTITION BY RANGE ("recorded_at");
--> statement-breakpoint
CREATE TABLE "telemetry_default" PARTITION OF "telemetry" DEFAULT;--> statement-breakpoint
ALTER TABLE "telemetry" ADD CONSTRAINT "telemetry_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "telemetry" ("item_id", "recorded_at", "heater_temp", "heater_temp_set", "boiler_temp", "boiler_temp_set", "gas_temp", "burner_power", "flame_brightness", "work_mode", "pump_mode", "burner_on", "is_on", "interval_s")
SELECT o."item_id", o."recorded_at", o."heater_temp", i."heater_temp_set", o."boiler_temp", i."boiler_temp_set", o."gas_temp", o."burner_power", o."flame_brightness", o."work_mode", o."pump_mode", o."burner_on", i."power_set" = 'on',
	coalesce(case when extract(epoch from o."recorded_at" - lag(o."recorded_at") over w) <= 120 then extract(epoch from o."recorded_at" - lag(o."recorded_at") over w) end, 0)
FROM "telemetry_unpartitioned" o JOIN "items" i ON i."id" = o."item_id"
WINDOW w AS (PARTITION BY o."item_id" ORDER BY o."recorded_at")
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "telemetry_unpartitioned";--> statement-breakpoint
ALTER TABLE "hopper_refills" ADD CONSTRAINT "hopper_refills_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_changes" ADD CONSTRAINT "item_changes_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_fuel" ADD CONSTRAINT "item_fuel_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_1h" ADD CONSTRAINT "telemetry_1h_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_1m" ADD CONSTRAINT "telemetry_1m_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hopper_refills_item_time_idx" ON "hopper_refills" USING btree ("item_id","refilled_at");--> statement-breakpoint
CREATE INDEX "item_changes_item_time_idx" ON "item_changes" USING btree ("item_id","changed_at");
--> statement-breakpoint
-- The rollups of the copied readings.
insert into telemetry_1m as t (item_id, bucket, samples, first_at, last_at, heater_temp_min, heater_temp_max, heater_temp_sum, heater_temp_n, heater_temp_set_min, heater_temp_set_max, heater_temp_set_sum, heater_temp_set_n, boiler_temp_min, boiler_temp_max, boiler_temp_sum, boiler_temp_n, boiler_temp_set_min, boiler_temp_set_max, boiler_temp_set_sum, boiler_temp_set_n, gas_temp_min, gas_temp_max, gas_temp_sum, gas_temp_n, burner_power_min, burner_power_max, burner_power_sum, burner_power_n, flame_brightness_min, flame_brightness_max, flame_brightness_sum, flame_brightness_n,
      work_mode, is_on, energy_kwh, covered_s)
    select item_id, date_trunc('minute', recorded_at), count(*)::int, min(recorded_at), max(recorded_at),
      min(heater_temp), max(heater_temp), sum(heater_temp), count(heater_temp)::int, min(heater_temp_set), max(heater_temp_set), sum(heater_temp_set), count(heater_temp_set)::int, min(boiler_temp), max(boiler_temp), sum(boiler_temp), count(boiler_temp)::int, min(boiler_temp_set), max(boiler_temp_set), sum(boiler_temp_set), count(boiler_temp_set)::int, min(gas_temp), max(gas_temp), sum(gas_temp), count(gas_temp)::int, min(burner_power), max(burner_power), sum(burner_power), count(burner_power)::int, min(flame_brightness), max(flame_brightness), sum(flame_brightness), count(flame_brightness)::int,
      (array_agg(work_mode order by recorded_at desc))[1], (array_agg(is_on order by recorded_at desc))[1],
      coalesce(sum(burner_power * interval_s), 0) / 3600.0, coalesce(sum(interval_s), 0)
    from telemetry
    group by 1, 2
    on conflict (item_id, bucket) do update set
      samples = t.samples + excluded.samples,
      first_at = least(t.first_at, excluded.first_at),
      last_at = greatest(t.last_at, excluded.last_at),
      heater_temp_min = least(t.heater_temp_min, excluded.heater_temp_min),
      heater_temp_max = greatest(t.heater_temp_max, excluded.heater_temp_max),
      heater_temp_sum = case when t.heater_temp_n + excluded.heater_temp_n = 0 then null
     else coalesce(t.heater_temp_sum, 0) + coalesce(excluded.heater_temp_sum, 0) end,
      heater_temp_n = t.heater_temp_n + excluded.heater_temp_n,
      heater_temp_set_min = least(t.heater_temp_set_min, excluded.heater_temp_set_min),
      heater_temp_set_max = greatest(t.heater_temp_set_max, excluded.heater_temp_set_max),
      heater_temp_set_sum = case when t.heater_temp_set_n + excluded.heater_temp_set_n = 0 then null
     else coalesce(t.heater_temp_set_sum, 0) + coalesce(excluded.heater_temp_set_sum, 0) end,
      heater_temp_set_n = t.heater_temp_set_n + excluded.heater_temp_set_n,
      boiler_temp_min = least(t.boiler_temp_min, excluded.boiler_temp_min),
      boiler_temp_max = greatest(t.boiler_temp_max, excluded.boiler_temp_max),
      boiler_temp_sum = case when t.boiler_temp_n + excluded.boiler_temp_n = 0 then null
     else coalesce(t.boiler_temp_sum, 0) + coalesce(excluded.boiler_temp_sum, 0) end,
      boiler_temp_n = t.boiler_temp_n + excluded.boiler_temp_n,
      boiler_temp_set_min = least(t.boiler_temp_set_min, excluded.boiler_temp_set_min),
      boiler_temp_set_max = greatest(t.boiler_temp_set_max, excluded.boiler_temp_set_max),
      boiler_temp_set_sum = case when t.boiler_temp_set_n + excluded.boiler_temp_set_n = 0 then null
     else coalesce(t.boiler_temp_set_sum, 0) + coalesce(excluded.boiler_temp_set_sum, 0) end,
      boiler_temp_set_n = t.boiler_temp_set_n + excluded.boiler_temp_set_n,
      gas_temp_min = least(t.gas_temp_min, excluded.gas_temp_min),
      gas_temp_max = greatest(t.gas_temp_max, excluded.gas_temp_max),
      gas_temp_sum = case when t.gas_temp_n + excluded.gas_temp_n = 0 then null
     else coalesce(t.gas_temp_sum, 0) + coalesce(excluded.gas_temp_sum, 0) end,
      gas_temp_n = t.gas_temp_n + excluded.gas_temp_n,
      burner_power_min = least(t.burner_power_min, excluded.burner_power_min),
      burner_power_max = greatest(t.burner_power_max, excluded.burner_power_max),
      burner_power_sum = case when t.burner_power_n + excluded.burner_power_n = 0 then null
     else coalesce(t.burner_power_sum, 0) + coalesce(excluded.burner_power_sum, 0) end,
      burner_power_n = t.burner_power_n + excluded.burner_power_n,
      flame_brightness_min = least(t.flame_brightness_min, excluded.flame_brightness_min),
      flame_brightness_max = greatest(t.flame_brightness_max, excluded.flame_brightness_max),
      flame_brightness_sum = case when t.flame_brightness_n + excluded.flame_brightness_n = 0 then null
     else coalesce(t.flame_brightness_sum, 0) + coalesce(excluded.flame_brightness_sum, 0) end,
      flame_brightness_n = t.flame_brightness_n + excluded.flame_brightness_n,
      work_mode = case when excluded.last_at >= t.last_at then excluded.work_mode else t.work_mode end,
      is_on = case when excluded.last_at >= t.last_at then excluded.is_on else t.is_on end,
      energy_kwh = t.energy_kwh + excluded.energy_kwh,
      covered_s = t.covered_s + excluded.covered_s;--> statement-breakpoint
insert into telemetry_1h as t (item_id, bucket, samples, first_at, last_at, heater_temp_min, heater_temp_max, heater_temp_sum, heater_temp_n, heater_temp_set_min, heater_temp_set_max, heater_temp_set_sum, heater_temp_set_n, boiler_temp_min, boiler_temp_max, boiler_temp_sum, boiler_temp_n, boiler_temp_set_min, boiler_temp_set_max, boiler_temp_set_sum, boiler_temp_set_n, gas_temp_min, gas_temp_max, gas_temp_sum, gas_temp_n, burner_power_min, burner_power_max, burner_power_sum, burner_power_n, flame_brightness_min, flame_brightness_max, flame_brightness_sum, flame_brightness_n,
      work_mode, is_on, energy_kwh, covered_s)
    select item_id, date_trunc('hour', recorded_at), count(*)::int, min(recorded_at), max(recorded_at),
      min(heater_temp), max(heater_temp), sum(heater_temp), count(heater_temp)::int, min(heater_temp_set), max(heater_temp_set), sum(heater_temp_set), count(heater_temp_set)::int, min(boiler_temp), max(boiler_temp), sum(boiler_temp), count(boiler_temp)::int, min(boiler_temp_set), max(boiler_temp_set), sum(boiler_temp_set), count(boiler_temp_set)::int, min(gas_temp), max(gas_temp), sum(gas_temp), count(gas_temp)::int, min(burner_power), max(burner_power), sum(burner_power), count(burner_power)::int, min(flame_brightness), max(flame_brightness), sum(flame_brightness), count(flame_brightness)::int,
      (array_agg(work_mode order by recorded_at desc))[1], (array_agg(is_on order by recorded_at desc))[1],
      coalesce(sum(burner_power * interval_s), 0) / 3600.0, coalesce(sum(interval_s), 0)
    from telemetry
    group by 1, 2
    on conflict (item_id, bucket) do update set
      samples = t.samples + excluded.samples,
      first_at = least(t.first_at, excluded.first_at),
      last_at = greatest(t.last_at, excluded.last_at),
      heater_temp_min = least(t.heater_temp_min, excluded.heater_temp_min),
      heater_temp_max = greatest(t.heater_temp_max, excluded.heater_temp_max),
      heater_temp_sum = case when t.heater_temp_n + excluded.heater_temp_n = 0 then null
     else coalesce(t.heater_temp_sum, 0) + coalesce(excluded.heater_temp_sum, 0) end,
      heater_temp_n = t.heater_temp_n + excluded.heater_temp_n,
      heater_temp_set_min = least(t.heater_temp_set_min, excluded.heater_temp_set_min),
      heater_temp_set_max = greatest(t.heater_temp_set_max, excluded.heater_temp_set_max),
      heater_temp_set_sum = case when t.heater_temp_set_n + excluded.heater_temp_set_n = 0 then null
     else coalesce(t.heater_temp_set_sum, 0) + coalesce(excluded.heater_temp_set_sum, 0) end,
      heater_temp_set_n = t.heater_temp_set_n + excluded.heater_temp_set_n,
      boiler_temp_min = least(t.boiler_temp_min, excluded.boiler_temp_min),
      boiler_temp_max = greatest(t.boiler_temp_max, excluded.boiler_temp_max),
      boiler_temp_sum = case when t.boiler_temp_n + excluded.boiler_temp_n = 0 then null
     else coalesce(t.boiler_temp_sum, 0) + coalesce(excluded.boiler_temp_sum, 0) end,
      boiler_temp_n = t.boiler_temp_n + excluded.boiler_temp_n,
      boiler_temp_set_min = least(t.boiler_temp_set_min, excluded.boiler_temp_set_min),
      boiler_temp_set_max = greatest(t.boiler_temp_set_max, excluded.boiler_temp_set_max),
      boiler_temp_set_sum = case when t.boiler_temp_set_n + excluded.boiler_temp_set_n = 0 then null
     else coalesce(t.boiler_temp_set_sum, 0) + coalesce(excluded.boiler_temp_set_sum, 0) end,
      boiler_temp_set_n = t.boiler_temp_set_n + excluded.boiler_temp_set_n,
      gas_temp_min = least(t.gas_temp_min, excluded.gas_temp_min),
      gas_temp_max = greatest(t.gas_temp_max, excluded.gas_temp_max),
      gas_temp_sum = case when t.gas_temp_n + excluded.gas_temp_n = 0 then null
     else coalesce(t.gas_temp_sum, 0) + coalesce(excluded.gas_temp_sum, 0) end,
      gas_temp_n = t.gas_temp_n + excluded.gas_temp_n,
      burner_power_min = least(t.burner_power_min, excluded.burner_power_min),
      burner_power_max = greatest(t.burner_power_max, excluded.burner_power_max),
      burner_power_sum = case when t.burner_power_n + excluded.burner_power_n = 0 then null
     else coalesce(t.burner_power_sum, 0) + coalesce(excluded.burner_power_sum, 0) end,
      burner_power_n = t.burner_power_n + excluded.burner_power_n,
      flame_brightness_min = least(t.flame_brightness_min, excluded.flame_brightness_min),
      flame_brightness_max = greatest(t.flame_brightness_max, excluded.flame_brightness_max),
      flame_brightness_sum = case when t.flame_brightness_n + excluded.flame_brightness_n = 0 then null
     else coalesce(t.flame_brightness_sum, 0) + coalesce(excluded.flame_brightness_sum, 0) end,
      flame_brightness_n = t.flame_brightness_n + excluded.flame_brightness_n,
      work_mode = case when excluded.last_at >= t.last_at then excluded.work_mode else t.work_mode end,
      is_on = case when excluded.last_at >= t.last_at then excluded.is_on else t.is_on end,
      energy_kwh = t.energy_kwh + excluded.energy_kwh,
      covered_s = t.covered_s + excluded.covered_s;
