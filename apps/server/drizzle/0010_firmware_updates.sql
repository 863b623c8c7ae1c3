CREATE TABLE "firmware_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"version" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmware_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"image_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmware_rollout_devices" (
	"rollout_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"stage" smallint DEFAULT 1 NOT NULL,
	"state" text DEFAULT 'sent' NOT NULL,
	"progress" smallint,
	"reason" text,
	"from_version" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firmware_rollout_devices_rollout_id_item_id_pk" PRIMARY KEY("rollout_id","item_id"),
	CONSTRAINT "firmware_rollout_devices_state_check" CHECK ("firmware_rollout_devices"."state" in ('waiting', 'sent', 'downloading', 'installing', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "firmware_rollouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"image_id" integer,
	"category_id" integer NOT NULL,
	"version" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"stage_percent" smallint,
	"stage" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "firmware_rollouts_status_check" CHECK ("firmware_rollouts"."status" in ('running', 'completed', 'halted'))
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "firmware_version" text;--> statement-breakpoint
ALTER TABLE "firmware_images" ADD CONSTRAINT "firmware_images_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_images" ADD CONSTRAINT "firmware_images_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_links" ADD CONSTRAINT "firmware_links_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_links" ADD CONSTRAINT "firmware_links_image_id_firmware_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."firmware_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_rollout_devices" ADD CONSTRAINT "firmware_rollout_devices_rollout_id_firmware_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."firmware_rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_rollout_devices" ADD CONSTRAINT "firmware_rollout_devices_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_rollouts" ADD CONSTRAINT "firmware_rollouts_image_id_firmware_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."firmware_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_rollouts" ADD CONSTRAINT "firmware_rollouts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_rollouts" ADD CONSTRAINT "firmware_rollouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_images_category_version_unique" ON "firmware_images" USING btree ("category_id","version");--> statement-breakpoint
CREATE INDEX "firmware_links_expires_idx" ON "firmware_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "firmware_rollout_devices_item_idx" ON "firmware_rollout_devices" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "firmware_rollouts_image_idx" ON "firmware_rollouts" USING btree ("image_id");