CREATE TABLE "telemetry_1d" (
	"item_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"energy_kwh" double precision DEFAULT 0 NOT NULL,
	"covered_s" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "telemetry_1d_item_id_bucket_pk" PRIMARY KEY("item_id","bucket")
);
--> statement-breakpoint
ALTER TABLE "telemetry_1d" ADD CONSTRAINT "telemetry_1d_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The days already in the hourly rollup (whole hours line up with Kyiv's days, so the sums are exact).
INSERT INTO "telemetry_1d" ("item_id", "bucket", "energy_kwh", "covered_s")
SELECT "item_id", date_trunc('day', "bucket" AT TIME ZONE 'Europe/Kyiv') AT TIME ZONE 'Europe/Kyiv', sum("energy_kwh"), sum("covered_s")
FROM "telemetry_1h"
GROUP BY 1, 2;
