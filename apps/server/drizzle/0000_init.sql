CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"problem" text NOT NULL,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_errors" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"error_code" text NOT NULL,
	"error_time" timestamp with time zone NOT NULL,
	"mode_status" smallint,
	"heater_temp" double precision,
	"boiler_temp" double precision,
	"gas_temp" double precision,
	"burner_power" double precision,
	"event_id" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"owner" text DEFAULT '' NOT NULL,
	"serial_number" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"image" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"is_on_homepage" boolean DEFAULT false NOT NULL,
	"verification_token" text,
	"verify_failures" integer DEFAULT 0 NOT NULL,
	"verify_locked_until" timestamp with time zone,
	"sync_status" text DEFAULT 'synced' NOT NULL,
	"sync_error" text,
	"burner_mod" boolean DEFAULT true NOT NULL,
	"heater_temp" double precision,
	"heater_temp_set" double precision DEFAULT 60 NOT NULL,
	"heater_hysteresis" double precision DEFAULT 5 NOT NULL,
	"boiler_temp" double precision,
	"boiler_temp_set" double precision DEFAULT 50 NOT NULL,
	"boiler_hysteresis" double precision DEFAULT 5 NOT NULL,
	"gas_temp" double precision,
	"gas_temp_min" double precision DEFAULT 80 NOT NULL,
	"gas_temp_max" double precision DEFAULT 500 NOT NULL,
	"burner_power" double precision,
	"burner_power_set" double precision DEFAULT 100 NOT NULL,
	"flame_brightness" double precision,
	"pump_mode" smallint DEFAULT 1 NOT NULL,
	"work_mode" smallint,
	"burner_on" boolean,
	"device_secret_hash" text,
	"power_set" text DEFAULT 'on' NOT NULL,
	"telemetry_boot_id" text,
	"telemetry_seq" integer,
	"settings_version" integer DEFAULT 0 NOT NULL,
	"applied_version" integer DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone,
	"telemetry_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "items_status_check" CHECK ("items"."status" in ('on', 'off', 'archive', 'pending', 'connecting')),
	CONSTRAINT "items_sync_status_check" CHECK ("items"."sync_status" in ('synced', 'pending', 'refused')),
	CONSTRAINT "items_pump_mode_check" CHECK ("items"."pump_mode" between 1 and 4),
	CONSTRAINT "items_power_set_check" CHECK ("items"."power_set" in ('on', 'off'))
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#17a2b8' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telemetry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"heater_temp" double precision,
	"boiler_temp" double precision,
	"gas_temp" double precision,
	"burner_power" double precision,
	"flame_brightness" double precision,
	"work_mode" smallint,
	"pump_mode" smallint,
	"burner_on" boolean
);
--> statement-breakpoint
CREATE TABLE "tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tokens_kind_check" CHECK ("tokens"."kind" in ('access', 'password_reset'))
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"profile_image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "help_requests" ADD CONSTRAINT "help_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_errors" ADD CONSTRAINT "item_errors_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry" ADD CONSTRAINT "telemetry_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_errors_item_time_idx" ON "item_errors" USING btree ("item_id","error_time");--> statement-breakpoint
CREATE UNIQUE INDEX "item_errors_item_event_unique" ON "item_errors" USING btree ("item_id","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "items_serial_number_unique" ON "items" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "items_user_idx" ON "items" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "items_category_idx" ON "items" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_unique" ON "roles" USING btree ("name");--> statement-breakpoint
CREATE INDEX "telemetry_item_time_idx" ON "telemetry" USING btree ("item_id","recorded_at");--> statement-breakpoint
CREATE INDEX "telemetry_time_idx" ON "telemetry" USING btree ("recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tokens_hash_unique" ON "tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "tokens_user_idx" ON "tokens" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");