CREATE TABLE "maintenance_tasks" (
	"item_id" integer NOT NULL,
	"task" text NOT NULL,
	"interval_value" integer,
	"last_done_at" timestamp with time zone,
	"last_note" text,
	"due_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_tasks_item_id_task_pk" PRIMARY KEY("item_id","task"),
	CONSTRAINT "maintenance_tasks_task_check" CHECK ("maintenance_tasks"."task" in ('ash_box', 'heat_exchanger', 'annual_service', 'chimney_sweep')),
	CONSTRAINT "maintenance_tasks_interval_check" CHECK ("maintenance_tasks"."interval_value" is null or "maintenance_tasks"."interval_value" > 0)
);
--> statement-breakpoint
ALTER TABLE "alarms" DROP CONSTRAINT "alarms_kind_check";--> statement-breakpoint
ALTER TABLE "maintenance_tasks" ADD CONSTRAINT "maintenance_tasks_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_tasks_due_idx" ON "maintenance_tasks" USING btree ("item_id","due_at");--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_kind_check" CHECK ("alarms"."kind" in ('device_error', 'offline', 'overheat', 'frost', 'fire_out', 'fuel_low', 'fuel_reorder', 'maintenance_due', 'identity_conflict'));