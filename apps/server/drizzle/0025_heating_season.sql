ALTER TABLE "item_fuel" ADD COLUMN "season_start" text DEFAULT '09-01' NOT NULL;--> statement-breakpoint
ALTER TABLE "item_fuel" ADD COLUMN "season_end" text DEFAULT '05-31' NOT NULL;